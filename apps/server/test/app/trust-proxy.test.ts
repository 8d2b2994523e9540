import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { rateLimitRules } from '../../src/modules/rate-limit/rules.ts';
import { uniqueEmail } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const PROXY = '127.0.0.1';

/** Asks for reset codes up to the per-address limit from one forwarded client, through the proxy. */
async function exhaust(t: TestApp, forwardedFor: string) {
  for (let i = 0; i < rateLimitRules.forgotPassword.perAddress; i += 1) {
    const res = await forgot(t, forwardedFor);
    expect(res.statusCode).toBe(200);
  }
}

const forgot = (t: TestApp, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/forgotpassword',
    payload: { email: uniqueEmail('proxy') },
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY', () => {
  it('parses hop counts and address lists and refuses anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  describe('set to 1 (one nginx in front)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: '1' });
    });
    afterAll(() => t.close());

    it('counts attempts per forwarded client, not per proxy', async () => {
      await exhaust(t, '203.0.113.7');
      expect((await forgot(t, '203.0.113.7')).statusCode).toBe(429);
      // Another shopper behind the same proxy is not limited.
      expect((await forgot(t, '203.0.113.8')).statusCode).toBe(200);
      // A client cannot dodge the limit by sending its own X-Forwarded-For: nginx appends the
      // real address, and only the last hop is trusted.
      expect((await forgot(t, '198.51.100.1, 203.0.113.7')).statusCode).toBe(429);
    });
  });

  describe('unset (the default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('ignores X-Forwarded-For, so a client cannot pick its own address', async () => {
      for (let i = 0; i < rateLimitRules.forgotPassword.perAddress; i += 1) {
        expect((await forgot(t, `203.0.113.${i}`)).statusCode).toBe(200);
      }
      expect((await forgot(t, '203.0.113.250')).statusCode).toBe(429);
    });
  });
});
