import { computeOrderPrices } from '@proshop/domain/prices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products } from '../../src/db/schema.ts';
import { findVariantsOfProduct } from '../../src/modules/products/variants-repository.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

/** The body the place-order screen sends: lines and the totals it showed, computed by the shared rule. */
function orderBody(lines: { product: string; qty: number; price: number }[]) {
  return {
    orderItems: lines.map(({ product, qty }) => ({ product, qty })),
    shippingAddress: address,
    paymentMethod: 'PayPal',
    ...computeOrderPrices(lines),
  };
}

describe('orders', () => {
  let t: TestApp;
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;
  let other: Awaited<ReturnType<typeof createSignedInUser>>;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let lamp: Awaited<ReturnType<typeof createProduct>>;
  let chair: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    shopper = await createSignedInUser(db, { name: 'Olive Buyer' });
    other = await createSignedInUser(db);
    admin = await createSignedInUser(db, { isAdmin: true });
    lamp = await createProduct(db, { name: 'Desk lamp', price: '19.99', countInStock: 10 });
    chair = await createProduct(db, { name: 'Chair', price: '89.50', countInStock: 2 });
  });
  afterAll(() => t.close());

  const place = (body: unknown, headers: Record<string, string> = shopper.headers) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers, payload: body as object });

  it('places an order at the database prices, copying name, image and price into the lines', async () => {
    const res = await place(
      orderBody([
        { product: lamp.id, qty: 2, price: 19.99 },
        { product: chair.id, qty: 1, price: 89.5 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json();
    // 2 × 19.99 + 89.50 = 129.48; free shipping above 100; tax 15 % rounded per line (issue
    // #38): 6.00 + 13.43 = 19.43; total 148.91. The country is kept as its code.
    expect(order).toMatchObject({
      user: { _id: shopper.user.id, name: 'Olive Buyer', email: shopper.user.email },
      shippingAddress: { ...address, country: 'US', name: '', region: '', phone: '' },
      paymentMethod: 'PayPal',
      itemsPrice: 129.48,
      shippingPrice: 0,
      shipping: { method: 'Standard', estimateMinDays: 3, estimateMaxDays: 5, tax: 0 },
      taxPrice: 19.43,
      taxLines: [
        { name: 'Tax', basisPoints: 1500, appliesTo: 'items', base: 129.48, amount: 19.43 },
      ],
      pricesIncludeTax: false,
      totalPrice: 148.91,
      isPaid: false,
      paidAt: null,
      isSent: false,
      isDelivered: false,
    });
    // The lines keep the cart's order, here and whenever the order is read again.
    // Each line has an id of its own, which refunds name.
    const lineId = expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown as string;
    // A product without options is bought as its one variant, whose SKU the line copies.
    const [lampVariant] = await findVariantsOfProduct(t.database.db, lamp.id);
    const [chairVariant] = await findVariantsOfProduct(t.database.db, chair.id);
    const line = (product: typeof lamp, variant: typeof lampVariant) => ({
      _id: lineId,
      product: product.id,
      variant: variant!.id,
      sku: variant!.sku,
      options: [],
      name: product.name,
      image: product.image,
      // No discount code: no line has a share of a discount.
      discount: 0,
      taxBasisPoints: 1500,
      taxName: 'Tax',
    });
    const lines = [
      { ...line(lamp, lampVariant), price: 19.99, qty: 2, tax: 6 },
      { ...line(chair, chairVariant), price: 89.5, qty: 1, tax: 13.43 },
    ];
    expect(order.orderItems).toEqual(lines);
    const again = await t.app.inject({ url: `/api/orders/${order._id}`, headers: shopper.headers });
    expect(again.json().orderItems).toEqual(lines);
    const reversed = await place(
      orderBody([
        { product: chair.id, qty: 1, price: 89.5 },
        { product: lamp.id, qty: 2, price: 19.99 },
      ]),
    );
    const reread = await t.app.inject({
      url: `/api/orders/${reversed.json()._id}`,
      headers: shopper.headers,
    });
    expect(reread.json().orderItems).toEqual([...lines].reverse());
    // Placing an order takes no stock: stock is taken when the payment is captured.
    const [stored] = await t.database.db.select().from(products).where(eq(products.id, lamp.id));
    expect(stored?.countInStock).toBe(10);
  });

  it('refuses an order whose totals differ from the server prices (a tampered price) with 409', async () => {
    const body = orderBody([{ product: lamp.id, qty: 1, price: 0.01 }]);
    const res = await place(body);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Prices have changed/);
    // A price sent on a line is ignored, not trusted.
    const withLinePrice = {
      ...orderBody([{ product: lamp.id, qty: 1, price: 19.99 }]),
      orderItems: [{ product: lamp.id, qty: 1, price: 0.01, name: 'Free lamp' }],
    };
    const ok = await place(withLinePrice);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().orderItems[0]).toMatchObject({ name: 'Desk lamp', price: 19.99 });
  });

  it('refuses an empty cart, bad quantities and unknown products with 400 and a clear message', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...orderBody([]), orderItems: [] }, /cart is empty/i],
      [orderBody([{ product: lamp.id, qty: 0, price: 19.99 }]), /Quantity must be at least 1/],
      [orderBody([{ product: lamp.id, qty: -2, price: 19.99 }]), /Quantity must be at least 1/],
      [
        // The shared price rule prices whole units only: the bad quantity goes in afterwards.
        {
          ...orderBody([{ product: lamp.id, qty: 1, price: 19.99 }]),
          orderItems: [{ product: lamp.id, qty: 1.5 }],
        },
        /whole number/,
      ],
      [
        {
          ...orderBody([{ product: lamp.id, qty: 1, price: 19.99 }]),
          orderItems: [{ product: lamp.id, qty: 'two' }],
        },
        /Quantity must be a number/,
      ],
      [orderBody([{ product: 'not-a-product', qty: 1, price: 1 }]), /Product not found/],
      [
        orderBody([{ product: '00000000-0000-4000-8000-000000000000', qty: 1, price: 1 }]),
        /Product not found/,
      ],
      [
        orderBody([
          { product: lamp.id, qty: 1, price: 19.99 },
          { product: lamp.id, qty: 1, price: 19.99 },
        ]),
        /only once/,
      ],
      [
        { ...orderBody([{ product: lamp.id, qty: 1, price: 19.99 }]), paymentMethod: 'Gold' },
        /Payment method/,
      ],
      [
        {
          ...orderBody([{ product: lamp.id, qty: 1, price: 19.99 }]),
          shippingAddress: { ...address, city: ' ' },
        },
        /City is required/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await place(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('refuses more than the stock with 409 naming the product', async () => {
    const res = await place(orderBody([{ product: chair.id, qty: 3, price: 89.5 }]));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 2 of Chair left in stock');
    const soldOut = await createProduct(t.database.db, { name: 'Gone', countInStock: 0 });
    const gone = await place(orderBody([{ product: soldOut.id, qty: 1, price: 10 }]));
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('Gone is out of stock');
  });

  it('makes one order for a retried request with the same Idempotency-Key', async () => {
    const body = orderBody([{ product: lamp.id, qty: 1, price: 19.99 }]);
    const headers = { ...shopper.headers, 'idempotency-key': `retry-${Date.now()}` };
    const [first, second] = await Promise.all([place(body, headers), place(body, headers)]);
    const third = await place(body, headers);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([first.json()._id, second.json()._id, third.json()._id]).size).toBe(1);
    const stored = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, headers['idempotency-key']));
    expect(stored).toHaveLength(1);
    // Another shopper's key of the same text is theirs alone.
    const theirs = await place(body, {
      ...other.headers,
      'idempotency-key': headers['idempotency-key'],
    });
    expect(theirs.json()._id).not.toBe(first.json()._id);
  });

  it('shows an order to its buyer and to admins only; anyone else gets 404', async () => {
    const order = (await place(orderBody([{ product: lamp.id, qty: 1, price: 19.99 }]))).json();
    const get = (headers: Record<string, string>, id = order._id) =>
      t.app.inject({ url: `/api/orders/${id}`, headers });
    expect((await get(shopper.headers)).json()._id).toBe(order._id);
    expect((await get(admin.headers)).statusCode).toBe(200);
    const stranger = await get(other.headers);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: 'Order not found' });
    expect((await get(shopper.headers, 'nope')).statusCode).toBe(404);
    expect((await get(shopper.headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    // Without a token only a guest order's key opens an order (guest-orders.test.ts).
    expect((await get({})).statusCode).toBe(404);
  });

  it('lists my orders newest first, and every order for admins only', async () => {
    // Buyers of this test's own, so that the orders of other tests do not count.
    const buyer = await createSignedInUser(t.database.db);
    const neighbour = await createSignedInUser(t.database.db);
    const placed = [];
    for (const headers of [buyer.headers, buyer.headers, buyer.headers, neighbour.headers]) {
      const res = await place(orderBody([{ product: lamp.id, qty: 1, price: 19.99 }]), headers);
      expect(res.statusCode).toBe(201);
      placed.push(res.json<{ _id: string }>()._id);
    }
    const mine = await t.app.inject({ url: '/api/orders/myorders', headers: buyer.headers });
    expect(mine.statusCode).toBe(200);
    const list = mine.json<{ _id: string; createdAt: string }[]>();
    expect(list.map((o) => o._id).sort()).toEqual(placed.slice(0, 3).sort());
    const dates = list.map((o) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(
      (await t.app.inject({ url: '/api/orders/myorders', headers: neighbour.headers })).json(),
    ).toHaveLength(1);

    const all = await t.app.inject({ url: '/api/orders', headers: admin.headers });
    expect(all.statusCode).toBe(200);
    // Newest first across every buyer: this test's four orders open page 1.
    expect(all.json().page).toBe(1);
    const newest = all.json<{ orders: { _id: string }[] }>().orders.slice(0, placed.length);
    expect(newest.map((o) => o._id).sort()).toEqual([...placed].sort());
    expect(all.json().orders[0].user.name).toEqual(expect.any(String));
    expect((await t.app.inject({ url: '/api/orders', headers: shopper.headers })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: '/api/orders' })).statusCode).toBe(401);
  });

  it('moves an order paid → sent → delivered for admins only, refusing every wrong order with 409', async () => {
    const order = (await place(orderBody([{ product: lamp.id, qty: 1, price: 19.99 }]))).json();
    const step = (name: 'sent' | 'deliver', headers: Record<string, string> = admin.headers) =>
      t.app.inject({ method: 'PUT', url: `/api/orders/${order._id}/${name}`, headers });

    expect((await step('sent', shopper.headers)).statusCode).toBe(403);
    expect((await step('sent', {})).statusCode).toBe(401);
    const unpaidSent = await step('sent');
    expect(unpaidSent.statusCode).toBe(409);
    expect(unpaidSent.json().message).toBe('This order has not been paid yet');
    expect((await step('deliver')).statusCode).toBe(409);

    await t.database.db
      .update(orders)
      .set({ isPaid: true, paidAt: new Date() })
      .where(eq(orders.id, order._id));
    const early = await step('deliver');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This order has not been sent yet');

    const sent = await step('sent');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      isSent: true,
      sentAt: expect.any(String),
      isDelivered: false,
    });
    expect((await step('sent')).json().message).toBe('This order has already been sent');

    const delivered = await step('deliver');
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ isDelivered: true, deliveredAt: expect.any(String) });
    expect((await step('deliver')).json().message).toBe('This order has already been delivered');
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/orders/nope/sent', headers: admin.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('ignores attempts to set paid, sent or the buyer through the order body', async () => {
    const body = {
      ...orderBody([{ product: lamp.id, qty: 1, price: 19.99 }]),
      isPaid: true,
      paidAt: '2020-01-01',
      isSent: true,
      isDelivered: true,
      user: other.user.id,
    };
    const order = (await place(body)).json();
    expect(order).toMatchObject({ isPaid: false, isSent: false, isDelivered: false });
    expect(order.user._id).toBe(shopper.user.id);
    const lines = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order._id));
    expect(lines).toHaveLength(1);
  });
});
