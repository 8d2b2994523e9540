import { Redis } from 'ioredis';
import type { RateLimitStore, WindowCount } from './store.ts';

// One round trip, atomic: several server instances hitting the same key count exactly once each.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const KEY_PREFIX = 'proshop:rate-limit:';

/** Counters in Redis, shared by every server instance that uses the same REDIS_URL. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string, onError: (error: Error) => void) {
    this.redis = new Redis(url, {
      keyPrefix: KEY_PREFIX,
      // Fail a command quickly while Redis is unreachable instead of queueing it for minutes.
      maxRetriesPerRequest: 1,
      connectTimeout: 3_000,
    });
    this.redis.on('error', onError);
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, key, windowMs)) as [number, number];
    return { count, resetInMs: ttl };
  }

  async peek(key: string): Promise<WindowCount | undefined> {
    const results = await this.redis.multi().get(key).pttl(key).exec();
    const [countResult, ttlResult] = results ?? [];
    if (countResult?.[0]) throw countResult[0];
    if (ttlResult?.[0]) throw ttlResult[0];
    const count = Number(countResult?.[1] ?? 0);
    const ttl = Number(ttlResult?.[1] ?? -2);
    return count > 0 && ttl > 0 ? { count, resetInMs: ttl } : undefined;
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
