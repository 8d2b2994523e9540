import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProduct } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const PUBLIC_URL = 'https://shop.example';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);

describe('robots.txt and the sitemap', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No web build: both are the server's own, served with or without the web app.
    t = await createTestApp({ PUBLIC_URL });
  });
  afterAll(() => t.close());

  it('allows the shop, disallows the private pages and the API, and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/cart',
      '/shipping',
      '/payment',
      '/placeorder',
      '/profile',
      '/order/',
      '/admin',
      '/login',
      '/register',
      '/wishlist',
      '/api/',
    ]) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    expect(
      lines.filter((line) =>
        /^Disallow: \/(product|category|brand|search|page|images|assets|uploads)/.test(line),
      ),
    ).toEqual([]);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('lists 120,000 products, the categories, brands and home page in 3 files of at most 50,000', async () => {
    const db = t.database.db;
    const sample = await createProduct(db, { brand: 'Lumo', category: 'Lighting' });
    // In bulk, 20,000 rows a statement (each well inside the pool's query timeout, search
    // indexes and all), as a large catalogue's import would leave them.
    for (let first = 1; first < 120_000; first += 20_000) {
      const last = Math.min(first + 19_999, 119_999);
      await db.execute(sql`
        insert into products (name, image, images, brand, category, description, price, updated_at)
        select 'Bulk ' || g, '/images/sample.webp', array['/images/sample.webp'], '', '', 'Bulk.', 1,
               timestamptz '2026-01-01T00:00:00Z' + g * interval '1 second'
          from generate_series(${first}::int, ${last}::int) g`);
    }
    await t.app.catalogue.change(db, async () => {});

    const index = await t.app.inject({
      url: '/sitemap.xml',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.headers['content-encoding']).toBe('gzip');
    const indexXml = gunzipSync(index.rawPayload).toString();
    expect(indexXml).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    const files = locs(indexXml);
    expect(files).toEqual([1, 2, 3].map((n) => `${PUBLIC_URL}/sitemaps/${n}.xml`));

    const all: string[] = [];
    const lastmods = new Map<string, string>();
    for (const file of files) {
      const res = await t.app.inject({
        url: new URL(file).pathname,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(res.statusCode, file).toBe(200);
      const xml = gunzipSync(res.rawPayload).toString();
      expect(xml).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      const urls = locs(xml);
      expect(urls.length, file).toBeLessThanOrEqual(50_000);
      all.push(...urls);
      for (const match of xml.matchAll(/<loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod>/g)) {
        lastmods.set(match[1]!, match[2]!);
      }
    }
    const products = all.filter((url) => url.startsWith(`${PUBLIC_URL}/product/`));
    expect(products).toHaveLength(120_000);
    expect(new Set(all).size).toBe(all.length);
    expect(all[0]).toBe(`${PUBLIC_URL}/`);
    expect(all).toContain(`${PUBLIC_URL}/category/lighting`);
    expect(all).toContain(`${PUBLIC_URL}/brand/lumo`);
    expect(lastmods.get(`${PUBLIC_URL}/product/${sample.id}`)).toBe(sample.updatedAt.toISOString());
    expect([...lastmods.keys()].filter((url) => url.includes('/product/'))).toHaveLength(120_000);

    // Past the last file, and a name that is no file: 404.
    expect((await t.app.inject('/sitemaps/4.xml')).statusCode).toBe(404);
    expect((await t.app.inject('/sitemaps/0.xml')).statusCode).toBe(404);
    expect((await t.app.inject('/sitemaps/x.xml')).statusCode).toBe(404);
  }, 180_000);

  it('serves a file unpacked to a client that takes no gzip, and again from memory until the catalogue changes', async () => {
    const plain = await t.app.inject({
      url: '/sitemaps/3.xml',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const before = locs(plain.body);
    const select = vi.spyOn(t.app.db, 'select');
    try {
      const again = await t.app.inject({
        url: '/sitemaps/3.xml',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(locs(gunzipSync(again.rawPayload).toString())).toEqual(before);
      expect(select).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
    }
    const added = await t.app.catalogue.change(t.database.db, (tx) =>
      createProduct(tx, { brand: 'Lumo', category: 'Lighting' }),
    );
    const after: string[] = [];
    for (const n of [1, 2, 3]) after.push(...locs((await t.app.inject(`/sitemaps/${n}.xml`)).body));
    expect(after.filter((url) => url.includes('/product/'))).toHaveLength(120_001);
    expect(after).toContain(`${PUBLIC_URL}/product/${added.id}`);
    expect(after.slice(100_000).length).toBe(before.length + 1);
  }, 60_000);
});
