import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../src/db/schema.ts';
import { PAYMENT_BEING_CONFIRMED } from '../../src/modules/orders/service.ts';
import {
  providerUnavailable,
  type PaymentProvider,
} from '../../src/modules/payment-providers/payment-provider.ts';
import { PayPalClient } from '../../src/modules/payment-providers/paypal-client.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { PayPalStandIn } from '../helpers/paypal-stand-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';
import { PassThroughProvider } from '../helpers/pass-through-provider.ts';

type CaptureInput = Parameters<PaymentProvider['capturePayment']>[0];

/**
 * The real PayPal client against the PayPal stand-in, with a way to make the shop lose track of
 * a capture as a crash would: `crash` says whether PayPal got the capture before the shop went
 * silent. The shop then sees the provider as unavailable, as after a timeout.
 */
class CrashingProvider extends PassThroughProvider {
  crash: 'before-paypal' | 'after-paypal' | undefined;
  lookupFails = false;

  override async capturePayment(input: CaptureInput) {
    const crash = this.crash;
    this.crash = undefined;
    if (crash === 'before-paypal') throw providerUnavailable();
    const capture = await super.capturePayment(input);
    if (crash === 'after-paypal') throw providerUnavailable();
    return capture;
  }

  override findCapture(input: CaptureInput) {
    if (this.lookupFails) return Promise.reject(providerUnavailable());
    return super.findCapture(input);
  }
}

describe(`a capture never holds the database, and one left in doubt is settled (${testDatabaseKind})`, () => {
  let standIn: PayPalStandIn;
  let provider: CrashingProvider;
  let t: TestApp;
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    standIn = await PayPalStandIn.start();
    provider = new CrashingProvider(
      new PayPalClient({
        clientId: standIn.clientId,
        clientSecret: standIn.clientSecret,
        apiBase: standIn.url,
        brandName: 'ProShop',
        // Longer than any held capture below lasts, however slow the machine.
        timeoutMs: 60_000,
      }),
    );
    t = await createTestApp({}, { paymentProvider: provider });
    shopper = await createSignedInUser(t.database.db);
  });
  afterAll(async () => {
    standIn?.releaseHeld();
    await t?.close();
    await standIn?.close();
  });
  beforeEach(() => {
    standIn.reset();
    provider.crash = undefined;
    provider.lookupFails = false;
  });

  const db = () => t.database.db;
  const stockOf = (id: string) => ordersApi.stockOf(db(), id);
  const rowOf = (id: string) => ordersApi.orderRow(db(), id);
  const pay = (orderId: string, providerOrderId: string) =>
    ordersApi.pay(t.app, shopper.headers, orderId, providerOrderId);
  const captureCalls = () => standIn.requestsTo('POST', /\/capture$/).length;
  const lookups = () => standIn.requestsTo('GET', /^\/v2\/checkout\/orders\/[^/]+$/).length;
  const receiptsTo = async (email: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.to, email))).length;

  /** An order of `qty` of a new product with `stock`, its PayPal payment created. */
  async function startedOrder(qty: number, stock: number) {
    const product = await createProduct(db(), { price: '19.99', countInStock: stock });
    const order = await ordersApi.placeOrder(t.app, shopper.headers, [{ product, qty }]);
    const started = await ordersApi.startPayment(t.app, shopper.headers, order._id);
    expect(started.statusCode, started.body).toBe(200);
    const { providerOrderId } = started.json<{ providerOrderId: string }>();
    return { product, orderId: order._id, providerOrderId };
  }

  /** An order whose capture the shop lost track of: in doubt, its stock reserved. */
  async function orderInDoubt(crash: 'before-paypal' | 'after-paypal', qty = 1, stock = 5) {
    const order = await startedOrder(qty, stock);
    provider.crash = crash;
    const res = await pay(order.orderId, order.providerOrderId);
    expect(res.statusCode).toBe(503);
    const row = await rowOf(order.orderId);
    expect(row.isPaid).toBe(false);
    expect(row.captureAttemptId).not.toBeNull();
    expect(await stockOf(order.product.id)).toBe(stock - qty);
    return order;
  }

  it('while PayPal takes its time, the order and its products are not locked and other requests are answered', async () => {
    const order = await startedOrder(2, 5);
    standIn.setCaptureBehaviour({ kind: 'held' });
    const paying = pay(order.orderId, order.providerOrderId);
    await expect.poll(() => standIn.heldCount, { timeout: 20_000 }).toBe(1);

    // The stock is reserved and the attempt recorded, both committed before PayPal was asked.
    expect(await stockOf(order.product.id)).toBe(3);
    expect((await rowOf(order.orderId)).captureAttemptId).not.toBeNull();
    // No lock on the order or its product: NOWAIT would fail at once on PostgreSQL. On PGlite,
    // with its single connection, any open transaction would make these wait until released.
    await db().transaction(async (tx) => {
      await tx.execute(sql`select id from orders where id = ${order.orderId} for update nowait`);
      await tx.execute(
        sql`select id from products where id = ${order.product.id} for update nowait`,
      );
    });
    // Another shopper signs in and places an order for the same product meanwhile.
    const other = await createSignedInUser(db());
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: other.user.email, password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(200);
    await ordersApi.placeOrder(t.app, other.headers, [{ product: order.product, qty: 1 }]);
    // The same payment sent again while the first capture runs is turned away, not captured twice.
    const again = await pay(order.orderId, order.providerOrderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: PAYMENT_BEING_CONFIRMED });
    expect(standIn.heldCount).toBe(1);

    expect(standIn.releaseHeld()).toBe(1);
    const paid = await paying;
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ isPaid: true });
    expect(await stockOf(order.product.id)).toBe(3);
    const row = await rowOf(order.orderId);
    expect(row.captureAttemptId).toBeNull();
    expect(row.captureLeaseUntil).toBeNull();
    expect(row.captureId).toBe(standIn.orders.get(order.providerOrderId)!.captures[0]!.id);
  });

  it('PayPal captured but the shop never heard: the recovery pass finds the capture and pays the order once, with its receipt', async () => {
    const receiptsBefore = await receiptsTo(shopper.user.email);
    const order = await orderInDoubt('after-paypal', 2, 5);
    expect(await t.app.captureRecovery.runOnce()).toEqual({ paid: 1, released: 0, left: 0 });
    const row = await rowOf(order.orderId);
    expect(row).toMatchObject({ isPaid: true, captureAttemptId: null, captureLeaseUntil: null });
    expect(row.captureId).toBe(standIn.orders.get(order.providerOrderId)!.captures[0]!.id);
    expect(await stockOf(order.product.id)).toBe(3);
    expect(await receiptsTo(shopper.user.email)).toBe(receiptsBefore + 1);
    // Asked, not captured again: one capture call (the lost one), one lookup.
    expect(captureCalls()).toBe(1);
    expect(lookups()).toBe(1);
    expect(await t.app.captureRecovery.runOnce()).toEqual({ paid: 0, released: 0, left: 0 });
  });

  it('PayPal never got the capture: the recovery pass gives the stock back, and the buyer can pay again', async () => {
    const order = await orderInDoubt('before-paypal', 1, 4);
    expect(await t.app.captureRecovery.runOnce()).toEqual({ paid: 0, released: 1, left: 0 });
    expect(await stockOf(order.product.id)).toBe(4);
    expect(await rowOf(order.orderId)).toMatchObject({ isPaid: false, captureAttemptId: null });
    const paid = await pay(order.orderId, order.providerOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await stockOf(order.product.id)).toBe(3);
  });

  it('PayPal not answering the recovery either: the order stays in doubt with its stock, and a later pass settles it', async () => {
    const order = await orderInDoubt('after-paypal', 1, 2);
    provider.lookupFails = true;
    expect(await t.app.captureRecovery.runOnce()).toEqual({ paid: 0, released: 0, left: 1 });
    expect((await rowOf(order.orderId)).captureAttemptId).not.toBeNull();
    expect(await stockOf(order.product.id)).toBe(1);
    provider.lookupFails = false;
    expect(await t.app.captureRecovery.runOnce()).toEqual({ paid: 1, released: 0, left: 0 });
    expect(await stockOf(order.product.id)).toBe(1);
  });

  it("leaves an attempt whose lease runs (another instance's capture under way) alone; the buyer is told to wait", async () => {
    const order = await orderInDoubt('after-paypal');
    await db()
      .update(orders)
      .set({ captureLeaseUntil: sql`now() + interval '1 hour'` })
      .where(eq(orders.id, order.orderId));
    expect(await t.app.captureRecovery.runOnce()).toEqual({ paid: 0, released: 0, left: 0 });
    expect(lookups()).toBe(0);
    for (const res of [
      await pay(order.orderId, order.providerOrderId),
      await ordersApi.startPayment(t.app, shopper.headers, order.orderId),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: PAYMENT_BEING_CONFIRMED });
    }
    expect(captureCalls()).toBe(1);
    // Once the lease is over, the buyer's retry captures again: PayPal answers the capture it made.
    await db()
      .update(orders)
      .set({ captureLeaseUntil: sql`now()` })
      .where(eq(orders.id, order.orderId));
    const paid = await pay(order.orderId, order.providerOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(standIn.orders.get(order.providerOrderId)!.captures).toHaveLength(1);
    expect(await stockOf(order.product.id)).toBe(4);
  });

  it('three recovery passes at once (three instances) settle each order once', async () => {
    const receiptsBefore = await receiptsTo(shopper.user.email);
    const inDoubt = [];
    for (let i = 0; i < 4; i++) inDoubt.push(await orderInDoubt('after-paypal', 1, 3));
    standIn.reset();
    const runs = await Promise.all([1, 2, 3].map(() => t.app.captureRecovery.runOnce()));
    expect(runs.reduce((sum, run) => sum + run.paid, 0)).toBe(4);
    expect(runs.reduce((sum, run) => sum + run.released, 0)).toBe(0);
    // An instance that found an order taken over by another asked PayPal nothing about it.
    expect(lookups()).toBe(4);
    for (const order of inDoubt) {
      expect((await rowOf(order.orderId)).isPaid).toBe(true);
      expect(await stockOf(order.product.id)).toBe(2);
    }
    expect(await receiptsTo(shopper.user.email)).toBe(receiptsBefore + 4);
  });

  it('the buyer coming back to pay an order in doubt finds it settled first: paid if PayPal captured it', async () => {
    const order = await orderInDoubt('after-paypal', 1, 3);
    const again = await ordersApi.startPayment(t.app, shopper.headers, order.orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This order has already been paid' });
    expect((await rowOf(order.orderId)).isPaid).toBe(true);
    expect(await stockOf(order.product.id)).toBe(2);
  });

  it('the buyer coming back to pay an order in doubt PayPal never captured gets a payment to approve', async () => {
    const order = await orderInDoubt('before-paypal', 1, 3);
    const again = await ordersApi.startPayment(t.app, shopper.headers, order.orderId);
    expect(again.statusCode, again.body).toBe(200);
    expect(await stockOf(order.product.id)).toBe(3);
    expect((await rowOf(order.orderId)).captureAttemptId).toBeNull();
  });
});

describe(`test mode: an order left in doubt is settled as paid (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('a test payment whose confirmation was lost counts as captured', async () => {
    const shopper = await createSignedInUser(t.database.db);
    const product = await createProduct(t.database.db, { price: '5.00', countInStock: 2 });
    const order = await ordersApi.placeOrder(t.app, shopper.headers, [{ product, qty: 1 }]);
    const started = await ordersApi.startPayment(t.app, shopper.headers, order._id);
    const { providerOrderId } = started.json<{ providerOrderId: string }>();
    // As a crash right after the capture leaves it: attempt recorded, stock taken, lease over.
    await t.database.db
      .update(orders)
      .set({
        providerOrderId,
        captureAttemptId: '00000000-0000-4000-8000-000000000001',
        captureLeaseUntil: sql`now() - interval '1 second'`,
      })
      .where(eq(orders.id, order._id));
    expect(await t.app.captureRecovery.runOnce()).toEqual({ paid: 1, released: 0, left: 0 });
    const row = await ordersApi.orderRow(t.database.db, order._id);
    expect(row.isPaid).toBe(true);
    expect(row.captureId).toMatch(/^TEST-CAPTURE-/);
  });

  it('settles more orders than one batch holds in one run (a crash during a busy hour)', async () => {
    const shopper = await createSignedInUser(t.database.db);
    const product = await createProduct(t.database.db, { price: '1.00', countInStock: 100 });
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const order = await ordersApi.placeOrder(t.app, shopper.headers, [{ product, qty: 1 }]);
      const started = await ordersApi.startPayment(t.app, shopper.headers, order._id);
      expect(started.statusCode).toBe(200);
      ids.push(order._id);
    }
    await t.database.db
      .update(orders)
      .set({
        captureAttemptId: sql`gen_random_uuid()`,
        captureLeaseUntil: sql`now() - interval '1 second'`,
      })
      .where(sql`${orders.id} = any(${sql.param(ids)}::uuid[])`);
    expect(await t.app.captureRecovery.runOnce()).toEqual({ paid: 60, released: 0, left: 0 });
  });
});
