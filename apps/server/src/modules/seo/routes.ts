import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pageNumberSchema } from '@proshop/domain/pagination';
import {
  precompressedPage,
  preferredEncoding,
  sendPage,
  type PrecompressedPage,
} from '../../plugins/precompressed-page.ts';
import type { ShopFacts } from './json-ld.ts';
import { PageCache } from './page-cache.ts';
import { pageTemplate, type PageTemplate } from './page-template.ts';
import { isCartPath, isPrivatePath, privatePageHtml } from './private-pages.ts';
import { readScreenModules, type ScreenModules } from './screen-modules.ts';
import {
  listPage,
  notFoundPage,
  productPage,
  type ListKind,
  type PageContext,
  type WrittenPage,
} from './pages.ts';
import { robotsTxt } from './robots.ts';
import { sitemapFile, sitemapIndex } from './sitemap.ts';

const HIDDEN = { schema: { hide: true } };

/** A 404 page: never 304 (its tag would name the page, not the answer), never stored by caches. */
function sendNotFound(page: PrecompressedPage, request: FastifyRequest, reply: FastifyReply) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply
    .code(404)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(page.bodies[encoding ?? 'identity']);
}

/** Whether Accept-Encoding allows gzip (named, or `*`, with a q above 0). */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header
    .toLowerCase()
    .split(',')
    .some((part) => {
      const [name = '', ...params] = part.split(';').map((text) => text.trim());
      const q = params.find((param) => param.startsWith('q='));
      return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
    });
}

/** What the written pages say of the shop, from its configuration. */
const shopFacts = (app: FastifyInstance): ShopFacts => ({
  name: app.config.SHOP_NAME,
  publicUrl: app.config.publicUrl,
  currency: app.config.PAYMENT_CURRENCY,
});

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;
const pageNumber = (value: unknown) => pageNumberSchema.parse(value);

/**
 * The public pages written by the server (docs/decisions/0025): home and its pages, searches,
 * categories, brands and products, each the built index.html with its own head and text.
 * Registered by the static-files plugin, which holds the built page, ahead of its catch-all.
 */
export const seoPageRoutes = fp(
  async (
    app: FastifyInstance,
    options: { template: PageTemplate; screenModules: ScreenModules },
  ) => {
    const context: PageContext = {
      db: app.db,
      template: options.template,
      pageSize: app.config.PAGE_SIZE,
      screenModules: options.screenModules,
      shop: shopFacts(app),
    };
    const cache = new PageCache(app.catalogue);
    // The pages are cached until the catalogue changes: read from a server that has the change.
    const reading = (request: FastifyRequest): PageContext => ({
      ...context,
      db: app.readDb(request, { cached: true }),
    });

    const serve = async (
      request: FastifyRequest,
      reply: FastifyReply,
      build: () => Promise<WrittenPage>,
    ) => {
      const path = pathOf(request);
      const cached = cache.get(path);
      if (cached) return sendPage(cached, request, reply);
      const generation = cache.currentGeneration;
      const written = await build();
      const page = precompressedPage(written.html, { fast: true });
      if (written.status === 404) return sendNotFound(page, request, reply);
      cache.set(path, page, generation);
      return sendPage(page, request, reply);
    };

    const list =
      (kind: (params: Record<string, string>) => ListKind) =>
      (request: FastifyRequest, reply: FastifyReply) => {
        const params = request.params as Record<string, string>;
        return serve(request, reply, () =>
          listPage(reading(request), kind(params), pageNumber(params.pageNumber)),
        );
      };

    const home = list(() => ({ kind: 'home' }));
    app.get('/', HIDDEN, home);
    app.get('/page/:pageNumber', HIDDEN, home);
    const search = list((params) => ({ kind: 'search', keyword: params.keyword ?? '' }));
    app.get('/search/:keyword', HIDDEN, search);
    app.get('/search/:keyword/page/:pageNumber', HIDDEN, search);
    for (const kind of ['category', 'brand'] as const) {
      const handler = list((params) => ({ kind, slug: params.slug ?? '' }));
      app.get(`/${kind}/:slug`, HIDDEN, handler);
      app.get(`/${kind}/:slug/page/:pageNumber`, HIDDEN, handler);
    }
    app.get('/product/:id', HIDDEN, (request, reply) => {
      const { id } = request.params as { id: string };
      return serve(request, reply, () => productPage(reading(request), id));
    });
  },
  { name: 'seo-pages' },
);

/**
 * For the static-files plugin: registers the written pages from the filled-in index.html and
 * answers its catch-all: the `noindex` page on private paths, and on any other path (one the
 * public routes above did not take, such as `/no-such-page` or `/product/1/extra`) the not-found
 * page with 404, so that a mistyped or removed address is never a "soft 404" a search engine
 * keeps. The web app shows its not-found screen there as before. Undefined (nothing written)
 * when the page is not the web app's (no `</head>` and `#root`).
 */
export async function writtenPages(app: FastifyInstance, html: string) {
  const template = pageTemplate(html);
  if (!template) {
    app.log.warn('index.html has no </head> and #root: the server writes no page');
    return undefined;
  }
  const screenModules = readScreenModules(app.config.webDistDir);
  await app.register(seoPageRoutes, { template, screenModules });
  const privatePage = precompressedPage(privatePageHtml(template, app.config.SHOP_NAME));
  const cartPage = precompressedPage(
    privatePageHtml(template, app.config.SHOP_NAME, screenModules.cart),
  );
  const notFound = precompressedPage(notFoundPage({ template, shop: shopFacts(app) }).html);
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (!isPrivatePath(request.url)) return sendNotFound(notFound, request, reply);
    return sendPage(isCartPath(request.url) ? cartPage : privatePage, request, reply);
  };
}

/** robots.txt and the sitemap: served whether or not the web app is built. */
export const seoFileRoutes = fp(
  async (app: FastifyInstance) => {
    const robots = robotsTxt(app.config.publicUrl);
    app.get('/robots.txt', HIDDEN, (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robots),
    );

    const files = new PageCache<Buffer>(app.catalogue);
    const sendXml = (request: FastifyRequest, reply: FastifyReply, gzipped: Buffer) => {
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('vary', 'accept-encoding');
      // Crawlers take gzip; anyone else gets the file unpacked (rare: not worth keeping so).
      if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(gunzipSync(gzipped));
      return reply.header('content-encoding', 'gzip').send(gzipped);
    };
    const cached = async (key: string, build: () => Promise<Buffer | undefined>) => {
      const hit = files.get(key);
      if (hit) return hit;
      const generation = files.currentGeneration;
      const built = await build();
      if (built) files.set(key, built, generation);
      return built;
    };

    app.get('/sitemap.xml', HIDDEN, async (request, reply) => {
      const index = await cached('index', async () =>
        gzipSync(await sitemapIndex(app.readDb(request, { cached: true }), app.config.publicUrl)),
      );
      return sendXml(request, reply, index ?? gzipSync(''));
    });
    app.get('/sitemaps/:file', HIDDEN, async (request, reply) => {
      const { file } = request.params as { file: string };
      const n = /^([1-9]\d{0,5})\.xml$/.exec(file)?.[1];
      const body = n
        ? await cached(file, () =>
            sitemapFile(app.readDb(request, { cached: true }), app.config.publicUrl, Number(n)),
          )
        : undefined;
      if (!body) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return sendXml(request, reply, body);
    });
  },
  { name: 'seo-files' },
);
