import type { ProductListResponse } from '@proshop/domain/product-schemas';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageRows } from '../../src/modules/products/repository.ts';
import { rankSliceRows } from '../../src/modules/products/search-page.ts';
import { productSearch } from '../../src/modules/products/search.ts';
import { createProduct } from '../helpers/factories.ts';
import { planOf } from '../helpers/query-plan.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const names = (body: ProductListResponse) => body.products.map((p) => p.name);

describe('GET /api/products?keyword= (search)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    // Older products rank higher on purpose: ranking must beat "newest first".
    await createProduct(db, { name: 'Walnut Desk', brand: 'Woodline', createdAt: day(1) });
    await createProduct(db, {
      name: 'Office Chair',
      brand: 'Sitwell',
      description: 'Matches a walnut desk.',
      createdAt: day(5),
    });
    await createProduct(db, {
      name: 'Desk Lamp',
      category: 'Walnut Furniture',
      createdAt: day(4),
    });
    await createProduct(db, { name: 'Desk of walnut, large', createdAt: day(2) });
    await createProduct(db, { name: 'Bookshelf', brand: 'WALNUTCO', createdAt: day(3) });
    await createProduct(db, { name: 'Café Crème Mug', brand: 'Ünïcode', createdAt: day(6) });
    for (let i = 0; i < 10; i++) {
      await createProduct(db, { name: `Cable ${i}`, category: 'Cables', createdAt: day(10 + i) });
    }
  });
  afterAll(() => t.close());

  const search = async (keyword: string, page = 1) => {
    const res = await t.app.inject(
      `/api/products?keyword=${encodeURIComponent(keyword)}&pageNumber=${page}`,
    );
    expect(res.statusCode, keyword).toBe(200);
    return res.json<ProductListResponse>();
  };

  it('puts name matches first, then brand or category, then description; newest among equals', async () => {
    const ranked = [
      'Desk of walnut, large',
      'Walnut Desk',
      'Desk Lamp',
      'Bookshelf',
      'Office Chair',
    ];
    expect(names(await search('walnut'))).toEqual(ranked);
    // A 2-letter word has no trigram: read in one ranked query, it must rank the same way.
    expect(names(await search('wa'))).toEqual(ranked);
  });

  it('ranks the exact phrase in the name above names with the words apart', async () => {
    expect(names(await search('walnut desk'))).toEqual([
      'Walnut Desk',
      'Desk of walnut, large',
      // Equal ranks: newest first.
      'Office Chair',
      'Desk Lamp',
    ]);
  });

  it('needs every word, in any order and any case, and matches parts of words', async () => {
    expect(names(await search('DESK   walNUT'))).toHaveLength(4);
    expect(names(await search('walnut chair'))).toEqual(['Office Chair']);
    expect(names(await search('wal'))).toContain('Bookshelf');
    expect(names(await search('walnut unicorn'))).toEqual([]);
  });

  it('matches accented letters; their case too when the database locale knows it', async () => {
    expect(names(await search('crème'))).toEqual(['Café Crème Mug']);
    expect(names(await search('CRèME'))).toEqual(['Café Crème Mug']);
    // A PostgreSQL database created with LC_CTYPE=C folds only ASCII letters (decision 0004).
    const result = await t.database.db.execute(
      sql`select datctype as ctype from pg_database where datname = current_database()`,
    );
    const ctype = (result as { rows: { ctype: string }[] }).rows[0]?.ctype;
    if (ctype !== 'C' && ctype !== 'POSIX') {
      expect(names(await search('ÜNÏCODE'))).toEqual(['Café Crème Mug']);
    }
  });

  it('pages the results of a search and gives an empty page past the last', async () => {
    const first = await search('cable');
    expect(first).toMatchObject({ page: 1, pages: 2, count: 10 });
    expect(first.products).toHaveLength(8);
    const second = await search('cable', 2);
    expect(second).toMatchObject({ page: 2, pages: 2, count: 10 });
    expect(names(second)).toEqual(['Cable 1', 'Cable 0']);
    expect(await search('cable', 3)).toMatchObject({ products: [], page: 3, pages: 2, count: 10 });
    expect(await search('nothing like this', 4)).toMatchObject({
      products: [],
      page: 4,
      pages: 1,
      count: 0,
      facets: { categories: [], brands: [], price: null },
    });
  });

  it('treats a blank keyword as no keyword', async () => {
    const all = await search('   ');
    expect(all.pages).toBe(2);
    expect(all.products[0]?.name).toBe('Cable 9');
  });

  it('never fails, whatever the keyword holds', async () => {
    for (const keyword of [
      '%',
      '_',
      '(',
      ')',
      '\\',
      "'",
      '"',
      '[a-z]*',
      '.*',
      '$1',
      '\0x',
      '🛒🛒',
    ]) {
      await search(keyword);
    }
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), async (keyword) => {
        const res = await t.app.inject({
          url: '/api/products',
          query: { keyword },
        });
        expect([200, 400]).toContain(res.statusCode);
        if (res.statusCode === 200) expect(Array.isArray(res.json().products)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('finds a small rank through the trigram indexes', async () => {
    const db = t.database.db;
    const search = productSearch('walnut desk')!;
    for (const rank of [0, 1, 2, 3]) {
      const slice = { rank, offset: 0, limit: 8, size: 2 };
      const plan = await planOf(db, rankSliceRows(db, search, slice, false).toSQL());
      expect(plan, `rank ${rank}`).toMatch(/products_search_(text|name|brand_category)_trgm_idx/);
    }
  });

  it('can read a large rank by walking the dates, without sorting', async () => {
    const db = t.database.db;
    const slice = { rank: 3, offset: 0, limit: 8, size: 2 };
    const walk = rankSliceRows(db, productSearch('walnut desk')!, slice, true);
    // As where the rank is most of a large table, so that the trigram index finds too much.
    const plan = await planOf(db, walk.toSQL(), { bitmapScans: false });
    expect(plan).toContain('products_created_at_idx');
    expect(plan).not.toMatch(/Sort/);
  });

  it('reads the home list in index order, without sorting the catalogue', async () => {
    const plan = await planOf(
      t.database.db,
      productPageRows(t.database.db, { offset: 8, limit: 8 }).toSQL(),
    );
    expect(plan).toContain('products_created_at_idx');
    expect(plan).not.toMatch(/Sort/);
  });
});
