import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const ALLOWED = 'https://admin.shop.example';

describe('security headers and CORS', () => {
  let closed: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    closed = await createTestApp();
    open = await createTestApp({ CORS_ORIGINS: `${ALLOWED}, http://localhost:5173` });
  });
  afterAll(async () => {
    await closed.close();
    await open.close();
  });

  it('refuses framing with X-Frame-Options DENY, agreeing with frame-ancestors none', async () => {
    for (const url of ['/api/health', '/api/nothing-here']) {
      const res = await closed.app.inject(url);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends no CORS header to any origin when CORS_ORIGINS is not set, and answers no preflight', async () => {
    const res = await closed.app.inject({ url: '/api/products', headers: { origin: ALLOWED } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await closed.app.inject({
      method: 'OPTIONS',
      url: '/api/users/profile',
      headers: { origin: ALLOWED, 'access-control-request-method': 'PUT' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows exactly the origins CORS_ORIGINS lists, without credentials', async () => {
    const res = await open.app.inject({ url: '/api/products', headers: { origin: ALLOWED } });
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/Origin/);
    const preflight = await open.app.inject({
      method: 'OPTIONS',
      url: '/api/users/profile',
      headers: { origin: ALLOWED, 'access-control-request-method': 'PUT' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('PUT');
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');

    for (const origin of ['https://evil.example', `${ALLOWED}.evil.example`, 'null']) {
      const other = await open.app.inject({ url: '/api/products', headers: { origin } });
      expect(other.headers['access-control-allow-origin'], origin).toBeUndefined();
      const otherPreflight = await open.app.inject({
        method: 'OPTIONS',
        url: '/api/users/profile',
        headers: { origin, 'access-control-request-method': 'PUT' },
      });
      expect(otherPreflight.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('refuses a CORS_ORIGINS entry that is not a bare http(s) origin', async () => {
    for (const value of ['*', 'shop.example', 'https://shop.example/path']) {
      await expect(createTestApp({ CORS_ORIGINS: value }), value).rejects.toThrow(/CORS_ORIGINS/);
    }
  });
});
