import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ INIT_CWD: '/srv/shop' });
    expect(config).toMatchObject({
      PORT: 5000,
      HOST: '0.0.0.0',
      dataDir: '/srv/shop/data',
      uploadsDir: '/srv/shop/data/uploads',
      outboxDir: '/srv/shop/data/outbox',
      SHOP_NAME: 'ProShop',
      PAGE_SIZE: 8,
      LOG_LEVEL: 'info',
      isProduction: false,
      seedDemo: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the variable at fault', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PAGE_SIZE: '0' })).toThrow(/PAGE_SIZE/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres/,
    );
    expect(() => loadConfig({ DEMO_PASSWORD: 'short' })).toThrow(/DEMO_PASSWORD/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(ConfigError);
  });

  it('requires JWT_SECRET in production and seeds demo data there only when asked', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: is required/);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      ALLOW_TEST_PAYMENTS: '1',
    };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('takes test payments unless PayPal credentials are given', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      paymentProviders: ['test'],
      STRIPE_API_BASE: 'https://api.stripe.com',
      STRIPE_JS_URL: 'https://js.stripe.com/v3/',
      PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com',
      PAYPAL_SDK_URL: 'https://www.paypal.com/sdk/js',
      PAYMENT_CURRENCY: 'USD',
    });
    const paypal = loadConfig({
      PAYPAL_CLIENT_ID: 'client-id',
      PAYPAL_CLIENT_SECRET: 'client-secret',
      PAYPAL_API_BASE: 'https://api-m.paypal.com/',
      PAYMENT_CURRENCY: 'EUR',
    });
    expect(paypal).toMatchObject({
      paymentProviders: ['paypal'],
      PAYPAL_CLIENT_ID: 'client-id',
      PAYPAL_API_BASE: 'https://api-m.paypal.com',
      PAYMENT_CURRENCY: 'EUR',
    });
  });

  it('wants both PayPal credentials or neither, and a usable currency and addresses', () => {
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'client-id' })).toThrow(
      /PAYPAL_CLIENT_SECRET: is required with PAYPAL_CLIENT_ID/,
    );
    expect(() => loadConfig({ PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_CLIENT_ID: ' ' })).toThrow(
      /PAYPAL_CLIENT_ID: is required with PAYPAL_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ PAYMENT_CURRENCY: 'usd' })).toThrow(/PAYMENT_CURRENCY/);
    expect(() => loadConfig({ PAYMENT_CURRENCY: 'JPY' })).toThrow(/PAYMENT_CURRENCY/);
    expect(() => loadConfig({ PAYPAL_API_BASE: 'ftp://paypal.example' })).toThrow(
      /PAYPAL_API_BASE/,
    );
    expect(() => loadConfig({ PAYPAL_SDK_URL: 'not a url' })).toThrow(/PAYPAL_SDK_URL/);
  });

  it('refuses test mode in production unless it is explicitly allowed', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(
      /PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: are required when NODE_ENV=production.*ALLOW_TEST_PAYMENTS=1/,
    );
    expect(() => loadConfig({ ...production, ALLOW_TEST_PAYMENTS: '0' })).toThrow(ConfigError);
    expect(loadConfig({ ...production, ALLOW_TEST_PAYMENTS: '1' }).paymentProviders).toEqual([
      'test',
    ]);
    expect(
      loadConfig({ ...production, PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' })
        .paymentProviders,
    ).toEqual(['paypal']);
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };
    expect(loadConfig({ ...production, ...stripe }).paymentProviders).toEqual(['stripe']);
    expect(
      loadConfig({ ...production, ...stripe, PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' })
        .paymentProviders,
    ).toEqual(['paypal', 'stripe']);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: is required with STRIPE_SECRET_KEY/,
    );
  });

  it('leaves nothing out unless the bench asks, and only pieces it knows (BENCH_WITHOUT)', () => {
    expect(loadConfig({}).BENCH_WITHOUT).toEqual([]);
    expect(loadConfig({ BENCH_WITHOUT: 'security-headers, rate-limits' }).BENCH_WITHOUT).toEqual([
      'security-headers',
      'rate-limits',
    ]);
    expect(() => loadConfig({ BENCH_WITHOUT: 'access-rules' })).toThrow(/BENCH_WITHOUT/);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SHOP_EMAIL: '', DEMO_PASSWORD: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SHOP_EMAIL).toBeUndefined();
    expect(config.DEMO_PASSWORD).toBeUndefined();
  });
});
