import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, refunds } from '../../src/db/schema.ts';
import {
  providerUnavailable,
  type RefundInput,
} from '../../src/modules/payment-providers/payment-provider.ts';
import { PayPalClient } from '../../src/modules/payment-providers/paypal-client.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { PayPalStandIn } from '../helpers/paypal-stand-in.ts';
import { countStatuses, releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';
import { PassThroughProvider } from '../helpers/pass-through-provider.ts';

type Headers = Record<string, string>;
type OrderAnswer = {
  _id: string;
  totalPrice: number;
  orderItems: { _id: string; name: string; qty: number; price: number }[];
  refunds: { _id: string; amount: number; status: string; lines: unknown[] }[];
};

/** The PayPal client, with a way to lose a refund's answer as a crash or timeout would. */
class RefundCrashingProvider extends PassThroughProvider {
  crash: 'before-paypal' | 'after-paypal' | undefined;

  override async refundCapture(input: RefundInput) {
    const crash = this.crash;
    this.crash = undefined;
    if (crash === 'before-paypal') throw providerUnavailable();
    const result = await super.refundCapture(input);
    if (crash === 'after-paypal') throw providerUnavailable();
    return result;
  }
}

describe(`refunds (${testDatabaseKind})`, () => {
  let standIn: PayPalStandIn;
  let provider: RefundCrashingProvider;
  let t: TestApp;
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    standIn = await PayPalStandIn.start();
    provider = new RefundCrashingProvider(
      new PayPalClient({
        clientId: standIn.clientId,
        clientSecret: standIn.clientSecret,
        apiBase: standIn.url,
        brandName: 'ProShop',
      }),
    );
    t = await createTestApp({}, { paymentProvider: provider });
    shopper = await createSignedInUser(t.database.db);
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });
  beforeEach(() => {
    standIn.reset();
    provider.crash = undefined;
  });

  const db = () => t.database.db;
  const refund = (orderId: string, payload: object, headers: Headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refunds`, headers, payload });
  const orderOf = async (orderId: string) =>
    (
      await t.app.inject({ url: `/api/orders/${orderId}`, headers: shopper.headers })
    ).json<OrderAnswer>();
  const captureIdOf = async (orderId: string) =>
    (await ordersApi.orderRow(db(), orderId)).captureId!;

  /** A paid order: two lamps at 40.00 and a kettle at 19.99 (total 139.99 with tax and shipping). */
  async function paidOrder() {
    const lamp = await createProduct(db(), { price: '40.00', countInStock: 10 });
    const kettle = await createProduct(db(), { price: '19.99', countInStock: 10 });
    const placed = await ordersApi.placeOrder(t.app, shopper.headers, [
      { product: lamp, qty: 2 },
      { product: kettle, qty: 1 },
    ]);
    const paid = await ordersApi.payOrder(t.app, shopper.headers, placed._id);
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json<OrderAnswer>();
    const lampLine = order.orderItems.find((item) => item.price === 40)!._id;
    const kettleLine = order.orderItems.find((item) => item.price === 19.99)!._id;
    return { order, lamp, kettle, lampLine, kettleLine };
  }

  it('refunds one lamp with its tax and puts it back into stock; the order lists the refund and the buyer is told', async () => {
    const { order, lamp, lampLine } = await paidOrder();
    expect(order.totalPrice).toBe(139.99);
    expect(await ordersApi.stockOf(db(), lamp.id)).toBe(8);
    const res = await refund(order._id, {
      lines: [{ orderItem: lampLine, qty: 1 }],
      restock: true,
      reason: 'Arrived broken',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      amount: 46,
      status: 'completed',
      restock: true,
      reason: 'Arrived broken',
      lines: [{ orderItem: lampLine, qty: 1 }],
    });
    expect(await ordersApi.stockOf(db(), lamp.id)).toBe(9);
    const [paypalRefund, ...more] = standIn.refundsOf(await captureIdOf(order._id));
    expect(more).toHaveLength(0);
    expect(paypalRefund!.amount).toEqual({ currency_code: 'USD', value: '46.00' });
    const after = await orderOf(order._id);
    expect(after.refunds).toMatchObject([{ amount: 46, status: 'completed' }]);
    const mails = (
      await db().select().from(mailOutbox).where(eq(mailOutbox.to, shopper.user.email))
    ).filter((mail) => mail.subject.includes('refund'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('We have refunded $46.00');
    expect(mails[0]!.text).toContain('1 x ');
  });

  it('refunds in parts up to exactly what was captured, shipping once, and refuses beyond with 409', async () => {
    const { order, lampLine, kettleLine } = await paidOrder();
    const parts = [
      { lines: [{ orderItem: kettleLine, qty: 1 }], reason: 'Returned' },
      { lines: [{ orderItem: lampLine, qty: 2 }], shipping: true, reason: 'Returned' },
    ];
    let sum = 0;
    for (const part of parts) {
      const res = await refund(order._id, part);
      expect(res.statusCode, res.body).toBe(201);
      sum += res.json<{ amount: number }>().amount;
    }
    expect(Math.round(sum * 100)).toBe(13_999);
    const again = await refund(order._id, { shipping: true, reason: 'Again' });
    expect(again.statusCode).toBe(409);
    const over = await refund(order._id, { amount: 0.01, reason: 'Goodwill' });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toMatch(/more than is left to refund/);
    const more = await refund(order._id, { lines: [{ orderItem: lampLine, qty: 1 }], reason: 'x' });
    expect(more.statusCode).toBe(409);
    expect(standIn.refundsOf(await captureIdOf(order._id))).toHaveLength(2);
  });

  it('ten refunds sent at once cannot together exceed the capture: six of 20.00 are made, four refused by the shop', async () => {
    const { order } = await paidOrder();
    const answers = await releaseTogether(
      t.app,
      Array.from({ length: 10 }, () => ({
        method: 'POST' as const,
        url: `/api/orders/${order._id}/refunds`,
        headers: admin.headers,
        payload: { amount: 20, reason: 'Goodwill' },
      })),
    );
    // 6 x 20.00 = 120.00 of 139.99; a seventh would exceed it.
    expect(countStatuses(answers)).toEqual({ 201: 6, 409: 4 });
    for (const refused of answers.filter((res) => res.statusCode === 409)) {
      expect(refused.json<{ message: string }>().message).toMatch(/more than is left to refund/);
    }
    expect(standIn.refundsOf(await captureIdOf(order._id))).toHaveLength(6);
    expect((await orderOf(order._id)).refunds).toHaveLength(6);
  });

  it('a refund PayPal made whose answer was lost is sent again with its request id and refunds once, restocking once', async () => {
    const { order, lamp, lampLine } = await paidOrder();
    provider.crash = 'after-paypal';
    const res = await refund(order._id, {
      lines: [{ orderItem: lampLine, qty: 2 }],
      restock: true,
      reason: 'Returned',
    });
    expect(res.statusCode).toBe(503);
    expect((await orderOf(order._id)).refunds).toMatchObject([{ status: 'requested' }]);
    expect(await ordersApi.stockOf(db(), lamp.id)).toBe(8);
    expect(await t.app.refundRecovery.runOnce()).toEqual({ settled: 1, left: 0 });
    const paypalRefunds = standIn.refundsOf(await captureIdOf(order._id));
    expect(paypalRefunds).toHaveLength(1);
    expect((await orderOf(order._id)).refunds).toMatchObject([{ status: 'completed', amount: 92 }]);
    expect(await ordersApi.stockOf(db(), lamp.id)).toBe(10);
    // Both calls carried the same PayPal-Request-Id.
    const ids = standIn
      .requestsTo('POST', /\/refund$/)
      .map((request) => request.headers['paypal-request-id']);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
    expect(await t.app.refundRecovery.runOnce()).toEqual({ settled: 0, left: 0 });
  });

  it('a refund that never reached PayPal is sent by the recovery pass', async () => {
    const { order } = await paidOrder();
    provider.crash = 'before-paypal';
    expect((await refund(order._id, { amount: 10, reason: 'Goodwill' })).statusCode).toBe(503);
    expect(standIn.refundsOf(await captureIdOf(order._id))).toHaveLength(0);
    expect(await t.app.refundRecovery.runOnce()).toEqual({ settled: 1, left: 0 });
    expect(standIn.refundsOf(await captureIdOf(order._id))).toHaveLength(1);
  });

  it('follows a pending refund up until PayPal completes it', async () => {
    const { order } = await paidOrder();
    standIn.setRefundBehaviour({ kind: 'pending' });
    const res = await refund(order._id, { amount: 5, reason: 'Goodwill' });
    expect(res.json()).toMatchObject({ status: 'pending' });
    const expire = () =>
      db()
        .update(refunds)
        .set({ leaseUntil: sql`now()` })
        .where(eq(refunds.orderId, order._id));
    await expire();
    expect(await t.app.refundRecovery.runOnce()).toEqual({ settled: 0, left: 1 });
    standIn.completePendingRefunds();
    await expire();
    expect(await t.app.refundRecovery.runOnce()).toEqual({ settled: 1, left: 0 });
    expect((await orderOf(order._id)).refunds).toMatchObject([{ status: 'completed' }]);
  });

  it('a refund PayPal refuses is kept as failed, answered 409, and does not count against the capture', async () => {
    const { order, lamp, lampLine } = await paidOrder();
    standIn.setRefundBehaviour({ kind: 'refused', issue: 'REFUND_TIME_LIMIT_EXCEEDED' });
    const res = await refund(order._id, {
      lines: [{ orderItem: lampLine, qty: 1 }],
      restock: true,
      reason: 'Late return',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain('REFUND_TIME_LIMIT_EXCEEDED');
    expect(await ordersApi.stockOf(db(), lamp.id)).toBe(8);
    expect((await orderOf(order._id)).refunds).toMatchObject([{ status: 'failed' }]);
    standIn.reset();
    const full = await refund(order._id, { amount: 139.99, reason: 'Goodwill' });
    expect(full.statusCode, full.body).toBe(201);
  });

  it('refuses shoppers (403), unpaid orders (409), lines of other orders and a missing reason (400)', async () => {
    const { order, lampLine } = await paidOrder();
    expect((await refund(order._id, { amount: 1, reason: 'x' }, shopper.headers)).statusCode).toBe(
      403,
    );
    const product = await createProduct(db(), { price: '5.00' });
    const unpaid = await ordersApi.placeOrder(t.app, shopper.headers, [{ product, qty: 1 }]);
    const notPaid = await refund(unpaid._id, { amount: 1, reason: 'x' });
    expect(notPaid.statusCode).toBe(409);
    const otherLine = await refund(order._id, {
      lines: [{ orderItem: '00000000-0000-4000-8000-000000000009', qty: 1 }],
      reason: 'x',
    });
    expect(otherLine.statusCode).toBe(400);
    expect((await refund(order._id, { lines: [{ orderItem: lampLine, qty: 1 }] })).statusCode).toBe(
      400,
    );
    expect((await refund(order._id, { reason: 'Nothing chosen' })).statusCode).toBe(400);
    expect(standIn.refundsOf(await captureIdOf(order._id))).toHaveLength(0);
  });
});

describe(`refunds in test mode (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('refunds a test payment in full', async () => {
    const shopper = await createSignedInUser(t.database.db);
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const product = await createProduct(t.database.db, { price: '30.00', countInStock: 3 });
    const placed = await ordersApi.placeOrder(t.app, shopper.headers, [{ product, qty: 1 }]);
    expect((await ordersApi.payOrder(t.app, shopper.headers, placed._id)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed._id}/refunds`,
      headers: admin.headers,
      payload: { amount: placed.totalPrice, reason: 'Cancelled by phone' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: placed.totalPrice, status: 'completed' });
  });
});
