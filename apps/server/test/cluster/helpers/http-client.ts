import { Agent, request, type IncomingHttpHeaders } from 'node:http';

/** One answer, with when its request started and ended (ms since the epoch). */
export interface Reply {
  /** 0 when no HTTP answer came at all (connection refused or reset). */
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The X-Request-Id sent, which the instance that served it logs as reqId. */
  id: string;
  method: string;
  path: string;
  startedAt: number;
  endedAt: number;
}

export interface SendOptions {
  token?: string | undefined;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Send = (method: string, path: string, options?: SendOptions) => Promise<Reply>;

/**
 * A client of one address (nginx or one instance) that names every request `<prefix>-<n>`, so
 * the instance logs show which of them served it. `localAddress` makes the requests come from
 * another loopback address (127.0.0.2 ...), as a different client would.
 */
export function httpClient(
  baseUrl: string,
  options: { prefix: string; localAddress?: string },
): Send {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let count = 0;
  return (method, path, { token, body, headers = {} } = {}) => {
    count += 1;
    const id = `${options.prefix}-${count}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const startedAt = Date.now();
    return new Promise<Reply>((resolve) => {
      const answer = (status: number, answerHeaders: IncomingHttpHeaders, text: string) =>
        resolve({
          status,
          headers: answerHeaders,
          body: text,
          id,
          method,
          path,
          startedAt,
          endedAt: Date.now(),
        });
      const req = request(
        new URL(path, baseUrl),
        {
          method,
          agent,
          ...(options.localAddress ? { localAddress: options.localAddress } : {}),
          headers: {
            'x-request-id': id,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
            ...headers,
          },
          timeout: 60_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            answer(res.statusCode ?? 0, res.headers, Buffer.concat(chunks).toString()),
          );
          res.on('error', () => answer(0, {}, ''));
        },
      );
      req.on('error', () => answer(0, {}, ''));
      req.on('timeout', () => req.destroy());
      req.end(payload);
    });
  };
}

/** The JSON body of a reply; fails the test with the status and body when it is not JSON. */
export function json<T>(reply: Reply): T {
  try {
    return JSON.parse(reply.body) as T;
  } catch {
    throw new Error(`${reply.method} ${reply.path}: ${reply.status} ${reply.body.slice(0, 200)}`);
  }
}
