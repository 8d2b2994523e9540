import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What a browser on an allowed origin may send: the API's verbs and the headers it reads. */
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS = 'authorization, content-type, idempotency-key, x-request-id';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Cross-origin calls, only from the origins CORS_ORIGINS lists. Registered only when it is set:
 * without it the API sends no CORS header, so browsers keep every other site's scripts out.
 * Tokens travel in the Authorization header, never in cookies, so credentials are not allowed.
 */
export const corsPlugin = fp(async (app: FastifyInstance, options: { origins: string[] }) => {
  const allowed = new Set(options.origins);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', 'retry-after, x-request-id');
    const preflight =
      request.method === 'OPTIONS' && request.headers['access-control-request-method'];
    if (!preflight) return;
    // Answered here, before any route: a preflight carries no token and reaches no handler.
    return reply
      .code(204)
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
      .send();
  });
});
