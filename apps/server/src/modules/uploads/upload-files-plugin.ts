import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound, unavailable } from '../../errors/app-error.ts';
import type { ImageStorage } from './storage/image-storage.ts';

const UPLOAD_CACHE = 'public, max-age=86400';
// Uploaded files are only ever shown as images, never run as a page.
const UPLOAD_CSP = "default-src 'none'; sandbox";
const STORAGE_DOWN = 'The image cannot be shown right now. Please try again in a moment.';

/** GET /uploads/:name streamed from a shared store (S3) for instances without the files. */
async function storedUploadRoutes(app: FastifyInstance, { storage }: { storage: ImageStorage }) {
  app.get<{ Params: { name: string } }>(
    '/uploads/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params;
      let image;
      try {
        image = await storage.get(name);
      } catch (error) {
        request.log.error({ err: error }, 'the image storage is unavailable');
        throw unavailable(STORAGE_DOWN);
      }
      if (!image) throw notFound(`Not found: GET /uploads/${name}`);
      reply
        .type(image.contentType)
        .header('cache-control', UPLOAD_CACHE)
        .header('content-security-policy', UPLOAD_CSP);
      if (image.contentLength !== undefined) reply.header('content-length', image.contentLength);
      return reply.send(image.body);
    },
  );
}

/**
 * GET /uploads/<name> from the local folder. Its headers are set on the reply in this scope,
 * after the app-wide ones, so that the uploads' own policy replaces the pages' policy.
 */
async function localUploadRoutes(app: FastifyInstance, { folder }: { folder: string }) {
  mkdirSync(folder, { recursive: true });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', UPLOAD_CACHE).header('content-security-policy', UPLOAD_CSP);
  });
  await app.register(fastifyStatic, {
    root: folder,
    prefix: '/uploads/',
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
  });
}

/**
 * GET /uploads/<name>: the uploaded images, from the local folder or, for instances without the
 * files, streamed from the shared store (S3). Register after imageStoragePlugin.
 */
export const uploadFilesPlugin = fp(async (app: FastifyInstance) => {
  if (app.imageStorage.kind === 'local') {
    await app.register(localUploadRoutes, { folder: app.config.uploadsDir });
  } else {
    await app.register(storedUploadRoutes, { storage: app.imageStorage });
  }
});
