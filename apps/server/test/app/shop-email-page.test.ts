import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A web build whose index.html holds the placeholders the server fills in. */
function webBuild(): string {
  const web = mkdtempSync(join(tmpdir(), 'proshop-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(
    join(web, 'index.html'),
    '<meta name="shop-name" content="__SHOP_NAME__"><meta name="shop-email" content="__SHOP_EMAIL__">',
  );
  return web;
}

describe("the shop's e-mail in the web page (Contact Us and Return item)", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('writes SHOP_EMAIL into index.html for every screen route', async () => {
    t = await createTestApp({ WEB_DIST_DIR: webBuild(), SHOP_EMAIL: 'help+orders@shop.example' });
    for (const url of ['/', '/profile']) {
      const res = await t.app.inject(url);
      expect(res.body, url).toContain(
        '<meta name="shop-email" content="help+orders@shop.example">',
      );
    }
  });

  it('leaves the content empty (not the placeholder) when SHOP_EMAIL is unset', async () => {
    t = await createTestApp({ WEB_DIST_DIR: webBuild() });
    const res = await t.app.inject('/profile');
    expect(res.body).toContain('<meta name="shop-email" content="">');
    expect(res.body).not.toContain('__SHOP_EMAIL__');
  });
});
