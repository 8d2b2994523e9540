import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The directives of the content security policy, each as its list of sources. */
function directives(header: unknown): Map<string, string[]> {
  const entries = String(header)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter(([name]) => name)
    .map(([name, ...sources]) => [name!, sources] as const);
  return new Map(entries);
}

const paypalOrigins = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

describe('content security policy and the payment provider', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("with PayPal, allows the SDK script's origin and PayPal's frames and calls, still no inline script", async () => {
    t = await createTestApp({
      PAYPAL_CLIENT_ID: 'client-id',
      PAYPAL_CLIENT_SECRET: 'client-secret',
      PAYPAL_SDK_URL: 'http://127.0.0.1:7123/sdk/js',
    });
    const csp = directives((await t.app.inject('/api/health')).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", 'http://127.0.0.1:7123']);
    for (const directive of ['frame-src', 'connect-src', 'img-src']) {
      expect(csp.get(directive), directive).toEqual(expect.arrayContaining(paypalOrigins));
    }
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("with Stripe beside PayPal, allows Stripe.js, its frames and Stripe's API as well", async () => {
    t = await createTestApp({
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    });
    const csp = directives((await t.app.inject('/api/health')).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://www.paypal.com',
      'https://js.stripe.com',
    ]);
    expect(csp.get('frame-src')).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
    );
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['https://api.stripe.com']));
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it("with PayPal's own script address, allows www.paypal.com for scripts", async () => {
    t = await createTestApp({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' });
    const csp = directives((await t.app.inject('/api/health')).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://www.paypal.com']);
  });

  it('in test mode, allows no outside script, frame or call, whatever PAYPAL_SDK_URL says', async () => {
    t = await createTestApp({ PAYPAL_SDK_URL: 'http://127.0.0.1:7123/sdk/js' });
    expect(t.config.paymentProviders).toEqual(['test']);
    const csp = directives((await t.app.inject('/api/health')).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(String(csp.get('img-src'))).not.toContain('paypal');
  });
});
