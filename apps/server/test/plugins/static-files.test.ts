import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('serving the built web app and uploads', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'proshop-web-'));
    mkdirSync(join(web, 'assets'));
    mkdirSync(join(web, 'images'));
    writeFileSync(
      join(web, 'index.html'),
      '<title>__SHOP_NAME__</title><meta name="shop-name" content="__SHOP_NAME__">',
    );
    writeFileSync(join(web, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
    writeFileSync(join(web, 'images', 'lamp.webp'), 'RIFF....WEBP');
    t = await createTestApp({ WEB_DIST_DIR: web, SHOP_NAME: 'Tom & Jerry <Shop>' });
    mkdirSync(t.config.uploadsDir, { recursive: true });
    writeFileSync(join(t.config.uploadsDir, 'a1b2.png'), 'png bytes');
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
    rmSync(`${web}-secret.txt`, { force: true });
  });

  it('answers index.html with the shop name, escaped, for the home page and every screen route', async () => {
    for (const url of ['/', '/product/123', '/search/lamp/page/2', '/admin/productlist']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(
        '<title>Tom &amp; Jerry &lt;Shop&gt;</title><meta name="shop-name" content="Tom &amp; Jerry &lt;Shop&gt;">',
      );
    }
  });

  it('caches hashed assets for a year and other files for an hour', async () => {
    const asset = await t.app.inject('/assets/index-3f9a1c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const image = await t.app.inject('/images/lamp.webp');
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never serves a file from outside the web build, however the path is spelled', async () => {
    writeFileSync(`${web}-secret.txt`, 'the secret');
    writeFileSync(join(web, 'assets', 'secret.txt.br'), 'the secret');
    const secret = `${basename(web)}-secret.txt`;
    for (const url of [
      `/..%2F${secret}`,
      `/assets/..%2F..%2F${secret}`,
      `/%2e%2e/${secret}`,
      `/assets/%2e%2e/%2e%2e/${secret}`,
      `/assets/..\\..\\${secret}`,
      '/assets/secret.txt.br',
    ]) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.body, url).not.toContain('the secret');
    }
  });

  it('keeps API 404s as JSON instead of the web page', async () => {
    const res = await t.app.inject('/api/unknown/thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/unknown/thing' });
  });

  it('serves uploaded files from the data folder, sandboxed, and 404s for missing ones', async () => {
    const res = await t.app.inject('/uploads/a1b2.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect((await t.app.inject('/uploads/missing.png')).statusCode).toBe(404);
    const traversal = await t.app.inject('/uploads/..%2F..%2Fjwt-secret');
    expect([403, 404]).toContain(traversal.statusCode);
    expect(traversal.body).not.toContain(t.app.jwtSecret);
  });
});

describe('without a web build', () => {
  it('serves the API only and answers other paths with 404', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
      expect((await t.app.inject('/')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
