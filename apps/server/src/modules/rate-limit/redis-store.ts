import { Redis } from 'ioredis';
import type { RateLimitStore, SpacedHit, Spacing, WindowCount } from './store.ts';

// Each script is one round trip and atomic: hits on the same key from several server instances
// each get their own count.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

// KEYS[1] counts the window's attempts; KEYS[2], while it exists, is the pause before the next
// spaced attempt (its time to live is what is left of it). The pause is store.ts's pauseAfter.
const HIT_SPACED_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local spacedFrom = tonumber(ARGV[2])
if count < spacedFrom then return 0 end
local wait = redis.call('PTTL', KEYS[2])
if wait > 0 then
  redis.call('DECR', KEYS[1])
  return wait
end
local pause = math.min(tonumber(ARGV[3]) * 2 ^ (count - spacedFrom), tonumber(ARGV[4]))
redis.call('SET', KEYS[2], '1', 'PX', math.floor(pause))
return 0`;

const GIVE_BACK_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

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

  async hitSpaced(key: string, windowMs: number, spacing: Spacing): Promise<SpacedHit> {
    const wait = (await this.redis.eval(
      HIT_SPACED_SCRIPT,
      2,
      key,
      `${key}:pause`,
      windowMs,
      spacing.spacedFrom,
      spacing.firstPauseMs,
      spacing.maxPauseMs,
    )) as number;
    return wait > 0 ? { admitted: false, retryInMs: wait } : { admitted: true };
  }

  async giveBack(key: string): Promise<void> {
    await this.redis.eval(GIVE_BACK_SCRIPT, 1, key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
