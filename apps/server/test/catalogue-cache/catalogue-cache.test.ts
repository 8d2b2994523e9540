import zlib, { brotliDecompressSync } from 'node:zlib';
import { computeOrderPrices } from '@proshop/domain/prices';
import type { Product, ProductDetail, ProductListResponse } from '@proshop/domain/product-schemas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { payOrder } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type Headers = Record<string, string>;

const productUpdate = {
  name: 'Kettle',
  price: 20,
  image: '/images/kettle.jpg',
  brand: 'Boilo',
  category: 'Kitchen',
  countInStock: 5,
  description: 'Boils water.',
};

describe('catalogue cache', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;

  // Installed before the app is built, so the compression plugin compresses through it.
  const brotli = vi.spyOn(zlib, 'brotliCompressSync');

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
    shopper = await createSignedInUser(t.database.db, { name: 'Sam Shopper' });
  });
  afterAll(async () => {
    await t.close();
    brotli.mockRestore();
  });

  const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
  const detail = async (id: string) => (await get(`/api/products/${id}`)).json<ProductDetail>();
  const list = async () => (await get('/api/products')).json<ProductListResponse>();
  const top = async () => (await get('/api/products/top')).json<Product[]>();

  /** Database reads the three catalogue routes make while `run` runs. */
  async function countQueries(run: () => Promise<unknown>): Promise<number> {
    const spy = vi.spyOn(t.app.db, 'select');
    try {
      await run();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  /** A product made by the admin through the API, so the shop knows of it. */
  async function adminCreates(changes: Partial<typeof productUpdate> = {}): Promise<Product> {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
    });
    expect(created.statusCode).toBe(201);
    const { _id } = created.json<Product>();
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${_id}`,
      headers: admin.headers,
      // Made active: a new product is a draft that no shopper sees.
      payload: { ...productUpdate, status: 'active', ...changes },
    });
    expect(updated.statusCode).toBe(200);
    return updated.json<Product>();
  }

  it('answers a repeated read from memory, byte for byte, without a database query', async () => {
    const product = await adminCreates({ name: 'Cached Kettle' });
    const urls = [
      '/api/products',
      '/api/products?keyword=cached%20kettle',
      '/api/products/top',
      `/api/products/${product._id}`,
    ];
    const first = await Promise.all(urls.map((url) => get(url)));
    expect(first.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    let again: Awaited<ReturnType<typeof get>>[] = [];
    expect(
      await countQueries(async () => {
        again = await Promise.all(urls.map((url) => get(url)));
      }),
    ).toBe(0);
    again.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(first[i]!.body);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.etag).toBe(first[i]!.headers.etag);
      // The cached path keeps the security headers of every answer.
      expect(res.headers['content-security-policy']).toBe(
        first[i]!.headers['content-security-policy'],
      );
      expect(res.headers['x-request-id']).toBeTruthy();
    });
  });

  it('keeps the compressed answer a browser was sent, and drops it with the rest on a change', async () => {
    const product = await adminCreates({ name: 'Packed Kettle', description: 'Hot. '.repeat(400) });
    const url = `/api/products/${product._id}`;
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const plain = await get(url);
    brotli.mockClear();
    const first = await get(url, browser);
    expect(brotli).toHaveBeenCalledTimes(1);
    let second: Awaited<ReturnType<typeof get>> | undefined;
    expect(
      await countQueries(async () => {
        second = await get(url, browser);
      }),
    ).toBe(0);
    // Sent as it was compressed for the first browser, not compressed again.
    expect(brotli).toHaveBeenCalledTimes(1);
    for (const res of [first, second!]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
    }

    await t.app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: { ...productUpdate, name: 'Repacked Kettle', description: 'Hot. '.repeat(400) },
    });
    const after = await get(url, browser);
    expect(JSON.parse(brotliDecompressSync(after.rawPayload).toString()).name).toBe(
      'Repacked Kettle',
    );
  });

  it('gives a signed-in shopper the same answer as everyone: it names no caller', async () => {
    const product = await adminCreates({ name: 'Shared Kettle' });
    const url = `/api/products/${product._id}`;
    const signedOut = await get(url);
    const signedIn = await get(url, shopper.headers);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(signedOut.body);
  });

  it('shows an admin edit on the next read of the product, the list and the top products', async () => {
    const product = await adminCreates({ name: 'Plain Kettle', price: 20 });
    expect((await detail(product._id)).price).toBe(20);
    expect((await list()).products.map((p) => p.name)).toContain('Plain Kettle');
    await top();

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: admin.headers,
      payload: { ...productUpdate, name: 'Shiny Kettle', price: 25.5 },
    });
    expect(put.statusCode).toBe(200);
    expect(await detail(product._id)).toMatchObject({ name: 'Shiny Kettle', price: 25.5 });
    expect((await list()).products.find((p) => p._id === product._id)?.name).toBe('Shiny Kettle');
  });

  it('shows a new product in the list, and a deleted one nowhere, on the next read', async () => {
    await list();
    const product = await adminCreates({ name: 'Brand New Kettle' });
    expect((await list()).products.map((p) => p._id)).toContain(product._id);
    expect((await detail(product._id)).name).toBe('Brand New Kettle');

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product._id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(`/api/products/${product._id}`)).statusCode).toBe(404);
    expect((await list()).products.map((p) => p._id)).not.toContain(product._id);
  });

  it('shows a new review with the new rating on the next read of the product and the top', async () => {
    const product = await adminCreates({ name: 'Reviewed Kettle' });
    expect(await detail(product._id)).toMatchObject({ rating: 0, numReviews: 0, reviews: [] });
    await top();

    const review = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product._id}/reviews`,
      headers: shopper.headers,
      payload: { rating: 5, comment: 'Boils fast.' },
    });
    expect(review.statusCode).toBe(201);
    const after = await detail(product._id);
    expect(after).toMatchObject({ rating: 5, numReviews: 1 });
    expect(after.reviews.map((r) => r.comment)).toEqual(['Boils fast.']);
    // Five stars and the only review made today: it heads the top products.
    expect((await top())[0]?._id).toBe(product._id);
  });

  it('shows the stock a payment took, and the buyer review badge, on the next read', async () => {
    const product = await adminCreates({ name: 'Bought Kettle', price: 10, countInStock: 4 });
    const buyer = await createSignedInUser(t.database.db, { name: 'Bea Buyer' });
    await t.app.inject({
      method: 'POST',
      url: `/api/products/${product._id}/reviews`,
      headers: buyer.headers,
      payload: { rating: 4, comment: 'Bought one.' },
    });
    const before = await detail(product._id);
    expect(before.countInStock).toBe(4);
    expect(before.reviews[0]?.verified).toBe(false);

    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.headers,
      payload: {
        orderItems: [{ product: product._id, qty: 3 }],
        shippingAddress: { address: '1 Main St', city: 'Town', postalCode: '1', country: 'Land' },
        paymentMethod: 'PayPal',
        ...computeOrderPrices([{ price: 10, qty: 3 }]),
      },
    });
    expect(order.statusCode).toBe(201);
    const orderId = order.json<{ _id: string }>()._id;
    const paid = await payOrder(t.app, buyer.headers, orderId);
    expect(paid.statusCode).toBe(200);

    const after = await detail(product._id);
    expect(after.countInStock).toBe(1);
    expect(after.reviews[0]?.verified).toBe(true);

    // Deleting the buyer's account unlinks the review from the paid order: no badge any more.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${buyer.user.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await detail(product._id)).reviews[0]?.verified).toBe(false);
  });

  it('answers 304 while nothing changed, and 200 with a new ETag after a change', async () => {
    const product = await adminCreates({ name: 'Tagged Kettle' });
    const url = `/api/products/${product._id}`;
    const first = await get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    for (const header of [etag, `"other", ${etag}`, '*']) {
      const again = await get(url, { 'if-none-match': header });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    expect((await get(url, { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);

    await t.app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: { ...productUpdate, name: 'Retagged Kettle' },
    });
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<ProductDetail>().name).toBe('Retagged Kettle');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('keeps no answer that was not 200: an unknown product becomes visible once created', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/products/${missing}`)).statusCode).toBe(404);
    expect((await get('/api/products/not-a-uuid')).statusCode).toBe(404);
    // Made behind the shop's back with the id asked for a moment ago.
    await createProduct(t.database.db, { id: missing, name: 'Late Kettle' });
    expect((await detail(missing)).name).toBe('Late Kettle');
  });
});
