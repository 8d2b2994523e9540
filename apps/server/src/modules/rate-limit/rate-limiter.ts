import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import type { RateLimitRule } from './rules.ts';
import type { RateLimitStore, WindowCount } from './store.ts';

const STORE_DOWN = 'The shop is temporarily unavailable. Please try again in a moment.';

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** The caller whose attempts are counted: their address and the e-mail they try. */
export interface Attempt {
  address: string;
  email: string;
}

/** Counts attempts per client address and per e-mail and refuses them past a rule's limits. */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Counts this attempt, then refuses it with 429 when either count is over its limit. */
  async consume(rule: RateLimitRule, attempt: Attempt): Promise<void> {
    const [byAddress, byEmail] = await this.guard(() =>
      Promise.all(keys(rule, attempt).map((key) => this.store.hit(key, rule.windowMs))),
    );
    refuseWhenOver([
      [byAddress, rule.perAddress + 1],
      [byEmail, rule.perEmail + 1],
    ]);
  }

  /** Refuses with 429 when the limit is reached, without counting (see `recordFailure`). */
  async assertAllowed(rule: RateLimitRule, attempt: Attempt): Promise<void> {
    const [byAddress, byEmail] = await this.guard(() =>
      Promise.all(keys(rule, attempt).map((key) => this.store.peek(key))),
    );
    refuseWhenOver([
      [byAddress, rule.perAddress],
      [byEmail, rule.perEmail],
    ]);
  }

  /** Counts a failed attempt, for rules that only count failures (sign-in). */
  async recordFailure(rule: RateLimitRule, attempt: Attempt): Promise<void> {
    await this.guard(() =>
      Promise.all(keys(rule, attempt).map((key) => this.store.hit(key, rule.windowMs))),
    );
  }

  close(): Promise<void> {
    return this.store.close();
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.log.error({ err: error }, 'the rate-limit store is unavailable');
      throw new AppError('unavailable', STORE_DOWN);
    }
  }
}

/** E-mails are hashed so that the shared store holds no readable addresses. */
function keys(rule: RateLimitRule, { address, email }: Attempt): [string, string] {
  const emailDigest = createHash('sha256').update(email.toLowerCase()).digest('base64url');
  return [`${rule.name}:address:${address}`, `${rule.name}:email:${emailDigest}`];
}

/** Each pair is a count and the count from which attempts are refused. */
function refuseWhenOver(checks: [WindowCount | undefined, number][]) {
  let retryAfterMs = 0;
  for (const [window, refusedFrom] of checks) {
    if (window && window.count >= refusedFrom) {
      retryAfterMs = Math.max(retryAfterMs, window.resetInMs);
    }
  }
  if (retryAfterMs === 0) return;
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  throw new AppError('tooManyRequests', tooManyAttemptsMessage(retryAfterSeconds), {
    'retry-after': String(retryAfterSeconds),
  });
}
