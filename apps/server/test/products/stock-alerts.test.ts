import type { StockAlert, WishlistResponse } from '@proshop/domain/wishlist-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, stockAlerts } from '../../src/db/schema.ts';
import {
  createProduct,
  createProductWithVariants,
  createSignedInUser,
  uniqueEmail,
} from '../helpers/factories.ts';
import { payOrder, placeOrder } from '../helpers/orders.ts';
import { releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

type Headers = Record<string, string>;

const productForm = (countInStock: number) => ({
  name: 'Desk Lamp <b>',
  price: 30,
  image: '/images/lamp.webp',
  brand: 'Lumo',
  category: 'Home',
  countInStock,
  description: 'A lamp.',
});

describe(`back-in-stock requests /api/stock-alerts (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: { headers: Headers };
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(() => t.close());

  const ask = (headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/stock-alerts', headers, payload });
  const mailsTo = (to: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const customer = () =>
    createSignedInUser(t.database.db, { email: uniqueEmail('alert'), emailVerifiedAt: new Date() });
  const editStock = (id: string, countInStock: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.headers,
      payload: productForm(countInStock),
    });

  it('queues one e-mail per request when the admin restocks, even when two restocks race', async () => {
    const product = await createProduct(t.database.db, { countInStock: 0 });
    const waiting = [await customer(), await customer(), await customer()];
    for (const { headers } of waiting) {
      const res = await ask(headers, { product: product.id });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ message: 'We will e-mail you when it is back' });
    }
    // Asking again while one waits keeps one request.
    expect((await ask(waiting[0]!.headers, { product: product.id })).statusCode).toBe(201);

    const answers = await releaseTogether(
      t.app,
      [4, 6, 8].map((countInStock) => ({
        method: 'PUT' as const,
        url: `/api/products/${product.id}`,
        headers: admin.headers,
        payload: productForm(countInStock),
      })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);

    for (const { user } of waiting) {
      const mails = await mailsTo(user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('ProShop: Desk Lamp <b> is back in stock');
      expect(mails[0]!.text).toContain(`https://shop.example/product/${product.id}`);
      expect(mails[0]!.html).toContain('Desk Lamp &lt;b&gt;');
      expect(mails[0]!.html).not.toContain('Desk Lamp <b>');
    }
    const rows = await t.database.db
      .select()
      .from(stockAlerts)
      .where(eq(stockAlerts.productId, product.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.notifiedAt !== null)).toBe(true);

    // A later restock (out of stock, then back) sends nothing to requests already answered.
    await editStock(product.id, 0);
    await editStock(product.id, 2);
    expect(await mailsTo(waiting[1]!.user.email)).toHaveLength(1);
  });

  it('refuses a request for what is in stock, and answers 404 for an unknown product', async () => {
    const { headers } = await customer();
    const product = await createProduct(t.database.db, { countInStock: 2 });
    const res = await ask(headers, { product: product.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'It is in stock: you can buy it now' });
    const unknown = await ask(headers, { product: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect((await ask({}, { product: product.id })).statusCode).toBe(401);
  });

  it('waits for the variant asked for: another variant coming back sends nothing', async () => {
    const { product, variants } = await createProductWithVariants(
      t.database.db,
      [{ name: 'Size', values: ['S', 'M'] }],
      [
        { sku: `S-${product0()}`, options: { Size: 'S' }, countInStock: 0 },
        { sku: `M-${product0()}`, options: { Size: 'M' }, countInStock: 0 },
      ],
      { name: 'Shirt' },
    );
    const [small, medium] = variants;
    const { headers, user } = await customer();
    expect((await ask(headers, { product: product.id, variant: small!.id })).statusCode).toBe(201);
    const table = (s: number, m: number) => ({
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        {
          _id: small!.id,
          sku: small!.sku,
          options: { Size: 'S' },
          price: null,
          countInStock: s,
          image: null,
          active: true,
        },
        {
          _id: medium!.id,
          sku: medium!.sku,
          options: { Size: 'M' },
          price: null,
          countInStock: m,
          image: null,
          active: true,
        },
      ],
    });
    const put = (s: number, m: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}/variants`,
        headers: admin.headers,
        payload: table(s, m),
      });
    const first = await put(0, 5);
    expect(first.statusCode, first.body).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(0);
    await put(3, 5);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('ProShop: Shirt — Size: S is back in stock');
    const alerts = await t.app.inject({ url: `/api/stock-alerts?product=${product.id}`, headers });
    expect(alerts.json<StockAlert[]>()).toEqual([
      { product: product.id, variant: small!.id, notifiedAt: expect.any(String) },
    ]);
  });

  it('stock given back by a paid order the shop cancels answers the requests, and the wishlist says back in stock', async () => {
    const product = await createProduct(t.database.db, { price: '10.00', countInStock: 1 });
    const buyer = await customer();
    const order = await placeOrder(t.app, buyer.headers, [{ product, qty: 1 }]);
    expect((await payOrder(t.app, buyer.headers, order._id)).statusCode).toBe(200);

    const { headers, user } = await customer();
    expect((await ask(headers, { product: product.id })).statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: '/api/wishlist',
      headers,
      payload: { product: product.id },
    });
    expect(
      (await t.app.inject({ url: '/api/wishlist', headers })).json<WishlistResponse>().items[0],
    ).toMatchObject({ countInStock: 0, backInStock: false });

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/cancel`,
      headers: admin.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(
      (await t.app.inject({ url: '/api/wishlist', headers })).json<WishlistResponse>().items[0],
    ).toMatchObject({ countInStock: 1, backInStock: true });
  });
});

let skuCounter = 0;
function product0() {
  skuCounter += 1;
  return `${Date.now()}-${skuCounter}`;
}
