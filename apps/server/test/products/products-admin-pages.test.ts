import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductPageRows } from '../../src/modules/products/repository.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { planOf } from '../helpers/query-plan.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

// The admin's product list reads a page's ids first and only then the page's products (a
// deferred join, docs/decisions/0050): the pages are the same, newest first, ties by id.

type Page = { products: { _id: string; lowStock: boolean }[]; page: number; pages: number };

describe(`admin product list pages (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  const expected: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ PAGE_SIZE: '3', LOW_STOCK_THRESHOLD: '5' });
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
    // Two products share each instant, so the id breaks the tie.
    const made: { id: string; at: number }[] = [];
    for (let n = 0; n < 10; n += 1) {
      const at = Date.UTC(2024, 0, 1) + Math.floor(n / 2) * 60_000;
      const row = await createProduct(t.database.db, {
        name: `Product ${n}`,
        countInStock: n % 3 === 0 ? 2 : 50,
        createdAt: new Date(at),
      });
      made.push({ id: row.id, at });
    }
    made.sort((a, b) => b.at - a.at || (a.id < b.id ? -1 : 1));
    expected.push(...made.map((row) => row.id));
  });
  afterAll(() => t.close());

  const page = async (query: string) => {
    const res = await t.app.inject({ url: `/api/products/admin${query}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };

  it('answers every page in order, newest first, ties by id, each with its low-stock mark', async () => {
    const seen: string[] = [];
    for (let n = 1; n <= 4; n += 1) {
      const answer = await page(`?pageNumber=${n}`);
      expect(answer).toMatchObject({ page: n, pages: 4 });
      seen.push(...answer.products.map((product) => product._id));
    }
    expect(seen).toEqual(expected);
    const low = await page('?lowStock=1&pageNumber=2');
    expect(low.pages).toBe(2);
    expect(low.products.every((product) => product.lowStock)).toBe(true);
  });

  it("finds a deep page's ids in products_created_at_idx alone, before reading any product", async () => {
    const db = t.database.db;
    const plan = await planOf(
      db,
      adminProductPageRows(db, undefined, { shopThreshold: 5, offset: 6, limit: 3 }).toSQL(),
    );
    expect(plan).toMatch(/Index Only Scan using products_created_at_idx/);
  });
});
