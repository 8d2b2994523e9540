import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import type { ImageStorage } from './image-storage.ts';
import { LocalImageStorage } from './local-image-storage.ts';
import { S3ImageStorage } from './s3-image-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded images are kept: DATA_DIR/uploads, or the S3 bucket when S3_BUCKET is set. */
    imageStorage: ImageStorage;
  }
}

/** The storage the configuration names: S3 with S3_BUCKET, else the local uploads folder. */
export function createImageStorage(config: Config): ImageStorage {
  if (!config.S3_BUCKET) return new LocalImageStorage(config.uploadsDir);
  return new S3ImageStorage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicUrl: config.S3_PUBLIC_URL,
  });
}

export const imageStoragePlugin = fp(async (app: FastifyInstance) => {
  const storage = createImageStorage(app.config);
  app.decorate('imageStorage', storage);
  app.addHook('onClose', () => storage.close());
});
