// The admin's order list and search with guest orders (issue #37): a guest's order is listed
// with isGuest and its buyer's name and e-mail, and found by either, like an account's order.
import type { OrderPage, PlacedOrder } from '@proshop/domain/order-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { orderBody, placeOrder } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

describe(`GET /api/orders with guest orders (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let guestOrder: PlacedOrder;
  let accountOrderId: string;

  const list = async (query = '') => {
    const res = await t.app.inject({ url: `/api/orders${query}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OrderPage>().orders;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const lamp = await createProduct(t.database.db, { price: '12.00', countInStock: 10 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        ...orderBody([{ product: lamp, qty: 1 }]),
        guest: { email: 'wanda.wayfarer@guests.example', name: 'Wanda Wayfarer' },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    guestOrder = placed.json<PlacedOrder>();
    const shopper = await createSignedInUser(t.database.db, { name: 'Arthur Account' });
    accountOrderId = (await placeOrder(t.app, shopper.headers, [{ product: lamp, qty: 1 }]))._id;
  });
  afterAll(() => t.close());

  it('lists the guest order with isGuest, its buyer name and e-mail, and no account', async () => {
    const orders = await list();
    expect(orders.find((order) => order._id === guestOrder._id)).toMatchObject({
      isGuest: true,
      user: { _id: null, name: 'Wanda Wayfarer', email: 'wanda.wayfarer@guests.example' },
    });
    expect(orders.find((order) => order._id === accountOrderId)).toMatchObject({
      isGuest: false,
    });
  });

  it("finds the guest order by its buyer's name, e-mail or a part of them, and by its number", async () => {
    for (const q of ['Wanda Wayfarer', 'wayfarer', 'wanda.wayfarer@guests.example', 'GUESTS.EX']) {
      const found = await list(`?q=${encodeURIComponent(q)}`);
      expect(
        found.map((order) => order._id),
        q,
      ).toEqual([guestOrder._id]);
    }
    const byNumber = await list(`?q=${encodeURIComponent(`#${guestOrder.orderNumber}`)}`);
    expect(byNumber.map((order) => order._id)).toEqual([guestOrder._id]);
  });
});
