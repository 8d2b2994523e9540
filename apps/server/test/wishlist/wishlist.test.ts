import type { WishlistResponse } from '@proshop/domain/wishlist-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wishlistItems } from '../../src/db/schema.ts';
import {
  createProduct,
  createProductWithVariants,
  createSignedInUser,
} from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

type Headers = Record<string, string>;

describe(`wishlist /api/wishlist (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: { headers: Headers };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(() => t.close());

  const save = (headers: Headers, product: string) =>
    t.app.inject({ method: 'POST', url: '/api/wishlist', headers, payload: { product } });
  const list = async (headers: Headers) =>
    (await t.app.inject({ url: '/api/wishlist', headers })).json<WishlistResponse>().items;

  it('lists saved products, newest first, with their price and stock now', async () => {
    const { headers } = await createSignedInUser(t.database.db);
    const kettle = await createProduct(t.database.db, {
      name: 'Kettle',
      price: '24.50',
      countInStock: 3,
    });
    const shirt = await createProductWithVariants(
      t.database.db,
      [{ name: 'Size', values: ['S', 'M'] }],
      [
        { options: { Size: 'S' }, price: '15.00', countInStock: 0 },
        { options: { Size: 'M' }, price: '12.00', countInStock: 2 },
      ],
      { name: 'Shirt', price: '20.00' },
    );
    expect((await save(headers, kettle.id)).statusCode).toBe(201);
    const saved = await save(headers, shirt.product.id);
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toEqual({ message: 'Saved to wishlist' });
    expect(await list(headers)).toEqual([
      expect.objectContaining({
        product: shirt.product.id,
        name: 'Shirt',
        price: 12,
        countInStock: 2,
        hasOptions: true,
        backInStock: false,
      }),
      expect.objectContaining({
        product: kettle.id,
        name: 'Kettle',
        price: 24.5,
        countInStock: 3,
        hasOptions: false,
      }),
    ]);
  });

  it('keeps one row when a product is saved twice, also at once', async () => {
    const { headers, user } = await createSignedInUser(t.database.db);
    const product = await createProduct(t.database.db);
    const answers = await Promise.all([save(headers, product.id), save(headers, product.id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect((await save(headers, product.id)).statusCode).toBe(201);
    const rows = await t.database.db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('removes a product, and a deleted product leaves every wishlist', async () => {
    const { headers } = await createSignedInUser(t.database.db);
    const kept = await createProduct(t.database.db, { name: 'Kept' });
    const removed = await createProduct(t.database.db, { name: 'Removed' });
    const deleted = await createProduct(t.database.db, { name: 'Deleted' });
    for (const product of [kept, removed, deleted]) await save(headers, product.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/wishlist/${removed.id}`,
      headers,
    });
    expect(res.json()).toEqual({ message: 'Removed from wishlist' });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${deleted.id}`,
      headers: admin.headers,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await list(headers)).map((item) => item.name)).toEqual(['Kept']);
  });

  it("shows only the caller's own list", async () => {
    const owner = await createSignedInUser(t.database.db);
    const other = await createSignedInUser(t.database.db);
    const product = await createProduct(t.database.db);
    await save(owner.headers, product.id);
    expect(await list(other.headers)).toEqual([]);
    // Removing it from another list is 404 and leaves the owner's as it is.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/wishlist/${product.id}`,
      headers: other.headers,
    });
    expect(removed.statusCode).toBe(404);
    expect(removed.json()).toEqual({ message: 'This product is not on your wishlist' });
    expect(await list(owner.headers)).toHaveLength(1);
  });

  it('answers 404 for an unknown product and 401 when signed out', async () => {
    const { headers } = await createSignedInUser(t.database.db);
    const unknown = await save(headers, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Product not found' });
    expect((await save(headers, 'nope')).statusCode).toBe(404);
    expect((await save({}, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/wishlist' })).statusCode).toBe(401);
  });
});
