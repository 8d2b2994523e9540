import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, notFound } from '../errors/app-error.ts';
import type { ImageStorage } from '../modules/uploads/storage/image-storage.ts';

export interface StaticFilesOptions {
  /** The built web app (index.html and assets/); not served when absent. */
  webDistDir: string;
  uploadsDir: string;
  /** Where uploads live; anything but the local folder is streamed through GET /uploads/:name. */
  imageStorage: ImageStorage;
  shopName: string;
  /** The shop's contact address (SHOP_EMAIL) for the web app's mail links; '' when unset. */
  shopEmail: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
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
        throw new AppError('unavailable', STORAGE_DOWN);
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Serves uploaded images and, when it has been built, the web app: hashed assets cached for a
 * year, and index.html (with the shop's name and e-mail filled in) for every route that is not the API's.
 */
export const staticFilesPlugin = fp(async (app: FastifyInstance, options: StaticFilesOptions) => {
  if (options.imageStorage.kind === 'local') {
    mkdirSync(options.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: options.uploadsDir,
      prefix: '/uploads/',
      index: false,
      list: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders: (res) => {
        res.setHeader('cache-control', UPLOAD_CACHE);
        res.setHeader('content-security-policy', UPLOAD_CSP);
      },
    });
  } else {
    await app.register(storedUploadRoutes, { storage: options.imageStorage });
  }

  const indexPath = join(options.webDistDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.info(`No web build at ${options.webDistDir}: serving the API only`);
    return;
  }
  const indexHtml = readFileSync(indexPath, 'utf8')
    .replaceAll('__SHOP_NAME__', escapeHtml(options.shopName))
    .replaceAll('__SHOP_EMAIL__', escapeHtml(options.shopEmail));

  await app.register(fastifyStatic, {
    root: options.webDistDir,
    prefix: '/',
    index: false,
    wildcard: false,
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${join(options.webDistDir, 'assets')}`);
      res.setHeader('cache-control', hashed ? IMMUTABLE : 'public, max-age=3600');
    },
  });

  const sendIndex = (_request: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/uploads/')) {
      throw notFound(`Not found: ${request.method} ${request.url.split('?')[0]}`);
    }
    return sendIndex(request, reply);
  });
});
