import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown API route with 404 and a message, never HTML', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/nothing-here' });
  });

  it('answers a body over the size limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ filler: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large.' });
  });

  it('hides internal errors behind a generic 500 message', async () => {
    expect((await t.app.inject('/api/products')).statusCode).toBe(200);
    await t.database.close();
    // Another page: the first one is answered from the catalogue cache without the database.
    const broken = await t.app.inject('/api/products?pageNumber=2');
    expect(broken.statusCode).toBeGreaterThanOrEqual(500);
    const body = broken.json();
    expect(Object.keys(body)).toEqual(['message']);
    expect(body.message).not.toMatch(/select|from|pglite|pool|stack|at /i);
  });
});

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends a content security policy without inline scripts, and framing refused', async () => {
    const res = await t.app.inject('/api/health');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS in production', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      ALLOW_TEST_PAYMENTS: '1',
    });
    try {
      const res = await prod.app.inject('/api/health');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await prod.close();
    }
  });
});

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('publishes the document generated from the route schemas', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('ProShop API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/health', '/api/ready']),
    );
    const listParams = doc.paths['/api/products'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(listParams).toEqual(expect.arrayContaining(['keyword', 'pageNumber']));
  });

  it('serves a browsable UI at /api/docs', async () => {
    const res = await t.app.inject('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
  });
});
