import { randomUUID } from 'node:crypto';
import { TOP_PRODUCTS_COUNT } from '@proshop/domain/product-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../src/db/schema.ts';
import { createProduct, createUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('GET /api/products/top and GET /api/products/{id}', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const ratings: [string, string, number][] = [
      ['Average', '3.00', 4],
      ['Best', '4.90', 10],
      ['Worst', '1.00', 1],
      ['Good few reviews', '4.50', 2],
      ['Good many reviews', '4.50', 8],
    ];
    for (const [name, rating, numReviews] of ratings) {
      ids[name] = (await createProduct(db, { name, rating, numReviews })).id;
    }
  });
  afterAll(() => t.close());

  it('answers the best-rated products, most reviewed first among equals', async () => {
    const res = await t.app.inject('/api/products/top');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((p: { name: string }) => p.name);
    expect(names).toHaveLength(TOP_PRODUCTS_COUNT);
    expect(names).toEqual(['Best', 'Good many reviews', 'Good few reviews']);
    expect(res.json()[0]).toMatchObject({ _id: ids.Best, rating: 4.9, numReviews: 10 });
  });

  it('answers a product with its reviews, oldest first', async () => {
    const db = t.database.db;
    const reviewer = await createUser(db, { name: 'Ann Reviewer' });
    await db.insert(reviews).values([
      {
        productId: ids.Average!,
        userId: reviewer.id,
        name: 'Ann Reviewer',
        rating: 3,
        comment: 'Fine',
        createdAt: new Date('2026-03-01T10:00:00Z'),
      },
      {
        productId: ids.Average!,
        userId: null,
        name: 'Gone Account',
        rating: 4,
        comment: 'Kept after the account was deleted',
        createdAt: new Date('2026-02-01T10:00:00Z'),
      },
    ]);
    const res = await t.app.inject(`/api/products/${ids.Average}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ _id: ids.Average, name: 'Average', price: 10, rating: 3 });
    expect(body.reviews).toEqual([
      {
        _id: expect.any(String),
        name: 'Gone Account',
        rating: 4,
        comment: 'Kept after the account was deleted',
        createdAt: '2026-02-01T10:00:00.000Z',
        verified: false,
      },
      {
        _id: expect.any(String),
        name: 'Ann Reviewer',
        rating: 3,
        comment: 'Fine',
        createdAt: '2026-03-01T10:00:00.000Z',
        verified: false,
      },
    ]);
  });

  it('answers an empty review list for a product nobody reviewed', async () => {
    const res = await t.app.inject(`/api/products/${ids.Worst}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().reviews).toEqual([]);
  });

  it('answers 404 Product not found for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-an-id', '123', "1' or '1'='1", '%20']) {
      const res = await t.app.inject(`/api/products/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ message: 'Product not found' });
    }
  });
});
