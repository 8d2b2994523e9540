import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('ETag on catalogue reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 304 without a body when If-None-Match holds the current ETag', async () => {
    const product = await createProduct(t.database.db);
    const url = `/api/products/${product.id}`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 200 with the new data right after an admin changes the product', async () => {
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const product = await createProduct(t.database.db);
    const url = `/api/products/${product.id}`;
    const before = await t.app.inject({ method: 'GET', url });
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: {
        name: 'Renamed Kettle',
        price: 12.5,
        image: '/images/kettle.jpg',
        brand: 'Boilo',
        category: 'Kitchen',
        countInStock: 3,
        description: 'Boils water.',
      },
    });
    expect(put.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().name).toBe('Renamed Kettle');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('gives the list an ETag too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products?pageNumber=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^W\/"/);
  });
});
