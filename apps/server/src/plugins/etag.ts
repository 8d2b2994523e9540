import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Public catalogue reads: the same for every shopper, so a browser may revalidate them. */
const CATALOGUE_GET = /^\/api\/products(\/|\?|$)/;

/**
 * A weak ETag computed from the body just serialised, so an admin change is visible on the next
 * request on every instance (nothing is cached on the server); a client that already holds that
 * body gets 304 without it. It saves bandwidth, not database work.
 */
export const etagPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') {
      return payload;
    }
    if (!CATALOGUE_GET.test(request.url)) return payload;
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    reply.header('cache-control', 'no-cache');
    const given = request.headers['if-none-match'];
    if (given && given.split(',').some((tag) => tag.trim() === etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
});
