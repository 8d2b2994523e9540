import { randomUUID } from 'node:crypto';
import { SAMPLE_PRODUCT } from '@proshop/domain/product-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products } from '../../src/db/schema.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type Headers = Record<string, string>;

const validUpdate = {
  name: 'Travel Kettle',
  price: 24.5,
  image: '/uploads/kettle.webp',
  brand: 'Boilo',
  category: 'Kitchen',
  countInStock: 7,
  description: 'Boils half a litre in two minutes.',
};

describe('admin product routes', () => {
  let t: TestApp;
  let admin: { user: { id: string }; headers: Headers };
  let customer: { headers: Headers };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
    customer = await createSignedInUser(t.database.db);
  });
  afterAll(() => t.close());

  describe('POST /api/products', () => {
    it('creates a sample product owned by the admin and answers it with 201', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ ...SAMPLE_PRODUCT, rating: 0, numReviews: 0 });
      expect(body).toMatchObject({
        name: 'Sample name',
        price: 0,
        brand: 'Sample brand',
        category: 'Sample category',
        countInStock: 0,
        description: 'Sample description',
      });
      const [row] = await t.database.db.select().from(products).where(eq(products.id, body._id));
      expect(row?.userId).toBe(admin.user.id);
      // A draft: the admin's detail has it, the storefront's does not (products-drafts.test.ts).
      const detail = await t.app.inject({
        url: `/api/products/${body._id}/admin`,
        headers: admin.headers,
      });
      expect(detail.json()).toMatchObject({ name: 'Sample name', reviews: [], status: 'draft' });
    });

    it('refuses a customer with 403 and a signed-out caller with 401', async () => {
      const asCustomer = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: customer.headers,
      });
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json()).toEqual({ message: 'Not authorized as an admin' });
      const signedOut = await t.app.inject({ method: 'POST', url: '/api/products' });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ message: 'Not authorized, please sign in' });
    });
  });

  describe('PUT /api/products/{id}', () => {
    const put = (id: string, payload: object, headers: Headers = admin.headers) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers, payload });

    it('saves the edit form and answers the product; unknown fields are dropped', async () => {
      const product = await createProduct(t.database.db, { rating: '4.50', numReviews: 2 });
      const res = await put(product.id, { ...validUpdate, rating: 1, numReviews: 99, _id: 'x' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ...validUpdate, _id: product.id, rating: 4.5 });
      expect(res.json().numReviews).toBe(2);
      const listed = await t.app.inject('/api/products?keyword=kettle');
      expect(listed.json().products.map((p: { _id: string }) => p._id)).toEqual([product.id]);
    });

    it('trims texts and keeps cents exact', async () => {
      const product = await createProduct(t.database.db);
      const res = await put(product.id, { ...validUpdate, name: '  Kettle  ', price: 0.1 });
      expect(res.json()).toMatchObject({ name: 'Kettle', price: 0.1 });
      const [row] = await t.database.db
        .select({ price: products.price })
        .from(products)
        .where(eq(products.id, product.id));
      expect(row?.price).toBe('0.10');
    });

    it('refuses invalid values with 400 naming the field', async () => {
      const product = await createProduct(t.database.db);
      const cases: [object, RegExp][] = [
        [{ price: -1 }, /Price must be 0 or more/],
        [{ price: 1.999 }, /Price must have at most 2 decimals/],
        [{ price: '12' }, /Price/],
        [{ countInStock: 1.5 }, /Count in stock must be a whole number/],
        [{ countInStock: -1 }, /Count in stock must be 0 or more/],
        [{ name: '' }, /Name is required/],
        [{ name: '   ' }, /Name is required/],
        [{ description: '' }, /Description is required/],
        [{ image: 'javascript:alert(1)' }, /Image must be a path/],
        [{ image: '/uploads/../../etc/passwd' }, /Image/],
      ];
      for (const [change, message] of cases) {
        const res = await put(product.id, { ...validUpdate, ...change });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().message, JSON.stringify(change)).toMatch(message);
      }
      const { brand: _brand, ...withoutBrand } = validUpdate;
      const missing = await put(product.id, withoutBrand);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/Brand/);
    });

    it('accepts an http(s) image address', async () => {
      const product = await createProduct(t.database.db);
      const res = await put(product.id, { ...validUpdate, image: 'https://cdn.example.com/k.jpg' });
      expect(res.statusCode).toBe(200);
      expect(res.json().image).toBe('https://cdn.example.com/k.jpg');
    });

    it('answers 404 Product not found for an unknown or malformed id', async () => {
      for (const id of [randomUUID(), 'nope']) {
        const res = await put(id, validUpdate);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ message: 'Product not found' });
      }
    });

    it('refuses a customer with 403 and a signed-out caller with 401, changing nothing', async () => {
      const product = await createProduct(t.database.db, { name: 'Untouched' });
      expect((await put(product.id, validUpdate, customer.headers)).statusCode).toBe(403);
      expect((await put(product.id, validUpdate, {})).statusCode).toBe(401);
      const detail = await t.app.inject(`/api/products/${product.id}`);
      expect(detail.json().name).toBe('Untouched');
    });
  });

  describe('DELETE /api/products/{id}', () => {
    const remove = (id: string, headers: Headers = admin.headers) =>
      t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers });

    it('removes the product; orders keep their copy of its name, image and price', async () => {
      const db = t.database.db;
      const product = await createProduct(db, { name: 'Soon gone', price: '12.34' });
      const [order] = await db
        .insert(orders)
        .values({
          userId: admin.user.id,
          buyerName: 'Buyer',
          buyerEmail: 'buyer@example.test',
          address: '1 Road',
          city: 'Town',
          postalCode: '123',
          country: 'Land',
          paymentMethod: 'PayPal',
          itemsPrice: '12.34',
          shippingPrice: '25.00',
          taxPrice: '1.85',
          totalPrice: '39.19',
        })
        .returning();
      await db.insert(orderItems).values({
        orderId: order!.id,
        productId: product.id,
        name: product.name,
        image: product.image,
        price: product.price,
        qty: 1,
      });

      const res = await remove(product.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Product removed' });
      expect((await t.app.inject(`/api/products/${product.id}`)).statusCode).toBe(404);
      const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
      expect(lines).toEqual([
        expect.objectContaining({
          productId: null,
          name: 'Soon gone',
          image: '/images/sample.webp',
          price: '12.34',
          qty: 1,
        }),
      ]);
    });

    it('answers 404 Product not found for an unknown, malformed or already deleted id', async () => {
      const product = await createProduct(t.database.db);
      expect((await remove(product.id)).statusCode).toBe(200);
      for (const id of [product.id, randomUUID(), 'bad-id']) {
        const res = await remove(id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ message: 'Product not found' });
      }
    });

    it('refuses a customer with 403 and a signed-out caller with 401, deleting nothing', async () => {
      const product = await createProduct(t.database.db);
      expect((await remove(product.id, customer.headers)).statusCode).toBe(403);
      expect((await remove(product.id, {})).statusCode).toBe(401);
      expect((await t.app.inject(`/api/products/${product.id}`)).statusCode).toBe(200);
    });
  });
});
