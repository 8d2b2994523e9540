import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MemoryRateLimitStore } from './memory-store.ts';
import { RateLimiter } from './rate-limiter.ts';
import { RedisRateLimitStore } from './redis-store.ts';
import type { RateLimitStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/**
 * Bench only (BENCH_WITHOUT=rate-limits): admits every attempt and counts nothing, so that the
 * bench can show what counting costs the requests that do not count (none: it is done in the
 * handlers of the limited routes, not in a hook).
 */
class UncountedStore implements RateLimitStore {
  async hit(_key: string, windowMs: number) {
    return { count: 0, resetInMs: windowMs };
  }
  async hitSpaced() {
    return { admitted: true as const };
  }
  async giveBack() {}
  async close() {}
}

/** In memory for one instance; in Redis (REDIS_URL) so that several instances share one limit. */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const url = app.config.REDIS_URL;
  const store = app.config.BENCH_WITHOUT.includes('rate-limits')
    ? new UncountedStore()
    : url
      ? new RedisRateLimitStore(url, (error) =>
          app.log.warn({ err: error }, 'Redis (rate limits) connection problem'),
        )
      : new MemoryRateLimitStore(app.clock);
  const limiter = new RateLimiter(store, app.log);
  app.decorate('rateLimiter', limiter);
  app.addHook('onClose', () => limiter.close());
});
