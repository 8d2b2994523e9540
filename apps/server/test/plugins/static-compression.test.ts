import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const script = Buffer.from(`export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`);
const page = '<!doctype html><title>__SHOP_NAME__</title><p>' + 'Shop '.repeat(300) + '</p>';
const filledPage = page.replace('__SHOP_NAME__', 'Lamp Shop');

/** A built web app as `vite build` and compress-build.mjs leave it. */
function webBuild(): string {
  const web = mkdtempSync(join(tmpdir(), 'proshop-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), page);
  const asset = join(web, 'assets', 'index-3f9a1c.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  writeFileSync(join(web, 'assets', 'tiny-77aa.js'), 'export {};\n');
  return web;
}

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe('compressed answers', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = webBuild();
    t = await createTestApp({ WEB_DIST_DIR: web, SHOP_NAME: 'Lamp Shop' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends a built script as brotli, gzip or plain, as the browser accepts, with its own type and length', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, expected] of cases) {
      const res = await get('/assets/index-3f9a1c.js', accept ? { 'accept-encoding': accept } : {});
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(res.headers['content-type'], accept).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['vary'], accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
      expect(decoded(res.rawPayload, expected), accept).toBe(script.toString());
    }
    const brotli = await get('/assets/index-3f9a1c.js', { 'accept-encoding': 'br' });
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('answers 304 to a browser that holds the same encoding of a file', async () => {
    const first = await get('/assets/index-3f9a1c.js', { 'accept-encoding': 'br' });
    const etag = first.headers['etag'];
    expect(etag).toBeTruthy();
    const again = await get('/assets/index-3f9a1c.js', {
      'accept-encoding': 'br',
      'if-none-match': String(etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('sends a file without a compressed copy as it is, and never a copy under its own name', async () => {
    const tiny = await get('/assets/tiny-77aa.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
    expect((await get('/assets/index-3f9a1c.js.br')).statusCode).toBe(404);
    expect((await get('/assets/missing-1234.js')).statusCode).toBe(404);
  });

  it('sends the filled-in page compressed, revalidated by its ETag', async () => {
    for (const [accept, expected] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const res = await get('/product/42', { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(decoded(res.rawPayload, expected)).toBe(filledPage);
    }
    const etag = String((await get('/')).headers['etag']);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/cart', { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const changed = await get('/cart', { 'if-none-match': 'W/"something-else"' });
    expect(changed.statusCode).toBe(200);
  });

  it('serves /index.html filled in too, never the template', async () => {
    const res = await get('/index.html');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(filledPage);
  });

  it('compresses JSON answers of 1 KB and more, and leaves small ones alone', async () => {
    const big = await get('/api/openapi.json', { 'accept-encoding': 'gzip, br' });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['vary']).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded(big.rawPayload, 'br'))).toHaveProperty('openapi');
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(big.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const small = await get('/api/health', { 'accept-encoding': 'gzip, br' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
