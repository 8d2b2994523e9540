import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { computeOrderPrices } from '@proshop/domain/prices';
import { DISCOUNT_MESSAGES } from '@proshop/domain/discounts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { discounts, orders, refunds } from '../../src/db/schema.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { countStatuses, releaseTogether } from '../helpers/release-together.ts';
import { StripeStandIn } from '../helpers/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

// Card payments through Stripe, through the whole app and the Stripe stand-in
// (test/helpers/stripe-stand-in.ts): the browser's part (Stripe.js confirming the intent with a
// test card) is played by `confirmInBrowser`, with the publishable key and the client secret only.

type Headers = Record<string, string>;
type Shopper = Awaited<ReturnType<typeof createSignedInUser>>;
type Product = Awaited<ReturnType<typeof createProduct>>;
type OrderAnswer = {
  _id: string;
  totalPrice: number;
  isPaid: boolean;
  orderItems: { _id: string; qty: number; price: number }[];
};

const VISA = '4242424242424242';
const THREE_D_SECURE = '4000002500003155';
const DECLINED = '4000000000000002';
const STRIPE_KEYS = { secretKey: 'sk_test_api_tests', publishableKey: 'pk_test_api_tests' };

function stripeEnv(standIn: StripeStandIn, timeoutMs = 10_000) {
  return {
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
    STRIPE_API_BASE: standIn.url,
    STRIPE_TIMEOUT_MS: String(timeoutMs),
  };
}

/**
 * A POST over a connection of its own, as from another machine (the browser): no kept-alive
 * connection of the app's to Stripe is shared with it.
 */
function post(url: string, contentType: string, body: string) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': contentType } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** What Stripe.js does in the shopper's browser: confirms the intent with a test card. */
function confirmInBrowser(
  standIn: StripeStandIn,
  payment: { providerOrderId: string; clientSecret: string },
  card: string,
) {
  return post(
    `${standIn.url}/v1/payment_intents/${payment.providerOrderId}/confirm`,
    'application/x-www-form-urlencoded',
    new URLSearchParams({
      key: standIn.publishableKey,
      client_secret: payment.clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': card,
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2034',
      'payment_method_data[card][cvc]': '123',
      return_url: 'http://localhost:5000/order/return',
    }).toString(),
  );
}

/** The shopper's 3-D Secure step in the stand-in's challenge. */
async function passThreeDSecure(standIn: StripeStandIn, intentId: string, result: 'pass' | 'fail') {
  const res = await post(
    `${standIn.url}/__stand-in/3ds/${intentId}`,
    'application/json',
    JSON.stringify({ result }),
  );
  expect(res.status).toBe(200);
}

/** Places an order paid by card (201), with a discount code when given. */
async function placeCardOrder(
  t: TestApp,
  headers: Headers,
  lines: { product: Product; qty: number }[],
  discountCode?: string,
) {
  const body = ordersApi.orderBody(lines);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: {
      ...body,
      paymentMethod: 'Credit Card',
      ...(discountCode
        ? {
            discountCode,
            ...computeOrderPrices(
              lines.map(({ product, qty }) => ({ price: Number(product.price), qty })),
              { kind: 'percentage', value: 10 },
            ),
          }
        : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OrderAnswer>();
}

/** Starts the card payment (200): the intent's id and its client secret for Stripe.js. */
async function startCardPayment(t: TestApp, headers: Headers, orderId: string) {
  const res = await ordersApi.startPayment(t.app, headers, orderId);
  expect(res.statusCode, res.body).toBe(200);
  const payment = res.json<{ providerOrderId: string; clientSecret?: string }>();
  expect(payment.clientSecret).toMatch(new RegExp(`^${payment.providerOrderId}_secret_`));
  return payment as { providerOrderId: string; clientSecret: string };
}

describe(`card payments through Stripe (${testDatabaseKind})`, () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  let shopper: Shopper;
  let admin: Shopper;

  beforeAll(async () => {
    standIn = await StripeStandIn.start(STRIPE_KEYS);
    t = await createTestApp(stripeEnv(standIn));
    shopper = await createSignedInUser(t.database.db);
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });
  beforeEach(() => standIn.reset());

  const db = () => t.database.db;
  const rowOf = (id: string) => ordersApi.orderRow(db(), id);
  const stockOf = (id: string) => ordersApi.stockOf(db(), id);
  const pay = (orderId: string, providerOrderId: string, headers: Headers = shopper.headers) =>
    ordersApi.pay(t.app, headers, orderId, providerOrderId);
  const capturesOf = (intentId: string) =>
    standIn.requestsTo('POST', new RegExp(`^/v1/payment_intents/${intentId}/capture$`));
  const intentsOf = (orderId: string) =>
    [...standIn.intents.values()].filter((intent) => intent.metadata.order_id === orderId);

  /** An order of `qty` of a new product, its card payment started. */
  async function startedOrder(qty = 1, stock = 5, price = '19.99') {
    const product = await createProduct(db(), { price, countInStock: stock });
    const order = await placeCardOrder(t, shopper.headers, [{ product, qty }]);
    const payment = await startCardPayment(t, shopper.headers, order._id);
    return { product, order, payment };
  }

  it('pays an order by card: an intent for its amount, authorised in the browser, captured by the server', async () => {
    const config = (await t.app.inject('/api/config/pay')).json();
    expect(config).toMatchObject({
      providers: ['stripe'],
      stripe: { publishableKey: standIn.publishableKey },
    });
    const { product, order, payment } = await startedOrder(2, 5);
    const intent = standIn.intents.get(payment.providerOrderId)!;
    expect(intent).toMatchObject({
      amount: Math.round(order.totalPrice * 100),
      currency: 'usd',
      capture_method: 'manual',
      metadata: { order_id: order._id },
    });
    expect((await rowOf(order._id)).paymentProvider).toBe('stripe');

    expect((await confirmInBrowser(standIn, payment, VISA)).body).toMatchObject({
      status: 'requires_capture',
    });
    const paid = await pay(order._id, payment.providerOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ isPaid: true });
    const row = await rowOf(order._id);
    expect(row.captureId).toBe(intent.latest_charge);
    expect(intent.status).toBe('succeeded');
    expect(capturesOf(intent.id)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(3);
  });

  it('an intent changed to another amount or currency never pays the order, is not captured and is canceled', async () => {
    for (const change of [{ amount: 100 }, { currency: 'eur' }]) {
      const { product, order, payment } = await startedOrder(1, 5);
      await confirmInBrowser(standIn, payment, VISA);
      standIn.tamper(payment.providerOrderId, change);
      const res = await pay(order._id, payment.providerOrderId);
      expect(res.statusCode, res.body).toBe(409);
      const row = await rowOf(order._id);
      expect(row).toMatchObject({ isPaid: false, captureId: null, captureAttemptId: null });
      expect(await stockOf(product.id)).toBe(5);
      expect(capturesOf(payment.providerOrderId)).toHaveLength(0);
      expect(standIn.intents.get(payment.providerOrderId)?.status).toBe('canceled');

      // The shopper pays again: a new intent for the order's amount, which pays it.
      const again = await startCardPayment(t, shopper.headers, order._id);
      expect(again.providerOrderId).not.toBe(payment.providerOrderId);
      await confirmInBrowser(standIn, again, VISA);
      const paid = await pay(order._id, again.providerOrderId);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(standIn.capturedIntents().filter((i) => i.metadata.order_id === order._id)).toEqual([
        expect.objectContaining({
          id: again.providerOrderId,
          amount_received: Math.round(order.totalPrice * 100),
        }),
      ]);
    }
  });

  it('a payment the shopper sends with an intent of another order is refused before Stripe is asked', async () => {
    const first = await startedOrder();
    const second = await startedOrder();
    await confirmInBrowser(standIn, first.payment, VISA);
    const res = await pay(second.order._id, first.payment.providerOrderId);
    expect(res.statusCode).toBe(409);
    expect(standIn.requestsTo('GET', /^\/v1\/payment_intents\//)).toHaveLength(0);
    expect((await rowOf(second.order._id)).isPaid).toBe(false);
  });

  it('3-D Secure: not paid while the step is pending, paid once the shopper passed it', async () => {
    const { order, payment } = await startedOrder();
    const confirmed = await confirmInBrowser(standIn, payment, THREE_D_SECURE);
    expect(confirmed.body).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk' },
    });
    const early = await pay(order._id, payment.providerOrderId);
    expect(early.statusCode).toBe(409);
    expect((await rowOf(order._id)).isPaid).toBe(false);
    expect(capturesOf(payment.providerOrderId)).toHaveLength(0);

    await passThreeDSecure(standIn, payment.providerOrderId, 'pass');
    const paid = await pay(order._id, payment.providerOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(capturesOf(payment.providerOrderId)).toHaveLength(1);
  });

  it('a failed 3-D Secure step, then the same card passing it, pays the order once', async () => {
    const { order, payment } = await startedOrder();
    await confirmInBrowser(standIn, payment, THREE_D_SECURE);
    await passThreeDSecure(standIn, payment.providerOrderId, 'fail');
    const again = await startCardPayment(t, shopper.headers, order._id);
    expect(again.providerOrderId).toBe(payment.providerOrderId);
    await confirmInBrowser(standIn, again, THREE_D_SECURE);
    await passThreeDSecure(standIn, again.providerOrderId, 'pass');
    expect((await pay(order._id, again.providerOrderId)).statusCode).toBe(200);
    expect(intentsOf(order._id)).toHaveLength(1);
  });

  it('a declined card, then a good one on the same order, pays it once with one intent', async () => {
    const { product, order, payment } = await startedOrder(1, 5);
    const declined = await confirmInBrowser(standIn, payment, DECLINED);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({
      error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' },
    });
    // A page that sends it anyway is told the card was declined; nothing taken, stock back.
    const refused = await pay(order._id, payment.providerOrderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Your payment was declined. Please choose another way to pay.',
    });
    expect(await stockOf(product.id)).toBe(5);

    const retry = await startCardPayment(t, shopper.headers, order._id);
    expect(retry.providerOrderId).toBe(payment.providerOrderId);
    await confirmInBrowser(standIn, retry, VISA);
    const paid = await pay(order._id, retry.providerOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
    const again = await pay(order._id, retry.providerOrderId);
    expect(again.statusCode).toBe(409);
    expect(intentsOf(order._id)).toHaveLength(1);
    expect(capturesOf(payment.providerOrderId)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(4);
  });

  /**
   * Each buyer places a card order and authorises it in the browser (as Stripe.js would); then
   * every payment is released at once. Answers the orders and intents, and the answers in order.
   */
  async function authoriseThenPayTogether(
    payers: {
      buyer: { headers: Headers };
      lines: { product: Product; qty: number }[];
      code?: string;
    }[],
  ) {
    const started = await Promise.all(
      payers.map(async ({ buyer, lines, code }) => {
        const order = await placeCardOrder(t, buyer.headers, lines, code);
        const payment = await startCardPayment(t, buyer.headers, order._id);
        expect((await confirmInBrowser(standIn, payment, VISA)).status).toBe(200);
        return { buyer, orderId: order._id, intentId: payment.providerOrderId };
      }),
    );
    const answers = await releaseTogether(
      t.app,
      started.map(({ buyer, orderId, intentId }) => ({
        method: 'PUT' as const,
        url: `/api/orders/${orderId}/pay`,
        headers: buyer.headers,
        payload: { providerOrderId: intentId },
      })),
    );
    return { started, answers };
  }

  it('100 authorised card payments released together for 10 units: exactly 10 paid and captured, 90 refused, not captured, their holds released', async () => {
    const lamp = await createProduct(db(), { price: '3.00', countInStock: 10 });
    const buyers = await Promise.all(Array.from({ length: 100 }, () => createSignedInUser(db())));
    const { started, answers } = await authoriseThenPayTogether(
      buyers.map((buyer) => ({ buyer, lines: [{ product: lamp, qty: 1 }] })),
    );
    // On a busy machine some wait longer for a database connection than the pool allows and are
    // told to retry (503): refused uncharged too, as the captures below show.
    const { 200: paidCount, 409: outOfStock = 0, 503: busy = 0 } = countStatuses(answers);
    expect({ paidCount, refused: outOfStock + busy }).toEqual({ paidCount: 10, refused: 90 });
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json<{ message: string }>().message).toMatch(/out of stock/);
    }
    const paidIntents = started
      .filter((_, n) => answers[n]!.statusCode === 200)
      .map((s) => s.intentId)
      .sort();
    const ids = started.map((s) => s.intentId);
    // Money taken for the 10 paid orders only. The shoppers refused for stock have their holds
    // released at once (intent canceled); one told to retry (503) keeps its authorisation.
    const captured = standIn.capturedIntents().filter((intent) => ids.includes(intent.id));
    expect(captured.map((intent) => intent.id).sort()).toEqual(paidIntents);
    expect(standIn.requestsTo('POST', /\/capture$/)).toHaveLength(10);
    const statusOf = (status: number) =>
      started
        .filter((_, n) => answers[n]!.statusCode === status)
        .map((s) => standIn.intents.get(s.intentId)?.status);
    expect(statusOf(409)).toEqual(Array(outOfStock).fill('canceled'));
    expect(statusOf(503)).toEqual(Array(busy).fill('requires_capture'));
    expect(await stockOf(lamp.id)).toBe(0);
    const paid = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(
            orders.id,
            started.map((s) => s.orderId),
          ),
          eq(orders.isPaid, true),
        ),
      );
    expect(paid).toHaveLength(10);
  }, 120_000);

  it('200 card payments released together for a code of 10 uses: exactly 10 uses, 10 captures', async () => {
    const [code] = await db()
      .insert(discounts)
      .values({
        code: `CARD-${randomUUID().slice(0, 8).toUpperCase()}`,
        kind: 'percentage',
        value: '10.00',
        usageLimit: 10,
      })
      .returning();
    const buyers = await Promise.all(Array.from({ length: 200 }, () => createSignedInUser(db())));
    // A product of its own per order: only the discount's row is shared between the payments.
    const bought = await Promise.all(
      buyers.map(() => createProduct(db(), { price: '20.00', countInStock: 1 })),
    );
    const { started, answers } = await authoriseThenPayTogether(
      buyers.map((buyer, n) => ({
        buyer,
        lines: [{ product: bought[n]!, qty: 1 }],
        code: code!.code,
      })),
    );
    const { 200: paidCount, 409: usedUp = 0, 503: busy = 0 } = countStatuses(answers);
    expect({ paidCount, refused: usedUp + busy }).toEqual({ paidCount: 10, refused: 190 });
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json<{ message: string }>().message).toContain(
        DISCOUNT_MESSAGES.usedUp(code!.code),
      );
    }
    const [after] = await db().select().from(discounts).where(eq(discounts.id, code!.id));
    expect(after!.uses).toBe(10);
    const ids = started.map((s) => s.intentId);
    expect(standIn.capturedIntents().filter((intent) => ids.includes(intent.id))).toHaveLength(10);
    expect(standIn.requestsTo('POST', /\/capture$/)).toHaveLength(10);
    // Refused for the used-up code: nothing captured, and the hold on the card released.
    const refused = started.filter((_, n) => answers[n]!.statusCode === 409);
    expect(refused.map((s) => standIn.intents.get(s.intentId)?.status)).toEqual(
      Array(usedUp).fill('canceled'),
    );
  }, 180_000);

  it('cancelling an unpaid order whose card was authorised releases the hold on the card', async () => {
    const lamp = await createProduct(db(), { price: '15.00', countInStock: 5 });
    const order = await placeCardOrder(t, shopper.headers, [{ product: lamp, qty: 1 }]);
    const payment = await startCardPayment(t, shopper.headers, order._id);
    await confirmInBrowser(standIn, payment, VISA);
    expect(standIn.intents.get(payment.providerOrderId)?.status).toBe('requires_capture');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/cancel`,
      headers: shopper.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(standIn.intents.get(payment.providerOrderId)?.status).toBe('canceled');
    expect(standIn.requestsTo('POST', /\/capture$/)).toHaveLength(0);
  });

  describe('refunds of a card order go through Stripe with the stored request id', () => {
    const refund = (orderId: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/refunds`,
        headers: admin.headers,
        payload,
      });

    /** A paid card order of two lamps at 40.00 (total 117.40 with shipping and tax). */
    async function paidCardOrder() {
      const lamp = await createProduct(db(), { price: '40.00', countInStock: 10 });
      const order = await placeCardOrder(t, shopper.headers, [{ product: lamp, qty: 2 }]);
      const payment = await startCardPayment(t, shopper.headers, order._id);
      await confirmInBrowser(standIn, payment, VISA);
      const paid = await pay(order._id, payment.providerOrderId);
      expect(paid.statusCode, paid.body).toBe(200);
      const answer = paid.json<OrderAnswer>();
      return {
        order: answer,
        lamp,
        line: answer.orderItems[0]!._id,
        intentId: payment.providerOrderId,
      };
    }

    const storedRefunds = (orderId: string) =>
      db().select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.createdAt);

    it('a partial refund of one line, then the rest, each with its request id as the Idempotency-Key', async () => {
      const { order, line, intentId, lamp } = await paidCardOrder();
      const charge = standIn.intents.get(intentId)!.latest_charge!;
      const first = await refund(order._id, {
        lines: [{ orderItem: line, qty: 1 }],
        restock: true,
        reason: 'Arrived broken',
      });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ status: 'completed' });
      const partCents = Math.round(first.json<{ amount: number }>().amount * 100);
      expect(await stockOf(lamp.id)).toBe(9);

      const rest = await refund(order._id, {
        lines: [{ orderItem: line, qty: 1 }],
        shipping: true,
        reason: 'Returned',
      });
      expect(rest.statusCode, rest.body).toBe(201);
      const restCents = Math.round(rest.json<{ amount: number }>().amount * 100);
      expect(partCents + restCents).toBe(Math.round(order.totalPrice * 100));

      const sent = standIn.requestsTo('POST', /^\/v1\/refunds$/);
      const stored = await storedRefunds(order._id);
      expect(sent.map((r) => r.headers['idempotency-key'])).toEqual(stored.map((r) => r.requestId));
      expect(sent.map((r) => r.body)).toEqual([
        { charge, amount: String(partCents), metadata: { order_id: order._id } },
        { charge, amount: String(restCents), metadata: { order_id: order._id } },
      ]);
      expect(stored.map((r) => r.providerRefundId)).toEqual(
        standIn.refundsOf(intentId).map((r) => r.id),
      );
      expect(standIn.charges.get(charge)).toMatchObject({
        amount_refunded: Math.round(order.totalPrice * 100),
        refunded: true,
      });
      // Nothing left: the shop refuses before asking Stripe.
      const more = await refund(order._id, { amount: 1, reason: 'Goodwill' });
      expect(more.statusCode).toBe(409);
      expect(standIn.requestsTo('POST', /^\/v1\/refunds$/)).toHaveLength(2);
    });

    it('a refund Stripe refuses is kept as failed and answered 409', async () => {
      const { order, line, intentId } = await paidCardOrder();
      standIn.setRefundBehaviour({ kind: 'refused', code: 'charge_disputed' });
      const res = await refund(order._id, { lines: [{ orderItem: line, qty: 1 }], reason: 'x' });
      expect(res.statusCode).toBe(409);
      const [stored] = await storedRefunds(order._id);
      expect(stored).toMatchObject({ status: 'failed', failureReason: 'charge_disputed' });
      expect(standIn.refundsOf(intentId)).toHaveLength(0);
    });
  });
});

describe(`a card capture whose answer was lost is settled by the recovery pass (${testDatabaseKind})`, () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  let shopper: Shopper;

  beforeAll(async () => {
    standIn = await StripeStandIn.start(STRIPE_KEYS);
    // Short: the capture that never answers gives up quickly.
    t = await createTestApp(stripeEnv(standIn, 1_000));
    shopper = await createSignedInUser(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });
  beforeEach(() => standIn.reset());

  const db = () => t.database.db;

  async function authorisedOrder() {
    const product = await createProduct(db(), { price: '19.99', countInStock: 5 });
    const order = await placeCardOrder(t, shopper.headers, [{ product, qty: 2 }]);
    const payment = await startCardPayment(t, shopper.headers, order._id);
    await confirmInBrowser(standIn, payment, VISA);
    return { product, order, payment };
  }

  it('Stripe captured but the shop never heard: the recovery pass pays the order once', async () => {
    const { product, order, payment } = await authorisedOrder();
    standIn.setCaptureBehaviour({ kind: 'captured-no-answer' });
    const res = await ordersApi.pay(t.app, shopper.headers, order._id, payment.providerOrderId);
    expect(res.statusCode).toBe(503);
    const inDoubt = await ordersApi.orderRow(db(), order._id);
    expect(inDoubt).toMatchObject({ isPaid: false });
    expect(inDoubt.captureAttemptId).not.toBeNull();
    expect(await ordersApi.stockOf(db(), product.id)).toBe(3);
    standIn.setCaptureBehaviour({ kind: 'succeeded' });

    expect(await t.app.captureRecovery.runOnce()).toEqual({ paid: 1, released: 0, left: 0 });
    const row = await ordersApi.orderRow(db(), order._id);
    expect(row).toMatchObject({ isPaid: true, captureAttemptId: null });
    expect(row.captureId).toBe(standIn.intents.get(payment.providerOrderId)!.latest_charge);
    expect(await ordersApi.stockOf(db(), product.id)).toBe(3);
    expect(standIn.requestsTo('POST', /\/capture$/)).toHaveLength(1);
    expect(await t.app.captureRecovery.runOnce()).toEqual({ paid: 0, released: 0, left: 0 });
    // The shopper's page sending the payment again is told it is paid, not charged twice.
    const again = await ordersApi.pay(t.app, shopper.headers, order._id, payment.providerOrderId);
    expect(again.statusCode).toBe(409);
    expect(standIn.requestsTo('POST', /\/capture$/)).toHaveLength(1);
  });

  it('the capture never reached Stripe: the pass gives the stock back, and the same authorised intent pays later', async () => {
    const { product, order, payment } = await authorisedOrder();
    standIn.setCaptureBehaviour({ kind: 'hang' });
    const res = await ordersApi.pay(t.app, shopper.headers, order._id, payment.providerOrderId);
    expect(res.statusCode).toBe(503);
    standIn.setCaptureBehaviour({ kind: 'succeeded' });

    expect(await t.app.captureRecovery.runOnce()).toEqual({ paid: 0, released: 1, left: 0 });
    expect(await ordersApi.stockOf(db(), product.id)).toBe(5);
    expect(standIn.intents.get(payment.providerOrderId)?.status).toBe('requires_capture');

    const retry = await startCardPayment(t, shopper.headers, order._id);
    expect(retry.providerOrderId).toBe(payment.providerOrderId);
    const paid = await ordersApi.pay(t.app, shopper.headers, order._id, retry.providerOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await ordersApi.stockOf(db(), product.id)).toBe(3);
  });
});
