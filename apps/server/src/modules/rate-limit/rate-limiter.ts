import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { tooManyRequests, unavailable } from '../../errors/app-error.ts';
import type { AddressRateLimitRule, RateLimitRule, SignInRule } from './rules.ts';
import type { RateLimitStore, WindowCount } from './store.ts';

const STORE_DOWN = 'The shop is temporarily unavailable. Please try again in a moment.';

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) {
    const unit = retryAfterSeconds === 1 ? 'second' : 'seconds';
    return `Too many attempts. Please try again in ${retryAfterSeconds} ${unit}.`;
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** The caller whose attempts are counted: their address and the e-mail they try. */
export interface Attempt {
  address: string;
  email: string;
}

/** An attempt that was admitted: a success gives its count back. */
export interface AdmittedAttempt {
  succeeded(): Promise<void>;
}

/** A sign-in attempt that was admitted: a success gives its counts back. */
export interface AdmittedSignIn {
  succeeded(): Promise<void>;
}

/**
 * Counts attempts and refuses them past a rule's limits. Every count is taken before the work it
 * guards (argon2, a code comparison, an e-mail), in one atomic step of the store, so requests that
 * arrive together are counted one by one and never all judged against the same old count.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Counts this attempt, then refuses it with 429 when either count is over its limit. */
  async consume(rule: RateLimitRule, { address, email }: Attempt): Promise<void> {
    const [byAddress, byEmail] = await this.guard(() =>
      Promise.all([
        this.store.hit(`${rule.name}:address:${address}`, rule.windowMs),
        this.store.hit(`${rule.name}:email:${digest(email)}`, rule.windowMs),
      ]),
    );
    refuseWhenOver([
      [byAddress, rule.perAddress],
      [byEmail, rule.perEmail],
    ]);
  }

  /** Counts this request by its address alone, then refuses it with 429 when over the limit. */
  async consumeByAddress(rule: AddressRateLimitRule, address: string): Promise<void> {
    const byAddress = await this.guard(() =>
      this.store.hit(`${rule.name}:address:${address}`, rule.windowMs),
    );
    refuseWhenOver([[byAddress, rule.perAddress]]);
  }

  /**
   * Counts this request by its address and refuses it with 429 when over the limit; the caller
   * calls `succeeded` when it turned out well, so that only failed requests add up (and requests
   * that arrive together are still each counted before they are judged).
   */
  async admitByAddress(rule: AddressRateLimitRule, address: string): Promise<AdmittedAttempt> {
    const key = `${rule.name}:address:${address}`;
    const byAddress = await this.guard(() => this.store.hit(key, rule.windowMs));
    refuseWhenOver([[byAddress, rule.perAddress]]);
    return { succeeded: () => this.guard(() => this.store.giveBack(key)) };
  }

  /**
   * Counts a sign-in attempt by address and by e-mail and address (refused past their limits), then
   * by e-mail alone (admitted freely at first, then spaced). The caller checks the password only
   * when this resolves, and calls `succeeded` when it matched.
   */
  async admitSignIn(rule: SignInRule, { address, email }: Attempt): Promise<AdmittedSignIn> {
    const emailKey = `${rule.name}:email:${digest(email)}`;
    const addressKey = `${rule.name}:address:${address}`;
    const emailAndAddressKey = `${emailKey}:address:${address}`;
    const [byAddress, byEmailAndAddress] = await this.guard(() =>
      Promise.all([
        this.store.hit(addressKey, rule.windowMs),
        this.store.hit(emailAndAddressKey, rule.windowMs),
      ]),
    );
    refuseWhenOver([
      [byAddress, rule.perAddress],
      [byEmailAndAddress, rule.perEmailAndAddress],
    ]);
    const spaced = await this.guard(() =>
      this.store.hitSpaced(emailKey, rule.windowMs, rule.perEmail),
    );
    if (!spaced.admitted) throw tooManyAttempts(spaced.retryInMs);
    return {
      succeeded: () =>
        this.guard(async () => {
          await Promise.all(
            [addressKey, emailAndAddressKey, emailKey].map((key) => this.store.giveBack(key)),
          );
        }),
    };
  }

  close(): Promise<void> {
    return this.store.close();
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.log.error({ err: error }, 'the rate-limit store is unavailable');
      throw unavailable(STORE_DOWN);
    }
  }
}

/** E-mails are hashed so that the shared store holds no readable addresses. */
function digest(email: string): string {
  return createHash('sha256').update(email.toLowerCase()).digest('base64url');
}

/** Each pair is a count taken with this attempt and the most a window may hold. */
function refuseWhenOver(checks: [WindowCount, number][]) {
  let retryAfterMs = 0;
  for (const [window, limit] of checks) {
    if (window.count > limit) retryAfterMs = Math.max(retryAfterMs, window.resetInMs);
  }
  if (retryAfterMs > 0) throw tooManyAttempts(retryAfterMs);
}

function tooManyAttempts(retryAfterMs: number) {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return tooManyRequests(tooManyAttemptsMessage(retryAfterSeconds), retryAfterSeconds);
}
