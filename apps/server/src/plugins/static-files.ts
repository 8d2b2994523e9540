import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { shopPalette, shopPaletteCss } from '@proshop/domain/shop-color';
import { escapeHtml } from '../html/escape-html.ts';
import { notFound } from '../errors/app-error.ts';
import { precompressedPage, sendPage } from './precompressed-page.ts';

export interface StaticFilesOptions {
  /** The built web app (index.html and assets/); not served when absent. */
  webDistDir: string;
  shopName: string;
  /** The shop's contact address (SHOP_EMAIL) for the web app's mail links; '' when unset. */
  shopEmail: string;
  /** The currency prices are shown in (PAYMENT_CURRENCY), known to every screen from the start. */
  shopCurrency: string;
  /** The brand colour (SHOP_COLOR), `#rrggbb`: its palette goes into the head (shopThemeStyle). */
  shopColor: string;
  /**
   * Registers the routes of the pages the server writes (modules/seo) from the filled-in
   * index.html, and answers any other route (a private page, or the not-found page with 404).
   * Undefined when it writes none; then every route is index.html as it is.
   */
  writtenPages?: (
    app: FastifyInstance,
    html: string,
  ) => Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | undefined>;
}

/**
 * The brand colour's palette as CSS variables that app/theme.css reads, inline in the head:
 * no request of its own before the first paint, and the CSP's style-src already allows inline
 * styles (docs/decisions/0032-design-system-and-shop-colour.md). Fixed at start-up.
 */
export function shopThemeStyle(shopColor: string): string {
  return `<style id="shop-theme">${shopPaletteCss(shopPalette(shopColor))}</style>`;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ONE_HOUR = 'public, max-age=3600';

/** The files of the build that have a compressed copy beside them (written by the web build). */
function filesWithCompressedCopies(dir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const match = /^(.*)\.(br|gz)$/.exec(entry.name);
    if (entry.isFile() && match?.[1]) files.add(join(entry.parentPath, match[1]));
  }
  return files;
}

/**
 * Serves the web app when it has been built: hashed assets cached for a year, other files for an hour, and index.html (with the shop's name and e-mail filled in,
 * revalidated by ETag) for every route that is not the API's: the public catalogue's pages
 * written with their own head and text (modules/seo), the private ones marked `noindex`. Text files go out as the brotli
 * or gzip copy the build wrote beside them when the browser accepts it.
 */
export const staticFilesPlugin = fp(async (app: FastifyInstance, options: StaticFilesOptions) => {
  const indexPath = join(options.webDistDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.info(`No web build at ${options.webDistDir}: serving the API only`);
    return;
  }
  const html = readFileSync(indexPath, 'utf8')
    .replaceAll('__SHOP_NAME__', escapeHtml(options.shopName))
    .replaceAll('__SHOP_EMAIL__', escapeHtml(options.shopEmail))
    .replaceAll('__SHOP_CURRENCY__', escapeHtml(options.shopCurrency))
    .replace('</head>', `${shopThemeStyle(options.shopColor)}</head>`);
  const page = precompressedPage(html);
  const assetsDir = join(options.webDistDir, 'assets');
  const compressed = filesWithCompressedCopies(options.webDistDir);

  await app.register(fastifyStatic, {
    root: options.webDistDir,
    prefix: '/',
    index: false,
    wildcard: false,
    decorateReply: false,
    cacheControl: false,
    preCompressed: true,
    // Each file found here gets a route of its own. index.html is served filled in (below);
    // the compressed copies only in place of their file, never under their own names.
    globIgnore: ['index.html', '**/*.br', '**/*.gz'],
    setHeaders: (res, filePath) => {
      const file = filePath.replace(/\.(br|gz)$/, '');
      res.setHeader('cache-control', file.startsWith(assetsDir) ? IMMUTABLE : ONE_HOUR);
      if (compressed.has(file)) res.setHeader('vary', 'accept-encoding');
    },
  });

  // `/`, product, list, category and brand pages: written with their own head and text.
  const pageFor = await options.writtenPages?.(app, html);
  if (!pageFor) {
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(page, request, reply));
  }
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    // A missing asset must fail as one: a page in its place would be run as a script.
    if (/^\/(api|uploads|assets)\//.test(request.url)) {
      throw notFound(`Not found: ${request.method} ${request.url.split('?')[0]}`);
    }
    return pageFor ? pageFor(request, reply) : sendPage(page, request, reply);
  });
});
