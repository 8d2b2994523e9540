import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../errors/app-error.ts';

export interface StaticFilesOptions {
  /** The built web app (index.html and assets/); not served when absent. */
  webDistDir: string;
  uploadsDir: string;
  shopName: string;
  /** The shop's contact address (SHOP_EMAIL) for the web app's mail links; '' when unset. */
  shopEmail: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Serves uploaded images and, when it has been built, the web app: hashed assets cached for a
 * year, and index.html (with the shop's name and e-mail filled in) for every route that is not the API's.
 */
export const staticFilesPlugin = fp(async (app: FastifyInstance, options: StaticFilesOptions) => {
  mkdirSync(options.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: '/uploads/',
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', 'public, max-age=86400');
      // Uploaded files are only ever shown as images, never run as a page.
      res.setHeader('content-security-policy', "default-src 'none'; sandbox");
    },
  });

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
