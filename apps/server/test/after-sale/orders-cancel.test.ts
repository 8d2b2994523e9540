import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../src/db/schema.ts';
import { ORDER_CANCELLED, PAYMENT_BEING_CONFIRMED } from '../../src/modules/orders/service.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

type Headers = Record<string, string>;

describe(`cancelling orders (${testDatabaseKind})`, () => {
  let t: TestApp;
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    t = await createTestApp({ UNPAID_ORDER_DAYS: '14' });
    shopper = await createSignedInUser(t.database.db);
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const cancel = (orderId: string, headers: Headers = shopper.headers) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers });
  const rowOf = (id: string) => ordersApi.orderRow(db(), id);
  const mailsAbout = async (orderId: string) => {
    const { orderNumber } = await rowOf(orderId);
    return (await db().select().from(mailOutbox)).filter((mail) =>
      ordersApi.subjectNames(mail.subject, orderNumber),
    );
  };
  async function newOrder(headers: Headers = shopper.headers, stock = 5) {
    const product = await createProduct(db(), { price: '10.00', countInStock: stock });
    const order = await ordersApi.placeOrder(t.app, headers, [{ product, qty: 1 }]);
    return { product, orderId: order._id };
  }

  it('lets the buyer cancel their unpaid order once: the order says when, the buyer gets an e-mail, and it can no longer be paid', async () => {
    const { orderId } = await newOrder();
    const res = await cancel(orderId);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ isCancelled: boolean; cancelledAt: string }>();
    expect(answer.isCancelled).toBe(true);
    expect(Date.parse(answer.cancelledAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await rowOf(orderId)).cancelledBy).toBe('buyer');
    const mails = await mailsAbout(orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(shopper.user.email);
    expect(mails[0]!.text).toContain('has been cancelled as you asked. Nothing was charged.');

    const again = await cancel(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This order has already been cancelled' });
    const start = await ordersApi.startPayment(t.app, shopper.headers, orderId);
    expect(start.statusCode).toBe(409);
    expect(start.json()).toEqual({ message: ORDER_CANCELLED });
    const shown = await t.app.inject({ url: `/api/orders/${orderId}`, headers: shopper.headers });
    expect(shown.json()).toMatchObject({ isCancelled: true, isPaid: false });
    expect(await mailsAbout(orderId)).toHaveLength(1);
  });

  it("hides another shopper's order (404), from a caller without a sign-in or a key too", async () => {
    const { orderId } = await newOrder();
    const other = await createSignedInUser(db());
    expect((await cancel(orderId, other.headers)).statusCode).toBe(404);
    // Without a token the route is a guest's, who needs the order's key (guest-orders.test.ts).
    expect((await cancel(orderId, {})).statusCode).toBe(404);
    expect((await cancel(orderId, { authorization: 'Bearer not.a.token' })).statusCode).toBe(401);
    expect((await rowOf(orderId)).cancelledAt).toBeNull();
  });

  it("lets an admin cancel a shopper's unpaid order; the buyer is told the shop cancelled it", async () => {
    const { orderId } = await newOrder();
    const res = await cancel(orderId, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(orderId)).cancelledBy).toBe('admin');
    const [mail] = await mailsAbout(orderId);
    expect(mail!.to).toBe(shopper.user.email);
    expect(mail!.text).toContain('has been cancelled by the shop');
    const sent = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/sent`,
      headers: admin.headers,
    });
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toEqual({ message: ORDER_CANCELLED });
  });

  it('refuses the buyer a paid order (they ask the shop) and everyone a sent one (it is returned)', async () => {
    const paid = await newOrder();
    expect((await ordersApi.payOrder(t.app, shopper.headers, paid.orderId)).statusCode).toBe(200);
    const res = await cancel(paid.orderId, shopper.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/has been paid/);
    await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${paid.orderId}/sent`,
      headers: admin.headers,
    });
    const sent = await cancel(paid.orderId, admin.headers);
    expect(sent.statusCode).toBe(409);
    expect(sent.json<{ message: string }>().message).toMatch(/has been sent.*returned/);
    expect((await rowOf(paid.orderId)).cancelledAt).toBeNull();
  });

  it('lets an admin cancel a paid order: what is left is refunded, the stock comes back, the buyer is told', async () => {
    const product = await createProduct(db(), { price: '40.00', countInStock: 5 });
    const placed = await ordersApi.placeOrder(t.app, shopper.headers, [{ product, qty: 3 }]);
    const paid = await ordersApi.payOrder(t.app, shopper.headers, placed._id);
    expect(paid.statusCode).toBe(200);
    const lineId = paid.json<{ orderItems: { _id: string }[] }>().orderItems[0]!._id;
    // One lamp refunded before, with restock: 46.00 of 138.00.
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed._id}/refunds`,
      headers: admin.headers,
      payload: { lines: [{ orderItem: lineId, qty: 1 }], restock: true, reason: 'Broken' },
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(await ordersApi.stockOf(db(), product.id)).toBe(3);

    const res = await cancel(placed._id, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<{
      isCancelled: boolean;
      totalPrice: number;
      refunds: { amount: number; status: string }[];
    }>();
    expect(order.isCancelled).toBe(true);
    expect(order.refunds.map((r) => [r.amount, r.status])).toEqual([
      [46, 'completed'],
      [order.totalPrice - 46, 'completed'],
    ]);
    expect(await ordersApi.stockOf(db(), product.id)).toBe(5);
    const mails = await mailsAbout(placed._id);
    expect(mails.map((mail) => mail.subject).filter((s) => s.includes('cancelled'))).toHaveLength(
      1,
    );
    expect(mails.find((mail) => mail.subject.includes('cancelled'))!.text).toContain(
      'What you paid is being refunded',
    );
    // Nothing is left to refund.
    const more = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed._id}/refunds`,
      headers: admin.headers,
      payload: { amount: 0.01, reason: 'More' },
    });
    expect(more.statusCode).toBe(409);
  });

  it('refuses while a capture is under way', async () => {
    const { orderId } = await newOrder();
    await db()
      .update(orders)
      .set({
        captureAttemptId: '00000000-0000-4000-8000-000000000002',
        captureLeaseUntil: sql`now() + interval '1 minute'`,
      })
      .where(eq(orders.id, orderId));
    const res = await cancel(orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: PAYMENT_BEING_CONFIRMED });
  });

  it('cancel and pay sent at once: each order ends paid or cancelled, never both, and only paid orders take stock', async () => {
    const placed = [];
    for (let i = 0; i < 8; i++) {
      const order = await newOrder(shopper.headers, 3);
      const started = await ordersApi.startPayment(t.app, shopper.headers, order.orderId);
      placed.push({
        ...order,
        providerOrderId: started.json<{ providerOrderId: string }>().providerOrderId,
      });
    }
    const answers = await releaseTogether(
      t.app,
      placed.flatMap(({ orderId, providerOrderId }) => [
        { method: 'POST' as const, url: `/api/orders/${orderId}/cancel`, headers: shopper.headers },
        {
          method: 'PUT' as const,
          url: `/api/orders/${orderId}/pay`,
          headers: shopper.headers,
          payload: { providerOrderId },
        },
      ]),
    );
    for (const [i, order] of placed.entries()) {
      const [cancelled, paid] = [answers[2 * i]!, answers[2 * i + 1]!];
      const row = await rowOf(order.orderId);
      expect([cancelled.statusCode, paid.statusCode].sort()).toEqual([200, 409]);
      expect(row.isPaid).toBe(paid.statusCode === 200);
      expect(row.cancelledAt !== null).toBe(cancelled.statusCode === 200);
      expect(await ordersApi.stockOf(db(), order.product.id)).toBe(row.isPaid ? 2 : 3);
    }
  });

  it(`cancels orders left unpaid for UNPAID_ORDER_DAYS, once, even with two passes at once, and leaves the rest`, async () => {
    const old = await newOrder();
    const young = await newOrder();
    const oldPaid = await newOrder();
    expect((await ordersApi.payOrder(t.app, shopper.headers, oldPaid.orderId)).statusCode).toBe(
      200,
    );
    const oldCapturing = await newOrder();
    const ageDays = (orderId: string, days: number) =>
      db()
        .update(orders)
        .set({ createdAt: sql`now() - make_interval(days => ${days})` })
        .where(eq(orders.id, orderId));
    await ageDays(old.orderId, 15);
    await ageDays(young.orderId, 13);
    await ageDays(oldPaid.orderId, 30);
    await ageDays(oldCapturing.orderId, 30);
    await db()
      .update(orders)
      .set({
        captureAttemptId: '00000000-0000-4000-8000-000000000003',
        captureLeaseUntil: sql`now() + interval '1 minute'`,
      })
      .where(eq(orders.id, oldCapturing.orderId));

    const runs = await Promise.all([t.app.unpaidOrders.runOnce(), t.app.unpaidOrders.runOnce()]);
    expect(runs[0] + runs[1]).toBe(1);
    expect((await rowOf(old.orderId)).cancelledBy).toBe('shop');
    for (const kept of [young, oldPaid, oldCapturing]) {
      expect((await rowOf(kept.orderId)).cancelledAt).toBeNull();
    }
    const mails = await mailsAbout(old.orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('because it was not paid in time');
    expect(await t.app.unpaidOrders.runOnce()).toBe(0);
  });
});
