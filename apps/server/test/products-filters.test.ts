import {
  DEFAULT_PAGE_SIZE,
  PRODUCT_SORTS,
  type ProductListResponse,
  type ProductSort,
} from '@proshop/domain/product-schemas';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, products } from '../src/db/schema.ts';
import { createProduct, createSignedInUser } from './helpers/factories.ts';
import { payOrder, placeOrder } from './helpers/orders.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// The catalogue: three categories (one with a Unicode name and slug), three brands, products in
// no category or of no brand, equal prices and ratings (the id must settle their order), stock
// 0 and more. Every filter, sort and facet is checked against a reference computed here.
type Stored = typeof products.$inferSelect;

const CATEGORY_NAMES = ['Audio', 'Cameras', 'Électronique'];
const BRAND_NAMES = ['Sonix', 'Lumen', 'Ñandú'];

describe('GET /api/products: filters, sorts and facets', () => {
  let t: TestApp;
  let stored: Stored[];
  const slugOf = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    for (let i = 0; i < 30; i++) {
      await createProduct(db, {
        name: i % 3 === 0 ? `Studio lamp ${i}` : `Gadget ${i}`,
        category: i % 7 === 6 ? '' : CATEGORY_NAMES[i % 3]!,
        brand: i % 5 === 4 ? '' : BRAND_NAMES[(i * 2) % 3]!,
        price: [5, 19.99, 19.99, 42, 100, 7.5][i % 6]!.toFixed(2),
        countInStock: i % 4 === 0 ? 0 : i,
        rating: [4.5, 3, 4.5, 5, 1.5][i % 5]!.toFixed(2),
        numReviews: i % 5,
        unitsSold: (i * 7) % 11,
        createdAt: new Date(Date.UTC(2026, 0, 1, i)),
      });
    }
    stored = await db.select().from(products);
    for (const table of [categories, brands]) {
      for (const row of await db.select().from(table)) slugOf.set(row.name, row.slug);
    }
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject(`/api/products?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductListResponse>();
  };

  /** Every page of a query, one after the other, as a shopper paging through would read them. */
  const allPages = async (query: string) => {
    const first = await list(query);
    const rest = [];
    for (let page = 2; page <= first.pages; page++) {
      rest.push(...(await list(`${query}&pageNumber=${page}`)).products);
    }
    return { first, products: [...first.products, ...rest] };
  };

  interface Filters {
    category: string[];
    brand: string[];
    minPrice?: number | undefined;
    maxPrice?: number | undefined;
    inStock: boolean;
    minRating?: number | undefined;
    keyword?: string | undefined;
  }

  const toQuery = (filters: Filters, sort?: ProductSort) => {
    const query = new URLSearchParams();
    if (filters.keyword) query.set('keyword', filters.keyword);
    if (filters.category.length) {
      query.set('category', filters.category.map((name) => slugOf.get(name)).join(','));
    }
    if (filters.brand.length) {
      query.set('brand', filters.brand.map((name) => slugOf.get(name)).join(','));
    }
    if (filters.minPrice !== undefined) query.set('minPrice', String(filters.minPrice));
    if (filters.maxPrice !== undefined) query.set('maxPrice', String(filters.maxPrice));
    if (filters.inStock) query.set('inStock', '1');
    if (filters.minRating !== undefined) query.set('minRating', String(filters.minRating));
    if (sort) query.set('sort', sort);
    return query.toString();
  };

  // The reference: each rule written out plainly over the stored rows.
  const inCategory = (f: Filters, p: Stored) =>
    !f.category.length || f.category.includes(p.category);
  const inBrand = (f: Filters, p: Stored) => !f.brand.length || f.brand.includes(p.brand);
  const inPrice = (f: Filters, p: Stored) =>
    (f.minPrice === undefined || Number(p.price) >= f.minPrice) &&
    (f.maxPrice === undefined || Number(p.price) <= f.maxPrice);
  const inOthers = (f: Filters, p: Stored) =>
    (!f.inStock || p.countInStock > 0) &&
    (f.minRating === undefined || Number(p.rating) >= f.minRating) &&
    (!f.keyword ||
      `${p.name}\n${p.brand}\n${p.category}\n${p.description}`
        .toLowerCase()
        .includes(f.keyword.toLowerCase()));
  const matches = (f: Filters, p: Stored) =>
    inCategory(f, p) && inBrand(f, p) && inPrice(f, p) && inOthers(f, p);

  const byId = (a: Stored, b: Stored) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const newest = (a: Stored, b: Stored) =>
    b.createdAt.getTime() - a.createdAt.getTime() || byId(a, b);
  const orders: Record<ProductSort, (a: Stored, b: Stored) => number> = {
    newest,
    'price-asc': (a, b) => Number(a.price) - Number(b.price) || byId(a, b),
    'price-desc': (a, b) => Number(b.price) - Number(a.price) || byId(b, a),
    rating: (a, b) =>
      Number(b.rating) - Number(a.rating) || b.numReviews - a.numReviews || newest(a, b),
    'best-selling': (a, b) =>
      b.unitsSold - a.unitsSold || b.createdAt.getTime() - a.createdAt.getTime() || byId(a, b),
  };

  const expectedFacet = (f: Filters, field: 'category' | 'brand', keep: (p: Stored) => boolean) => {
    const counts = new Map<string, number>();
    for (const p of stored)
      if (p[field] && keep(p)) counts.set(p[field], (counts.get(p[field]) ?? 0) + 1);
    for (const chosen of f[field]) if (!counts.has(chosen)) counts.set(chosen, 0);
    return [...counts]
      .map(([name, count]) => ({ slug: slugOf.get(name)!, name, count }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug));
  };

  const expectedFacets = (f: Filters) => {
    const priced = stored.filter((p) => inCategory(f, p) && inBrand(f, p) && inOthers(f, p));
    const prices = priced.map((p) => Number(p.price));
    return {
      categories: expectedFacet(
        f,
        'category',
        (p) => inBrand(f, p) && inPrice(f, p) && inOthers(f, p),
      ),
      brands: expectedFacet(f, 'brand', (p) => inCategory(f, p) && inPrice(f, p) && inOthers(f, p)),
      price: prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
    };
  };

  const filtersArbitrary: fc.Arbitrary<Filters> = fc.record({
    category: fc.subarray(CATEGORY_NAMES),
    brand: fc.subarray(BRAND_NAMES),
    minPrice: fc.option(fc.constantFrom(0, 7.5, 19.99, 20), { nil: undefined }),
    maxPrice: fc.option(fc.constantFrom(19.99, 42, 1000), { nil: undefined }),
    inStock: fc.boolean(),
    minRating: fc.option(fc.constantFrom(0, 3, 4.5, 5), { nil: undefined }),
    keyword: fc.option(fc.constantFrom('lamp', 'gadget', 'électronique'), { nil: undefined }),
  });

  it('lists exactly the products every filter keeps, in the order of every sort, over all pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        filtersArbitrary.filter(
          (f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice,
        ),
        fc.constantFrom(...PRODUCT_SORTS),
        async (filters, sort) => {
          const { first, products: listed } = await allPages(toQuery(filters, sort));
          const expected = stored.filter((p) => matches(filters, p)).sort(orders[sort]);
          expect(first.pages).toBe(Math.max(1, Math.ceil(expected.length / DEFAULT_PAGE_SIZE)));
          if (filters.keyword && sort === 'newest') {
            // Best matches first: the same products, ranked (products-search.test.ts).
            expect(listed.map((p) => p._id).sort()).toEqual(expected.map((p) => p.id).sort());
          } else {
            expect(listed.map((p) => p._id)).toEqual(expected.map((p) => p.id));
          }
          expect(first.facets).toEqual(expectedFacets(filters));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('counts a facet without its own selection, so that other choices stay visible', async () => {
    const body = await list(`category=${slugOf.get('Audio')}`);
    // Every category keeps its count although only Audio is chosen.
    expect(body.facets.categories.map((value) => value.name)).toEqual(
      ['Audio', 'Cameras', 'Électronique'].sort((a, b) => a.localeCompare(b)),
    );
    expect(body.products.every((p) => p.category === 'Audio')).toBe(true);
  });

  it('answers an empty page, still with facets, for two filters that exclude each other', async () => {
    const none = stored.find((p) => p.category === 'Cameras' && p.brand === 'Sonix');
    expect(none).toBeUndefined();
    const body = await list(`category=${slugOf.get('Cameras')}&brand=${slugOf.get('Sonix')}`);
    expect(body).toMatchObject({ products: [], page: 1, pages: 1, facets: { price: null } });
    // Sonix is chosen but has nothing in Cameras: listed with 0 so that it can be unchosen.
    expect(body.facets.brands).toContainEqual({
      slug: slugOf.get('Sonix'),
      name: 'Sonix',
      count: 0,
    });
    expect(body.facets.categories).toContainEqual({
      slug: slugOf.get('Cameras'),
      name: 'Cameras',
      count: 0,
    });
  });

  it('lists a product in no category without a filter, never under a category', async () => {
    const loose = stored.filter((p) => p.categoryId === null);
    expect(loose.length).toBeGreaterThan(0);
    const everything = (await allPages('sort=price-asc')).products.map((p) => p._id);
    for (const p of loose) expect(everything).toContain(p.id);
    const categorised = (
      await allPages(`category=${CATEGORY_NAMES.map((n) => slugOf.get(n)).join(',')}`)
    ).products;
    expect(categorised.some((p) => p.categorySlug === null)).toBe(false);
  });

  it('reads Unicode slugs, written as they are or percent-encoded', async () => {
    expect(slugOf.get('Électronique')).toBe('électronique');
    const encoded = await list(`category=${encodeURIComponent('électronique')}`);
    expect(encoded.products.length).toBeGreaterThan(0);
    expect(encoded.products.every((p) => p.categorySlug === 'électronique')).toBe(true);
    expect((await list(`brand=${encodeURIComponent('ñandú')}`)).products.length).toBeGreaterThan(0);
  });

  it.each([
    ['sort=cheapest', 'sort must be one of newest, price-asc, price-desc, rating, best-selling'],
    ['inStock=yes', 'inStock must be 1'],
    ['minPrice=abc', 'minPrice must be an amount'],
    ['maxPrice=-3', 'maxPrice must be an amount'],
    ['minPrice=1.999', 'minPrice must be an amount'],
    ['minPrice=50&maxPrice=10', 'minPrice must not be more than maxPrice'],
    ['minRating=6', 'minRating must be a rating from 0 to 5'],
    ['category=Not%20A%20Slug', 'category must be slugs separated by commas'],
    ['category=audio,no-such-thing', 'Unknown category: no-such-thing'],
    ['brand=nobody', 'Unknown brand: nobody'],
  ])('refuses %s with a clear message', async (query, message) => {
    const res = await t.app.inject(`/api/products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  it('sorts by units sold, which a paid order raises', async () => {
    const db = t.database.db;
    const product = await createProduct(db, {
      name: 'Best seller',
      price: '3.00',
      countInStock: 50,
    });
    const shopper = await createSignedInUser(db);
    const order = await placeOrder(t.app, shopper.headers, [{ product, qty: 20 }]);
    const paid = await payOrder(t.app, shopper.headers, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    const top = (await list('sort=best-selling')).products[0]!;
    expect(top).toMatchObject({ _id: product.id, countInStock: 30 });
  });
});
