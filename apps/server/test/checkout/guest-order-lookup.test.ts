// POST /api/orders/lookup (issue #37): a guest who lost the e-mail with their order's link asks
// for a new one with the order's number and e-mail. The order gets a new key (the old link stops
// opening it) and the new link is e-mailed; the answer is the same 202 whether such an order
// exists or not, and the asking is limited per address and per e-mail.
import type { PlacedOrder } from '@proshop/domain/order-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../src/db/schema.ts';
import { createProduct, createSignedInUser, uniqueEmail } from '../helpers/factories.ts';
import { orderBody, placeOrder } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

const PUBLIC_URL = 'https://shop.example';
type GuestOrder = PlacedOrder & { accessKey: string };

let addresses = 0;
const newAddress = () => {
  addresses += 1;
  return `10.5.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

describe(`POST /api/orders/lookup (${testDatabaseKind})`, () => {
  let t: TestApp;
  let lamp: Awaited<ReturnType<typeof createProduct>>;

  const lookup = (payload: object, address = newAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/orders/lookup', remoteAddress: address, payload });
  const read = (order: { _id: string }, key: string) =>
    t.app.inject({ url: `/api/orders/${order._id}?key=${encodeURIComponent(key)}` });
  const mailsTo = (to: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const hashOf = async (order: { _id: string }) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, order._id)))[0]!.accessKeyHash;

  async function guestOrder(email = uniqueEmail('lost')) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: newAddress(),
      payload: { ...orderBody([{ product: lamp, qty: 1 }]), guest: { email, name: 'Lou Lost' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<GuestOrder>();
  }

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    lamp = await createProduct(t.database.db, { price: '9.00', countInStock: 100 });
  });
  afterAll(() => t.close());

  it('e-mails a new link that opens the order; the old link no longer does', async () => {
    const order = await guestOrder();
    const res = await lookup({
      email: order.user.email.toUpperCase(),
      orderNumber: order.orderNumber,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers['cache-control']).toBe('no-store');
    await t.app.backgroundMail.settled();

    const mails = await mailsTo(order.user.email);
    expect(mails).toHaveLength(2);
    const again = mails.find((mail) => !mail.text.includes(order.accessKey))!;
    expect(again.subject).toBe(`ProShop: your order #${order.orderNumber}`);
    const key = new RegExp(`${PUBLIC_URL}/order/${order._id}\\?key=([A-Za-z0-9_-]{43})`).exec(
      again.text,
    )?.[1];
    expect(key).toBeDefined();
    expect((await read(order, key!)).statusCode).toBe(200);
    expect((await read(order, order.accessKey)).statusCode).toBe(404);
    // The new key, like the first, is kept by the outbox only until the e-mail is sent.
    await t.app.mailOutbox.runOnce();
    expect(JSON.stringify(await mailsTo(order.user.email))).not.toContain(key!);
  });

  it('answers the same 202 for an unknown number, another e-mail or an account order, and changes nothing', async () => {
    const order = await guestOrder();
    const shopper = await createSignedInUser(t.database.db);
    const accountOrder = await placeOrder(t.app, shopper.headers, [{ product: lamp, qty: 1 }]);
    const found = await lookup({ email: order.user.email, orderNumber: order.orderNumber });
    await t.app.backgroundMail.settled();
    const hash = await hashOf(order);
    const mailsBefore = (await t.database.db.select().from(mailOutbox)).length;
    for (const asked of [
      { email: order.user.email, orderNumber: 999_999 },
      { email: uniqueEmail('stranger'), orderNumber: order.orderNumber },
      { email: shopper.user.email, orderNumber: accountOrder.orderNumber },
    ]) {
      const res = await lookup(asked);
      expect(res.statusCode).toBe(found.statusCode);
      expect(res.body).toBe(found.body);
    }
    await t.app.backgroundMail.settled();
    expect((await t.database.db.select().from(mailOutbox)).length).toBe(mailsBefore);
    expect(await hashOf(order)).toBe(hash);
  });

  it('refuses a request without an e-mail or a number (400)', async () => {
    expect((await lookup({ email: 'not-an-address', orderNumber: 1001 })).statusCode).toBe(400);
    expect((await lookup({ email: uniqueEmail(), orderNumber: '1001' })).statusCode).toBe(400);
    expect((await lookup({ email: uniqueEmail() })).statusCode).toBe(400);
  });

  it('allows 5 asks an hour per e-mail and 20 per address, sent together', async () => {
    const email = uniqueEmail('often');
    const byEmail = await Promise.all(
      Array.from({ length: 8 }, () => lookup({ email, orderNumber: 1001 })),
    );
    const statuses = byEmail.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);

    const address = newAddress();
    const byAddress = await Promise.all(
      Array.from({ length: 23 }, () =>
        lookup({ email: uniqueEmail('many'), orderNumber: 1001 }, address),
      ),
    );
    const fromAddress = byAddress.map((res) => res.statusCode);
    expect(fromAddress.filter((status) => status === 202)).toHaveLength(20);
    expect(fromAddress.filter((status) => status === 429)).toHaveLength(3);
    await t.app.backgroundMail.settled();
  });
});
