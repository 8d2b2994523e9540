import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A web build with a head, as Vite writes index.html. */
function webBuild(): string {
  const web = mkdtempSync(join(tmpdir(), 'proshop-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(
    join(web, 'index.html'),
    '<!doctype html><html><head><title>__SHOP_NAME__</title></head><body><div id="root"></div></body></html>',
  );
  return web;
}

describe("the shop's brand colour (SHOP_COLOR)", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('puts the palette of SHOP_COLOR in the head of every page, with text that contrasts', async () => {
    t = await createTestApp({ WEB_DIST_DIR: webBuild(), SHOP_COLOR: '#FFCC00' });
    for (const url of ['/', '/profile', '/admin/productlist']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toMatch(
        /<style id="shop-theme">:root\{--shop-color:#ffcc00;--shop-color-contrast:#000000;--shop-color-hover:#[0-9a-f]{6};--shop-color-text:#[0-9a-f]{6}\}<\/style>/,
      );
    }
  });

  it('defaults to the indigo of the logo, with white text on it', async () => {
    t = await createTestApp({ WEB_DIST_DIR: webBuild() });
    const res = await t.app.inject('/profile');
    expect(res.body).toContain(
      '--shop-color:#4338ca;--shop-color-contrast:#ffffff;--shop-color-hover:',
    );
  });

  it('refuses a colour that is not #rrggbb, naming the variable', () => {
    for (const value of ['red', '#abc', '#4338cag', 'rgb(1,2,3)']) {
      expect(() => loadConfig({ SHOP_COLOR: value }), value).toThrow(
        /SHOP_COLOR: must be a colour/,
      );
    }
    expect(loadConfig({ SHOP_COLOR: ' #AbCdEf ' }).SHOP_COLOR).toBe('#abcdef');
  });
});
