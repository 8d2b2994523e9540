import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A minimal S3-compatible server for tests: PutObject, GetObject, HeadObject, DeleteObject and
 * ListObjectsV2 over path-style addresses (`/<bucket>/<key>`), objects kept in memory. It does not verify
 * signatures, but refuses a request that is not signed with AWS Signature V4 by the expected
 * access key, as a real store would.
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request as `METHOD /path`, for tests that check what reached the store. */
  requests: string[];
  /** While true every request answers 503, as a store that is down. */
  down: boolean;
  stop(): Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

function error(res: ServerResponse, status: number, code: string, head = false) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(head ? undefined : xml(`<Error><Code>${code}</Code><Message>${code}</Message></Error>`));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3StandIn(): Promise<S3StandIn> {
  const bucket = 'proshop-test';
  const accessKeyId = 'TESTACCESSKEY';
  const state = {
    objects: new Map<string, { body: Buffer; contentType: string }>(),
    requests: [] as string[],
    down: false,
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => error(res, 500, 'InternalError'));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    state.requests.push(`${req.method} ${url.pathname}`);
    const isHead = req.method === 'HEAD';
    if (state.down) return error(res, 503, 'ServiceUnavailable', isHead);
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
      return error(res, 403, 'AccessDenied', isHead);
    }
    const [, bucketName, ...keyParts] = url.pathname.split('/');
    if (bucketName !== bucket) return error(res, 404, 'NoSuchBucket', isHead);
    const key = decodeURIComponent(keyParts.join('/'));

    if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
      const contents = [...state.objects.entries()]
        .map(
          ([name, object]) =>
            `<Contents><Key>${name}</Key><Size>${object.body.length}</Size></Contents>`,
        )
        .join('');
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(
        xml(
          `<ListBucketResult><Name>${bucket}</Name><KeyCount>${state.objects.size}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        ),
      );
    }
    if (req.method === 'PUT' && key) {
      if (String(req.headers['content-encoding'] ?? '').includes('aws-chunked')) {
        return error(res, 501, 'NotImplemented');
      }
      const body = await readBody(req);
      const contentType = req.headers['content-type'] ?? 'application/octet-stream';
      state.objects.set(key, { body, contentType });
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      res.writeHead(200, { etag });
      return res.end();
    }
    if ((req.method === 'GET' || isHead) && key) {
      const object = state.objects.get(key);
      if (!object) return error(res, 404, 'NoSuchKey', isHead);
      res.writeHead(200, {
        'content-type': object.contentType,
        'content-length': object.body.length,
        etag: `"${createHash('md5').update(object.body).digest('hex')}"`,
      });
      return res.end(isHead ? undefined : object.body);
    }
    if (req.method === 'DELETE' && key) {
      // As S3 does: a key that is not there is deleted all the same.
      state.objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    return error(res, 405, 'MethodNotAllowed', isHead);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey: 'test-secret-access-key',
    get objects() {
      return state.objects;
    },
    get requests() {
      return state.requests;
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The environment that points the shop at the stand-in. */
export function s3Env(s3: S3StandIn, extra: Record<string, string> = {}): Record<string, string> {
  return {
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
    ...extra,
  };
}
