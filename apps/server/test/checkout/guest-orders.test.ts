// Guest checkout (issue #37): an order placed without an account carries the buyer's e-mail and
// name, and its buyer reads, pays, cancels and returns it through the key of its link. Every
// rule of an account's order holds (server prices, stock at payment, idempotency, discount
// limits, counted by e-mail); a wrong, missing or another order's key is a 404 like an unknown
// order; guests are rate-limited; CHECKOUT_ACCOUNTS=required sells to accounts only.
import { computeOrderPrices } from '@proshop/domain/prices';
import type { PlacedOrder } from '@proshop/domain/order-schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts, mailOutbox, orders } from '../../src/db/schema.ts';
import { createProduct, createSignedInUser, uniqueEmail } from '../helpers/factories.ts';
import { orderBody, stockOf, type OrderLine } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type Headers = Record<string, string>;

const guest = (prefix = 'guest') => ({ email: uniqueEmail(prefix), name: 'Gwen Guest' });

let addresses = 0;
/** A client address no other request of this file used: each guest its own rate limits. */
const newAddress = () => {
  addresses += 1;
  return `10.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

/** POST /api/orders as a guest (no token), from its own address unless `address` is given. */
function placeAsGuest(
  t: TestApp,
  buyer: { email: string; name: string } | undefined,
  lines: OrderLine[],
  options: { headers?: Headers; body?: Record<string, unknown>; address?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: options.address ?? newAddress(),
    headers: options.headers ?? {},
    payload: { ...orderBody(lines), ...(buyer ? { guest: buyer } : {}), ...options.body },
  });
}

async function placedGuestOrder(t: TestApp, lines: OrderLine[], buyer = guest()) {
  const res = await placeAsGuest(t, buyer, lines);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PlacedOrder & { accessKey: string }>();
}

const withKey = (path: string, key: string | undefined) =>
  key === undefined ? path : `${path}?key=${encodeURIComponent(key)}`;

/** Starts and captures the test payment of a guest order through its key; the capture's answer. */
async function payWithKey(t: TestApp, orderId: string, key: string) {
  const started = await t.app.inject({
    method: 'POST',
    url: withKey(`/api/orders/${orderId}/payment`, key),
  });
  if (started.statusCode !== 200) return started;
  const { providerOrderId } = started.json<{ providerOrderId: string }>();
  return t.app.inject({
    method: 'PUT',
    url: withKey(`/api/orders/${orderId}/pay`, key),
    payload: { providerOrderId },
  });
}

describe('guest checkout', () => {
  let t: TestApp;
  let lamp: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    t = await createTestApp();
    lamp = await createProduct(t.database.db, { price: '24.00', countInStock: 1_000 });
  });
  afterAll(() => t.close());

  it('places an order with the e-mail and name and no account, and answers the key of its link once', async () => {
    const buyer = guest();
    const order = await placedGuestOrder(t, [{ product: lamp, qty: 2 }], buyer);
    expect(order).toMatchObject({
      isGuest: true,
      user: { _id: null, name: buyer.name, email: buyer.email },
      isPaid: false,
      totalPrice: computeOrderPrices([{ price: 24, qty: 2 }]).totalPrice,
    });
    // 256 random bits, base64url.
    expect(order.accessKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.userId).toBeNull();
    // Kept hashed only: the key itself is nowhere in the row.
    expect(row!.accessKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(order.accessKey);

    const read = await t.app.inject({ url: withKey(`/api/orders/${order._id}`, order.accessKey) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ _id: order._id, isGuest: true });
    expect(read.json()).not.toHaveProperty('accessKey');
    // The key is in the address: no page of the shop hands its address on to another site.
    expect(read.headers['referrer-policy']).toBe('no-referrer');
  });

  it("answers 404, as for an unknown order, to a wrong, missing, upper-cased or another order's key", async () => {
    const order = await placedGuestOrder(t, [{ product: lamp, qty: 1 }]);
    const other = await placedGuestOrder(t, [{ product: lamp, qty: 1 }]);
    const unknown = await t.app.inject({
      url: withKey('/api/orders/00000000-0000-4000-8000-000000000000', order.accessKey),
    });
    expect(unknown.statusCode).toBe(404);
    const upper = order.accessKey.toUpperCase();
    const keys = [
      undefined,
      '',
      'not-the-key',
      other.accessKey,
      upper === order.accessKey ? `${upper}x` : upper,
      `${order.accessKey}x`,
    ];
    for (const key of keys) {
      const res = await t.app.inject({ url: withKey(`/api/orders/${order._id}`, key) });
      expect(res.statusCode, `key ${String(key)}`).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
    // A signed-in stranger with no key: 404 as well.
    const stranger = await createSignedInUser(t.database.db);
    const asStranger = await t.app.inject({
      url: `/api/orders/${order._id}`,
      headers: stranger.headers,
    });
    expect(asStranger.statusCode).toBe(404);
    // The key opens that order only: the other one's key does not pay or cancel it either.
    for (const [method, path] of [
      ['POST', 'payment'],
      ['POST', 'cancel'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: withKey(`/api/orders/${order._id}/${path}`, other.accessKey),
      });
      expect(res.statusCode, path).toBe(404);
    }
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ cancelledAt: null, providerOrderId: null });
  });

  it('lets the key pay the order, taking the stock, and an admin see it as a guest order', async () => {
    const product = await createProduct(t.database.db, { price: '10.00', countInStock: 3 });
    const order = await placedGuestOrder(t, [{ product, qty: 2 }]);
    const paid = await payWithKey(t, order._id, order.accessKey);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ isPaid: true, isGuest: true });
    expect(await stockOf(t.database.db, product.id)).toBe(1);
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const asAdmin = await t.app.inject({ url: `/api/orders/${order._id}`, headers: admin.headers });
    expect(asAdmin.json()).toMatchObject({ isGuest: true, isPaid: true });
    // The timeline names the guest as the buyer who paid.
    const timeline = await t.app.inject({
      url: `/api/orders/${order._id}/events`,
      headers: admin.headers,
    });
    expect(timeline.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'paid', actor: 'buyer', actorName: 'Gwen Guest' }),
      ]),
    );
  });

  it("lets the key ask to return lines of the paid order; another order's key cannot", async () => {
    const order = await placedGuestOrder(t, [{ product: lamp, qty: 2 }]);
    const other = await placedGuestOrder(t, [{ product: lamp, qty: 1 }]);
    expect((await payWithKey(t, order._id, order.accessKey)).statusCode).toBe(200);
    const line = order.orderItems[0]!._id;
    const ask = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: withKey(`/api/orders/${order._id}/returns`, key),
        payload: { lines: [{ orderItem: line, qty: 1 }], reason: 'Too bright' },
      });
    expect((await ask(other.accessKey)).statusCode).toBe(404);
    const asked = await ask(order.accessKey);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ returns: [{ reason: 'Too bright' }] });
  });

  it('lets the key cancel the unpaid order', async () => {
    const order = await placedGuestOrder(t, [{ product: lamp, qty: 1 }]);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: withKey(`/api/orders/${order._id}/cancel`, order.accessKey),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ isCancelled: true });
  });

  it('mails an unpaid guest order nothing but its link, and cancels it after GUEST_UNPAID_HOURS', async () => {
    const stale = await placedGuestOrder(t, [{ product: lamp, qty: 1 }]);
    const fresh = await placedGuestOrder(t, [{ product: lamp, qty: 1 }]);
    const shopper = await createSignedInUser(t.database.db);
    const accountOrder = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: orderBody([{ product: lamp, qty: 1 }]),
    });
    expect(accountOrder.statusCode).toBe(201);
    const ageHours = (orderId: string, hours: number) =>
      t.database.db
        .update(orders)
        .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
        .where(eq(orders.id, orderId));
    await ageHours(stale._id, 25);
    await ageHours(fresh._id, 23);
    // An account's order waits for UNPAID_ORDER_DAYS (14), not for the guests' hours.
    await ageHours(accountOrder.json<{ _id: string }>()._id, 48);

    expect(await t.app.unpaidOrders.runOnce()).toBe(1);
    const rowOf = async (id: string) =>
      (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
    expect(await rowOf(stale._id)).toMatchObject({ cancelledBy: 'shop' });
    expect((await rowOf(fresh._id)).cancelledAt).toBeNull();
    expect((await rowOf(accountOrder.json<{ _id: string }>()._id)).cancelledAt).toBeNull();
    // No e-mail to the guest's address but the one with its link: none when the shop cancelled.
    const mails = await t.database.db.select().from(mailOutbox);
    for (const order of [stale, fresh]) {
      expect(
        mails.filter((mail) => mail.to === order.user.email).map((mail) => mail.subject),
      ).toEqual([`ProShop: your order #${order.orderNumber}`]);
    }
  });

  it('sells 5 units exactly once when 20 guests pay for them together', async () => {
    const product = await createProduct(t.database.db, { price: '10.00', countInStock: 5 });
    const placed = [];
    for (let index = 0; index < 20; index += 1) {
      placed.push(await placedGuestOrder(t, [{ product, qty: 1 }], guest(`together-${index}`)));
    }
    const answers = await Promise.all(
      placed.map((order) => payWithKey(t, order._id, order.accessKey)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 409)).toBe(
      true,
    );
    expect(await stockOf(t.database.db, product.id)).toBe(0);
  });

  it('answers a retry with the same Idempotency-Key with the first order (no second one, no key)', async () => {
    const buyer = guest();
    const headers = { 'idempotency-key': `guest-retry-${buyer.email}` };
    const [first, second] = await Promise.all(
      [0, 1].map(() => placeAsGuest(t, buyer, [{ product: lamp, qty: 1 }], { headers })),
    );
    const ids = [first!, second!].map((res) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json<PlacedOrder>()._id;
    });
    expect(ids[0]).toBe(ids[1]);
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.buyerEmail, buyer.email));
    expect(rows).toHaveLength(1);
    // Another guest's e-mail with the same key is another order.
    const another = await placeAsGuest(t, guest(), [{ product: lamp, qty: 1 }], { headers });
    expect(another.statusCode).toBe(201);
    expect(another.json<PlacedOrder>()._id).not.toBe(ids[0]);
  });

  it('refuses an order without the guest details, and a broken token instead of buying as a guest', async () => {
    const missing = await placeAsGuest(t, undefined, [{ product: lamp, qty: 1 }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Enter your e-mail and name to check out as a guest',
    });
    const badEmail = await placeAsGuest(t, { email: 'not-an-address', name: 'X' }, [
      { product: lamp, qty: 1 },
    ]);
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json<{ message: string }>().message).toMatch(/e-mail/i);
    const brokenToken = await placeAsGuest(t, guest(), [{ product: lamp, qty: 1 }], {
      headers: { authorization: 'Bearer ' },
    });
    expect(brokenToken.statusCode).toBe(401);
  });

  it("places a signed-in customer's order for their account even with guest details sent", async () => {
    const shopper = await createSignedInUser(t.database.db);
    const res = await placeAsGuest(t, guest(), [{ product: lamp, qty: 1 }], {
      headers: shopper.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      isGuest: false,
      user: { _id: shopper.user.id, email: shopper.user.email },
    });
    expect(res.json()).not.toHaveProperty('accessKey');
  });

  it('counts a per-customer code limit by the e-mail, for guests and for the account with it', async () => {
    const [code] = await t.database.db
      .insert(discounts)
      .values({ code: 'GUESTONCE', kind: 'percentage', value: '10.00', perCustomerLimit: 1 })
      .returning();
    const buyer = guest('limit');
    const withCode = (prefix: { email: string; name: string } | undefined, headers?: Headers) =>
      placeAsGuest(t, prefix, [{ product: lamp, qty: 1 }], {
        ...(headers ? { headers } : {}),
        body: {
          discountCode: code!.code,
          ...computeOrderPrices([{ price: 24, qty: 1 }], { kind: 'percentage', value: 10 }),
        },
      });
    const first = await withCode(buyer);
    expect(first.statusCode, first.body).toBe(201);
    const firstOrder = first.json<PlacedOrder & { accessKey: string }>();
    expect((await payWithKey(t, firstOrder._id, firstOrder.accessKey)).statusCode).toBe(200);

    // The same e-mail again, as a guest, and as an account with that e-mail: the limit is used.
    const again = await withCode(buyer);
    expect(again.statusCode).toBe(422);
    const account = await createSignedInUser(t.database.db, { email: buyer.email });
    const asAccount = await withCode(undefined, account.headers);
    expect(asAccount.statusCode).toBe(422);
    // Another e-mail is another customer.
    expect((await withCode(guest('limit-other'))).statusCode).toBe(201);
  });
});

describe('guest checkout limits', () => {
  let t: TestApp;
  let lamp: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    t = await createTestApp();
    lamp = await createProduct(t.database.db, { price: '5.00', countInStock: 1_000 });
  });
  afterAll(() => t.close());

  it('allows 10 guest orders an hour per e-mail; more sent together are refused with 429', async () => {
    const buyer = guest('many');
    const answers = await Promise.all(
      Array.from({ length: 14 }, () =>
        placeAsGuest(t, buyer, [{ product: lamp, qty: 1 }], { address: '192.0.2.10' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });

  it('allows 30 guest orders an hour per address, whatever the e-mails', async () => {
    const answers = await Promise.all(
      Array.from({ length: 35 }, (_, index) =>
        placeAsGuest(t, guest(`address-${index}`), [{ product: lamp, qty: 1 }], {
          address: '192.0.2.20',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});

describe('guest code checks', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("counts a guest's code checks without an e-mail by address: many guests do not share one limit", async () => {
    const lamp = await createProduct(t.database.db, { price: '5.00', countInStock: 10 });
    await t.database.db
      .insert(discounts)
      .values({ code: 'CHECKED', kind: 'percentage', value: '10.00' });
    const check = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/discounts/check',
        remoteAddress: address,
        payload: { code: 'CHECKED', orderItems: [{ product: lamp.id, qty: 1 }] },
      });
    // More checks than one e-mail's allowance (300), from 350 guests of 350 addresses.
    const answers = await Promise.all(
      Array.from({ length: 350 }, (_, index) => check(`10.3.${index >> 8}.${index & 255}`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(350);
  });
});

describe('CHECKOUT_ACCOUNTS=required', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_ACCOUNTS: 'required' });
  });
  afterAll(() => t.close());

  it('sells to signed-in accounts only: a guest gets 403, a caller without anything 401', async () => {
    const lamp = await createProduct(t.database.db, { price: '5.00', countInStock: 10 });
    const asGuest = await placeAsGuest(t, guest(), [{ product: lamp, qty: 1 }]);
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json()).toEqual({
      message: 'This shop sells to signed-in customers only. Please sign in.',
    });
    const anonymous = await placeAsGuest(t, undefined, [{ product: lamp, qty: 1 }]);
    expect(anonymous.statusCode).toBe(401);
    const shopper = await createSignedInUser(t.database.db);
    const asAccount = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: orderBody([{ product: lamp, qty: 1 }]),
    });
    expect(asAccount.statusCode, asAccount.body).toBe(201);
    expect(await t.database.db.select().from(orders)).toHaveLength(1);
  });
});
