import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ORDER_STATUSES } from '@proshop/domain/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { orderItems, orders, refunds } from '../../src/db/schema.ts';
import { orderPageIds } from '../../src/modules/orders/repository.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { planOf } from '../helpers/query-plan.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const PAGE_SIZE = 4;

/** An order of `buyer` placed on 1 March 2026 plus `day` days, with two lines. */
async function storeOrder(
  db: Database,
  buyer: { id: string; name: string; email: string },
  day: number,
  productId: string,
) {
  const [order] = await db
    .insert(orders)
    .values({
      userId: buyer.id,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      address: `${day} Main St`,
      city: 'Springfield',
      postalCode: '12345',
      country: 'USA',
      paymentMethod: 'PayPal',
      itemsPrice: '30.00',
      shippingPrice: '25.00',
      taxPrice: '4.50',
      totalPrice: '59.50',
      createdAt: new Date(Date.UTC(2026, 2, 1 + day)),
    })
    .returning();
  // Stored second line first: the answer must follow the positions, not the insertion order.
  await db.insert(orderItems).values([
    {
      orderId: order!.id,
      productId,
      name: `Second ${day}`,
      image: '/i.webp',
      price: '10.00',
      qty: 1,
      position: 1,
    },
    {
      orderId: order!.id,
      productId,
      name: `First ${day}`,
      image: '/i.webp',
      price: '20.00',
      qty: 1,
      position: 0,
    },
  ]);
  return order!;
}

describe('GET /api/orders (admin order list, paginated)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;
  /** The 9 orders' ids, newest first. */
  let newestFirst: string[];

  beforeAll(async () => {
    t = await createTestApp({ PAGE_SIZE: String(PAGE_SIZE) });
    const db = t.database.db;
    admin = await createSignedInUser(db, { isAdmin: true });
    shopper = await createSignedInUser(db, { name: 'Olive Buyer' });
    const product = await createProduct(db);
    const stored = [];
    for (let day = 0; day < 9; day++)
      stored.push(await storeOrder(db, shopper.user, day, product.id));
    newestFirst = stored.reverse().map((order) => order.id);
  });
  afterAll(() => t.close());

  const list = (query = '', headers: Record<string, string> = admin.headers) =>
    t.app.inject({ url: `/api/orders${query}`, headers });

  it('answers page 1: the PAGE_SIZE newest orders with their buyer and lines, and the page count', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pages: 3 });
    expect(body.orders.map((order: { _id: string }) => order._id)).toEqual(newestFirst.slice(0, 4));
    expect(body.orders[0]).toMatchObject({
      user: { _id: shopper.user.id, name: 'Olive Buyer' },
      shippingAddress: { address: '8 Main St' },
      totalPrice: 59.5,
      isPaid: false,
      createdAt: '2026-03-09T00:00:00.000Z',
    });
    expect(body.orders[0].orderItems.map((item: { name: string }) => item.name)).toEqual([
      'First 8',
      'Second 8',
    ]);
  });

  it('answers the later pages, the last one short, and an empty list past the last', async () => {
    const page2 = (await list('?pageNumber=2')).json();
    expect(page2).toMatchObject({ page: 2, pages: 3 });
    expect(page2.orders.map((order: { _id: string }) => order._id)).toEqual(
      newestFirst.slice(4, 8),
    );
    const page3 = (await list('?pageNumber=3')).json();
    expect(page3.orders.map((order: { _id: string }) => order._id)).toEqual(newestFirst.slice(8));
    const past = await list('?pageNumber=7');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual({ orders: [], page: 7, pages: 3 });
  });

  it('treats a malformed page number as page 1', async () => {
    for (const pageNumber of ['abc', '0', '-2', '1.5', '99999999999']) {
      const res = await list(`?pageNumber=${pageNumber}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().page).toBe(1);
    }
  });

  it('is for admins only: 401 without a session, 403 for a shopper', async () => {
    expect((await list('', {})).statusCode).toBe(401);
    const refused = await list('?pageNumber=2', shopper.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Not authorized as an admin' });
  });

  it('reads a page in index order, without sorting every order', async () => {
    const plan = await planOf(
      t.database.db,
      orderPageIds(t.database.db, { offset: 4, limit: 4 }).toSQL(),
    );
    expect(plan).toContain('orders_created_idx');
    expect(plan).not.toMatch(/Sort/);
  });
});

describe('GET /api/orders on a shop without orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers one empty page', async () => {
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const res = await t.app.inject({ url: '/api/orders', headers: admin.headers });
    expect(res.json()).toEqual({ orders: [], page: 1, pages: 1 });
  });
});

describe('the admin order list filtered by status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAGE_SIZE: '20' });
  });
  afterAll(() => t?.close());

  it('lists only the orders in the state asked for, by the same rule the screens read', async () => {
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const buyer = await createSignedInUser(t.database.db);
    const product = await createProduct(t.database.db, { countInStock: 100 });
    const db = t.database.db;
    const ids: Record<string, string> = {};
    for (const [day, name] of ORDER_STATUSES.entries()) {
      ids[name] = (await storeOrder(db, buyer.user, day, product.id)).id;
    }
    const set = (name: string, values: Partial<typeof orders.$inferInsert>) =>
      db.update(orders).set(values).where(eq(orders.id, ids[name]!));
    const now = new Date();
    for (const name of ['paid', 'sent', 'delivered', 'partially-refunded', 'refunded']) {
      await set(name, { isPaid: true, paidAt: now, captureId: `CAPTURE-${name}` });
    }
    await set('sent', { isSent: true, sentAt: now });
    await set('delivered', { isSent: true, sentAt: now, isDelivered: true, deliveredAt: now });
    await set('cancelled', { cancelledAt: now, cancelledBy: 'buyer' });
    const refund = (name: string, amount: string, status: 'completed' | 'failed') =>
      db.insert(refunds).values({
        orderId: ids[name]!,
        amount,
        currency: 'USD',
        reason: 'test',
        status,
        requestId: randomUUID(),
      });
    await refund('partially-refunded', '10.00', 'completed');
    await refund('partially-refunded', '49.50', 'failed');
    await refund('refunded', '59.50', 'completed');

    for (const name of Object.keys(ids)) {
      const res = await t.app.inject({
        url: `/api/orders?status=${name}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json<{ orders: { _id: string }[]; pages: number }>();
      expect(
        page.orders.map((order) => order._id),
        name,
      ).toEqual([ids[name]]);
      expect(page.pages).toBe(1);
    }
    const unknown = await t.app.inject({ url: '/api/orders?status=lost', headers: admin.headers });
    expect(unknown.statusCode).toBe(400);
  });
});
