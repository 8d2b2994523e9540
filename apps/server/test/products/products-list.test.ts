import { DEFAULT_PAGE_SIZE } from '@proshop/domain/product-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('GET /api/products', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // 11 products, newest last: "Blue lamp 10" is the newest.
    for (let i = 0; i < 11; i++) {
      await createProduct(t.database.db, {
        name: `${i % 2 === 0 ? 'Blue' : 'Red'} lamp ${i}`,
        brand: i === 3 ? '50%_Off\\Brand' : 'Lumen',
        price: (i + 0.99).toFixed(2),
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
  });
  afterAll(() => t.close());

  it('answers the first page, newest first, PAGE_SIZE products with page and pages', async () => {
    const res = await t.app.inject('/api/products');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.page).toBe(1);
    expect(body.pages).toBe(2);
    expect(body.products).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(body.products[0]).toMatchObject({ name: 'Blue lamp 10', price: 10.99 });
    expect(Object.keys(body.products[0]).sort()).toEqual(
      [
        '_id',
        'brand',
        'brandSlug',
        'category',
        'categorySlug',
        'countInStock',
        'createdAt',
        'description',
        'image',
        'images',
        'maxPrice',
        'minPrice',
        'name',
        'numReviews',
        'price',
        'rating',
        'variantCount',
      ].sort(),
    );
  });

  it('answers the rest on page 2 and an empty list past the last page, not an error', async () => {
    const page2 = (await t.app.inject('/api/products?pageNumber=2')).json();
    expect(page2).toMatchObject({ page: 2, pages: 2, count: 11 });
    expect(page2.products).toHaveLength(3);
    const page9 = await t.app.inject('/api/products?pageNumber=9');
    expect(page9.statusCode).toBe(200);
    expect(page9.json()).toMatchObject({ products: [], page: 9, pages: 2, count: 11 });
  });

  it('treats a malformed page number as page 1', async () => {
    for (const pageNumber of ['abc', '-3', '0', '2.5']) {
      const res = await t.app.inject(`/api/products?pageNumber=${pageNumber}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().page).toBe(1);
    }
  });

  it('filters case-insensitively by keyword', async () => {
    const body = (await t.app.inject('/api/products?keyword=bLuE')).json();
    expect(body.products.map((p: { name: string }) => p.name).sort()).toEqual(
      [
        'Blue lamp 0',
        'Blue lamp 10',
        'Blue lamp 2',
        'Blue lamp 4',
        'Blue lamp 6',
        'Blue lamp 8',
      ].sort(),
    );
  });

  it('matches wildcard characters literally and never fails on odd keywords', async () => {
    for (const keyword of ['50%_off\\', '%', '_', '\\']) {
      const res = await t.app.inject(`/api/products?keyword=${encodeURIComponent(keyword)}`);
      expect(
        res.json().products.map((p: { name: string }) => p.name),
        keyword,
      ).toEqual(['Red lamp 3']);
    }
    for (const keyword of ['(', "' or 1=1 --", '🛒', 'x'.repeat(1000)]) {
      const res = await t.app.inject(`/api/products?keyword=${encodeURIComponent(keyword)}`);
      expect(res.statusCode, keyword).toBe(200);
      expect(res.json().products, keyword).toEqual([]);
    }
  });

  it('refuses a keyword over 1,000 characters with a clear 400', async () => {
    const res = await t.app.inject(`/api/products?keyword=${'x'.repeat(1001)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/keyword/);
  });
});
