import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

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
    const secret = 'x'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).seedDemo).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, SEED_DEMO: '1' }).seedDemo,
    ).toBe(true);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SHOP_EMAIL: '', DEMO_PASSWORD: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SHOP_EMAIL).toBeUndefined();
    expect(config.DEMO_PASSWORD).toBeUndefined();
  });
});
