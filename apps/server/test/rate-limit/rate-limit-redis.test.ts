import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitRules, signInRule } from '../../src/modules/rate-limit/rules.ts';
import { forgotPassword, signIn } from '../helpers/auth.ts';
import { createUser, TEST_PASSWORD, uniqueEmail } from '../helpers/factories.ts';
import {
  noRedisReason,
  redisAvailable,
  startRedis,
  type RedisProcess,
} from '../helpers/redis-server.ts';
import { countStatuses, releaseTogether } from '../helpers/release-together.ts';
import { skipReason } from '../helpers/skip-reason.ts';
import { deadSmtpUrl } from '../helpers/smtp-capture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

if (!redisAvailable) console.warn(`Skipping the Redis rate-limit tests: ${noRedisReason}.`);

describe.skipIf(!redisAvailable)(
  'rate limits shared through Redis (REDIS_URL)',
  skipReason(noRedisReason),
  () => {
    let redis: RedisProcess;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      redis = await startRedis();
      // Two server instances, as behind a load balancer: one limit for both.
      a = await createTestApp({ REDIS_URL: redis.url });
      b = await createTestApp({ REDIS_URL: redis.url });
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      await redis?.stop();
    });

    const login = (t: TestApp, email: string, password: string, remoteAddress = '10.2.0.1') =>
      signIn(t.app, email, password, remoteAddress);

    it('counts guesses at one e-mail on both instances together', async () => {
      const email = uniqueEmail();
      const { spacedFrom } = signInRule.perEmail;
      for (let i = 1; i < spacedFrom; i += 1) {
        const res = await login(i % 2 ? a : b, email, 'wrong password', `10.2.1.${i}`);
        expect(res.statusCode).toBe(401);
      }
      // The last free guess starts the pause, which the other instance keeps too.
      expect((await login(a, email, 'wrong password', '10.2.2.1')).statusCode).toBe(401);
      const paused = await login(b, email, 'wrong password', '10.2.2.2');
      expect(paused.statusCode).toBe(429);
      expect(paused.json().message).toMatch(/^Too many attempts\. Please try again in 1 second\.$/);
      expect(paused.headers['retry-after']).toBe('1');
    });

    it('judges at most 10 of 50 guesses at one e-mail sent together to both instances', async () => {
      const email = uniqueEmail();
      const answers = await releaseTogether(
        a.app,
        Array.from({ length: 50 }, (_, i) => ({
          method: 'POST' as const,
          url: '/api/users/login',
          payload: { email, password: 'wrong password' },
          to: i % 2 ? a.app : b.app,
        })),
      );
      expect(countStatuses(answers)).toEqual({ 401: signInRule.perEmailAndAddress, 429: 40 });
    });

    it('counts forgot-password requests from one address on both instances together', async () => {
      const address = '10.2.3.1';
      const forgot = (t: TestApp) => forgotPassword(t.app, uniqueEmail('shared'), address);
      for (let i = 0; i < rateLimitRules.forgotPassword.perAddress; i += 1) {
        expect((await forgot(i % 2 ? a : b)).statusCode).toBe(200);
      }
      expect((await forgot(a)).statusCode).toBe(429);
      expect((await forgot(b)).statusCode).toBe(429);
    });

    it('still lets a shopper sign in on either instance', async () => {
      const user = await createUser(a.database.db);
      expect((await login(a, user.email, TEST_PASSWORD, '10.2.4.1')).statusCode).toBe(200);
    });
  },
);

describe.skipIf(!redisAvailable)('rate limits with Redis down', skipReason(noRedisReason), () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port where nothing listens stands for a Redis server that is down.
    t = await createTestApp({ REDIS_URL: (await deadSmtpUrl()).replace('smtp:', 'redis:') });
  });
  afterAll(() => t?.close());

  it('answers 503 instead of letting attempts through uncounted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: uniqueEmail(), password: 'whatever-password' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'The shop is temporarily unavailable. Please try again in a moment.',
    });
  });
});
