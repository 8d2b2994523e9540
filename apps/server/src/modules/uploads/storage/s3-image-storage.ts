import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { IMAGE_NAME, type ImageStorage, type StoredImage } from './image-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For stores other than AWS (MinIO, Ceph, R2, ...); absent means AWS S3. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Where browsers can load objects directly; absent means through /uploads/ of the shop. */
  publicUrl?: string | undefined;
}

/** Images are stored for ever under new names, so caches may keep them long. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Images in an S3-compatible bucket, shared by every instance of the shop. */
export class S3ImageStorage implements ImageStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? {
            credentials: {
              accessKeyId: options.accessKeyId,
              secretAccessKey: options.secretAccessKey,
            },
          }
        : {}),
      // Checksums only where the API requires them: several S3-compatible stores do not
      // understand the newer checksum headers and chunked uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: name,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
        CacheControl: CACHE_CONTROL,
      }),
    );
  }

  async get(name: string): Promise<StoredImage | undefined> {
    if (!IMAGE_NAME.test(name)) return undefined;
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: name }),
      );
      if (!object.Body) return undefined;
      return {
        body: object.Body as Readable,
        contentType: object.ContentType ?? 'application/octet-stream',
        ...(object.ContentLength === undefined ? {} : { contentLength: object.ContentLength }),
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    if (!IMAGE_NAME.test(name)) return;
    // S3 answers a missing key with success as well.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: name }));
  }

  async list(): Promise<string[]> {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && IMAGE_NAME.test(object.Key)) names.push(object.Key);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names;
  }

  publicUrl(name: string): string {
    return this.options.publicUrl ? `${this.options.publicUrl}/${name}` : `/uploads/${name}`;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}
