import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MemoryRateLimitStore } from './memory-store.ts';
import { RateLimiter } from './rate-limiter.ts';
import { RedisRateLimitStore } from './redis-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/** In memory for one instance; in Redis (REDIS_URL) so that several instances share one limit. */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const url = app.config.REDIS_URL;
  const store = url
    ? new RedisRateLimitStore(url, (error) =>
        app.log.warn({ err: error }, 'Redis (rate limits) connection problem'),
      )
    : new MemoryRateLimitStore(app.clock);
  const limiter = new RateLimiter(store, app.log);
  app.decorate('rateLimiter', limiter);
  app.addHook('onClose', () => limiter.close());
});
