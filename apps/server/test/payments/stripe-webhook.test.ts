import { randomUUID } from 'node:crypto';
import { toCents } from '@proshop/domain/money';
import type { OrderEvent } from '@proshop/domain/order-event-schemas';
import { computeOrderPrices } from '@proshop/domain/prices';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts, mailOutbox, orders, stripeWebhookEvents } from '../../src/db/schema.ts';
import { TestPaymentProvider } from '../../src/modules/payment-providers/test-provider.ts';
import { stripeWebhookRule } from '../../src/modules/rate-limit/rules.ts';
import { createProduct, createSignedInUser, TEST_JWT_SECRET } from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { PassThroughProvider } from '../helpers/pass-through-provider.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

const SECRET = 'whsec_stand_in_secret';
const SHOP_EMAIL = 'shop@example.test';
const URL = '/api/payments/stripe/webhook';

/**
 * Stripe as the shop's only provider, without a network: the test provider's payments under
 * the kind 'stripe' (the order records it); the tests then give the orders Stripe's ids
 * (pi_…, ch_…) as a card payment would have.
 */
class OfflineStripe extends PassThroughProvider {
  constructor() {
    super(new TestPaymentProvider(TEST_JWT_SECRET));
  }

  override get kind() {
    return 'stripe' as const;
  }
}

type Headers = Record<string, string>;

/** An event as Stripe sends it, about `object`. */
const stripeEvent = (type: string, object: object, id = `evt_${randomUUID()}`) => ({
  id,
  object: 'event',
  api_version: '2025-02-24.acacia',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  pending_webhooks: 1,
  type,
  data: { object },
});

const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });

describe(`Stripe webhooks (${testDatabaseKind})`, () => {
  let t: TestApp;
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(
      { STRIPE_WEBHOOK_SECRET: SECRET, SHOP_EMAIL },
      { paymentProvider: new OfflineStripe() },
    );
    shopper = await createSignedInUser(t.database.db);
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  /** Sends the event's JSON, signed for it unless other headers or bytes are given. */
  const send = (
    event: object,
    options: { body?: string; headers?: Headers; remoteAddress?: string } = {},
  ) => {
    const body = options.body ?? JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: URL,
      headers: options.headers ?? {
        'content-type': 'application/json',
        'stripe-signature': sign(JSON.stringify(event)),
      },
      payload: body,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  };
  const outcome = async (event: object) => {
    const res = await send(event);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ message: string }>().message;
  };
  const mailsTo = async (to: string, about: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((mail) =>
      mail.subject.includes(about),
    );
  const label = async (orderId: string) =>
    `#${(await ordersApi.orderRow(db(), orderId)).orderNumber}`;
  const recorded = async (eventId: string) =>
    db().select().from(stripeWebhookEvents).where(eq(stripeWebhookEvents.id, eventId));
  const timeline = async (orderId: string) => {
    const res = await t.app.inject({
      url: `/api/orders/${orderId}/events`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OrderEvent[]>();
  };
  const refundsShown = async (orderId: string) => {
    const res = await t.app.inject({ url: `/api/orders/${orderId}`, headers: shopper.headers });
    return res.json<{ refunds: { amount: number; status: string; reason: string }[] }>().refunds;
  };

  /** An order whose card payment started (a PaymentIntent) but that nothing paid yet. */
  async function unpaidOrder(headers: Headers = shopper.headers) {
    const product = await createProduct(db(), { price: '40.00', countInStock: 5 });
    const order = await ordersApi.placeOrder(t.app, headers, [{ product, qty: 2 }]);
    expect((await ordersApi.startPayment(t.app, headers, order._id)).statusCode).toBe(200);
    const intentId = `pi_${randomUUID().replaceAll('-', '')}`;
    await db().update(orders).set({ providerOrderId: intentId }).where(eq(orders.id, order._id));
    const intent = {
      id: intentId,
      object: 'payment_intent',
      amount: toCents(order.totalPrice),
      amount_received: toCents(order.totalPrice),
      currency: 'usd',
      status: 'succeeded',
      capture_method: 'manual',
      latest_charge: `ch_${randomUUID().replaceAll('-', '')}`,
      metadata: { order_id: order._id },
    };
    return { product, orderId: order._id, intent };
  }

  /** An order paid by card: its intent and its charge (the capture) are Stripe's. */
  async function paidOrder(options: { discountCode?: string } = {}) {
    const product = await createProduct(db(), { price: '40.00', countInStock: 5 });
    const lines = [{ product, qty: 2 }];
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: {
        ...ordersApi.orderBody(lines),
        ...(options.discountCode
          ? {
              discountCode: options.discountCode,
              ...computeOrderPrices([{ price: 40, qty: 2 }], { kind: 'percentage', value: 10 }),
            }
          : {}),
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ _id: string }>()._id;
    expect((await ordersApi.payOrder(t.app, shopper.headers, orderId)).statusCode).toBe(200);
    const intentId = `pi_${randomUUID().replaceAll('-', '')}`;
    const chargeId = `ch_${randomUUID().replaceAll('-', '')}`;
    await db()
      .update(orders)
      .set({ providerOrderId: intentId, captureId: chargeId })
      .where(eq(orders.id, orderId));
    expect(await ordersApi.stockOf(db(), product.id)).toBe(3);
    return { product, orderId, intentId, chargeId };
  }

  const refund = (chargeId: string, status: string, id = `re_${randomUUID().slice(0, 8)}`) => ({
    id,
    object: 'refund',
    amount: 1000,
    currency: 'usd',
    status,
    charge: chargeId,
    payment_intent: null,
    metadata: {},
  });
  const dispute = (paid: { chargeId: string; intentId: string }, status: string) => ({
    id: 'dp_1',
    object: 'dispute',
    amount: 8000,
    currency: 'usd',
    charge: paid.chargeId,
    payment_intent: paid.intentId,
    reason: 'fraudulent',
    status,
    evidence_details: { due_by: 1_900_000_000 },
  });

  it('refuses a forged, altered, expired or unsigned event with 400, changing and recording nothing', async () => {
    const { product, orderId, intent } = await unpaidOrder();
    const event = stripeEvent('payment_intent.succeeded', intent);
    const body = JSON.stringify(event);
    const altered = JSON.stringify({ ...event, data: { object: { ...intent, amount: 1 } } });
    const answers = [
      // Signed with another secret.
      await send(event, {
        headers: {
          'content-type': 'application/json',
          'stripe-signature': sign(body, { secret: 'whsec_forger' }),
        },
      }),
      // Signed, then changed on the way.
      await send(event, {
        body: altered,
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(body) },
      }),
      // Signed by Stripe more than 5 minutes ago: a replay.
      await send(event, {
        headers: {
          'content-type': 'application/json',
          'stripe-signature': sign(body, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
        },
      }),
      await send(event, { headers: { 'content-type': 'application/json' } }),
      await send(event, {
        headers: { 'content-type': 'application/json', 'stripe-signature': 'not a signature' },
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: 'The event could not be verified' });
    }
    expect(await recorded(event.id)).toHaveLength(0);
    expect((await ordersApi.orderRow(db(), orderId)).isPaid).toBe(false);
    expect(await ordersApi.stockOf(db(), product.id)).toBe(5);
    // The same event, signed now, is Stripe's: it was refused for its signature alone.
    expect(await outcome(event)).toBe('applied');
    expect((await ordersApi.orderRow(db(), orderId)).isPaid).toBe(true);
  });

  it('refuses an address past its limit of refused events with 429 before checking, counting only refusals', async () => {
    const forger = '203.0.113.7';
    const limit = stripeWebhookRule.perAddress;
    // Stripe's own deliveries, however many, are not counted.
    const verified = await Promise.all(
      Array.from({ length: limit + 10 }, () =>
        send(stripeEvent('customer.created', { id: `cus_${randomUUID()}` }), {
          remoteAddress: forger,
        }),
      ),
    );
    expect(verified.map((res) => res.statusCode)).toEqual(Array(limit + 10).fill(200));

    const forged = stripeEvent('customer.created', { id: 'cus_forged' });
    const forgedHeaders = {
      'content-type': 'application/json',
      'stripe-signature': sign(JSON.stringify(forged), { secret: 'whsec_forger' }),
    };
    const refused = await Promise.all(
      Array.from({ length: limit + 5 }, () =>
        send(forged, { headers: forgedHeaders, remoteAddress: forger }),
      ),
    );
    const statuses = refused.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    // Past the limit even a good signature is not looked at from that address; others go on.
    const good = stripeEvent('customer.created', { id: 'cus_good' });
    expect((await send(good, { remoteAddress: forger })).statusCode).toBe(429);
    expect(await recorded(good.id)).toHaveLength(0);
    expect((await send(good)).statusCode).toBe(200);
  });

  it('pays an unpaid order once when its intent succeeds: stock taken, one receipt; repeats and five deliveries at once change nothing more', async () => {
    const { product, orderId, intent } = await unpaidOrder();
    const event = stripeEvent('payment_intent.succeeded', intent);
    expect(await outcome(event)).toBe('applied');
    expect(await ordersApi.orderRow(db(), orderId)).toMatchObject({
      isPaid: true,
      captureId: intent.latest_charge,
    });
    expect(await ordersApi.stockOf(db(), product.id)).toBe(3);
    const receipts = async () =>
      mailsTo(shopper.user.email, `receipt for order ${await label(orderId)}`);
    expect(await receipts()).toHaveLength(1);
    expect(await outcome(event)).toBe('duplicate');

    // Found by the intent alone too (an intent without our metadata), five deliveries at once.
    const second = await unpaidOrder();
    const bare = stripeEvent('payment_intent.succeeded', { ...second.intent, metadata: {} });
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(bare)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((res) => res.json<{ message: string }>().message).sort()).toEqual([
      'applied',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect((await ordersApi.orderRow(db(), second.orderId)).isPaid).toBe(true);
    expect(await ordersApi.stockOf(db(), second.product.id)).toBe(3);
    expect(
      await mailsTo(shopper.user.email, `receipt for order ${await label(second.orderId)}`),
    ).toHaveLength(1);
    expect(await receipts()).toHaveLength(1);
    expect(await ordersApi.stockOf(db(), product.id)).toBe(3);
  });

  it('does not pay an order from an intent of another amount or currency, and alerts the shop', async () => {
    for (const change of [{ amount_received: 100 }, { currency: 'eur' }]) {
      const { product, orderId, intent } = await unpaidOrder();
      expect(await outcome(stripeEvent('payment_intent.succeeded', { ...intent, ...change }))).toBe(
        'applied',
      );
      expect((await ordersApi.orderRow(db(), orderId)).isPaid).toBe(false);
      expect(await ordersApi.stockOf(db(), product.id)).toBe(5);
      const [alert] = await mailsTo(
        SHOP_EMAIL,
        `Stripe completed a payment the shop cannot accept for order ${await label(orderId)}`,
      );
      expect(alert!.text).toContain('asked for another amount. Refund it in Stripe.');
      expect((await timeline(orderId)).at(-1)).toMatchObject({
        kind: 'payment-problem',
        details: { problem: 'not-accepted', reason: 'wrong-amount', provider: 'stripe' },
      });
    }
  });

  it('leaves an order with a capture attempt under way to that attempt', async () => {
    const { product, orderId, intent } = await unpaidOrder();
    await db()
      .update(orders)
      .set({ captureAttemptId: randomUUID(), captureLeaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(orders.id, orderId));
    expect(await outcome(stripeEvent('payment_intent.succeeded', intent))).toBe('ignored');
    expect((await ordersApi.orderRow(db(), orderId)).isPaid).toBe(false);
    expect(await ordersApi.stockOf(db(), product.id)).toBe(5);
  });

  it("puts a card refused by the buyer's bank on the order's timeline", async () => {
    const { orderId, intent } = await unpaidOrder();
    const failed = {
      ...intent,
      status: 'requires_payment_method',
      amount_received: 0,
      latest_charge: null,
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    };
    expect(await outcome(stripeEvent('payment_intent.payment_failed', failed))).toBe('applied');
    expect((await timeline(orderId)).at(-1)).toMatchObject({
      kind: 'payment-failed',
      actor: 'shop',
      details: { reason: 'Your card was declined. (generic_decline)' },
    });
    expect((await ordersApi.orderRow(db(), orderId)).isPaid).toBe(false);
  });

  it("shows a refund made in Stripe's dashboard on the order once, and tells the buyer once", async () => {
    const { orderId, chargeId } = await paidOrder();
    const made = refund(chargeId, 'pending');
    expect(await outcome(stripeEvent('refund.created', made))).toBe('applied');
    expect(await refundsShown(orderId)).toMatchObject([
      { amount: 10, status: 'pending', reason: 'Refunded in Stripe' },
    ]);
    expect(await outcome(stripeEvent('refund.updated', { ...made, status: 'succeeded' }))).toBe(
      'applied',
    );
    // The charge's own event names the same refund: nothing more.
    const charge = {
      id: chargeId,
      object: 'charge',
      amount_refunded: 1000,
      refunds: { object: 'list', data: [{ ...made, status: 'succeeded' }] },
    };
    await outcome(stripeEvent('charge.refunded', charge));
    expect(await refundsShown(orderId)).toMatchObject([
      { amount: 10, status: 'completed', reason: 'Refunded in Stripe' },
    ]);
    const told = async () =>
      mailsTo(shopper.user.email, `a refund of $10.00 for order ${await label(orderId)}`);
    expect(await told()).toHaveLength(1);

    // A second one that only the charge's event carries.
    const other = refund(chargeId, 'succeeded');
    const both = {
      ...charge,
      amount_refunded: 2000,
      refunds: { data: [charge.refunds.data[0], other] },
    };
    expect(await outcome(stripeEvent('charge.refunded', both))).toBe('applied');
    expect((await refundsShown(orderId)).map((shown) => shown.status)).toEqual([
      'completed',
      'completed',
    ]);
    expect(await told()).toHaveLength(2);
  });

  it("follows a refund to its failure, and leaves the shop's own refund to the request that made it", async () => {
    const { orderId, chargeId } = await paidOrder();
    const made = refund(chargeId, 'pending');
    await outcome(stripeEvent('refund.created', made));
    expect(
      await outcome(
        stripeEvent('refund.failed', {
          ...made,
          status: 'failed',
          failure_reason: 'lost_or_stolen_card',
        }),
      ),
    ).toBe('applied');
    expect(await refundsShown(orderId)).toMatchObject([{ status: 'failed' }]);
    expect((await timeline(orderId)).at(-1)).toMatchObject({
      kind: 'refund',
      details: { status: 'failed', failureReason: 'lost_or_stolen_card' },
    });
    // The shop's own refund (our order id in its metadata), its event ahead of Stripe's answer.
    const ours = { ...refund(chargeId, 'succeeded'), metadata: { order_id: orderId } };
    expect(await outcome(stripeEvent('refund.created', ours))).toBe('ignored');
    expect(await refundsShown(orderId)).toHaveLength(1);
  });

  it('alerts the shop to a dispute; a lost one cancels the order not sent, gives stock and discount use back', async () => {
    const [code] = await db()
      .insert(discounts)
      .values({
        code: `DISPUTE-${randomUUID().slice(0, 8).toUpperCase()}`,
        kind: 'percentage',
        value: '10.00',
      })
      .returning();
    const paid = await paidOrder({ discountCode: code!.code });
    expect(await ordersApi.orderRow(db(), paid.orderId)).toMatchObject({ discountUseHeld: true });
    const usesOf = async () =>
      (await db().select().from(discounts).where(eq(discounts.id, code!.id)))[0]!.uses;
    expect(await usesOf()).toBe(1);

    expect(
      await outcome(stripeEvent('charge.dispute.created', dispute(paid, 'needs_response'))),
    ).toBe('applied');
    const [alert] = await mailsTo(
      SHOP_EMAIL,
      `The payment of order ${await label(paid.orderId)} is disputed in Stripe`,
    );
    expect(alert!.text).toContain('giving the reason "fraudulent"');
    expect(alert!.text).toContain(
      "Answer it with your evidence in Stripe's dashboard by 2030-03-17",
    );
    expect((await timeline(paid.orderId)).at(-1)).toMatchObject({
      kind: 'payment-problem',
      details: { problem: 'disputed', captureId: paid.chargeId, reason: 'fraudulent' },
    });
    expect((await ordersApi.orderRow(db(), paid.orderId)).cancelledAt).toBeNull();

    const lost = stripeEvent('charge.dispute.closed', dispute(paid, 'lost'));
    expect(await outcome(lost)).toBe('applied');
    expect(await ordersApi.orderRow(db(), paid.orderId)).toMatchObject({
      paymentProblem: 'reversed',
      cancelledBy: 'shop',
      discountUseHeld: false,
    });
    expect(await ordersApi.stockOf(db(), paid.product.id)).toBe(5);
    expect(await usesOf()).toBe(0);
    const [reversed] = await mailsTo(
      SHOP_EMAIL,
      `Stripe reversed the payment of order ${await label(paid.orderId)}`,
    );
    expect(reversed!.text).toContain('it is cancelled and its items are back in stock');
    expect((await timeline(paid.orderId)).at(-1)).toMatchObject({
      kind: 'cancelled',
      details: { reason: 'Stripe reversed the payment' },
    });
    expect(await outcome(lost)).toBe('duplicate');
    expect(await ordersApi.stockOf(db(), paid.product.id)).toBe(5);
  });

  it('notes a dispute won on the timeline and keeps the order as it is', async () => {
    const paid = await paidOrder();
    expect(await outcome(stripeEvent('charge.dispute.closed', dispute(paid, 'won')))).toBe(
      'applied',
    );
    expect((await timeline(paid.orderId)).at(-1)).toMatchObject({
      kind: 'payment-problem',
      details: { problem: 'dispute-won', captureId: paid.chargeId, provider: 'stripe' },
    });
    expect(await ordersApi.orderRow(db(), paid.orderId)).toMatchObject({
      isPaid: true,
      cancelledAt: null,
      paymentProblem: null,
    });
    expect(await ordersApi.stockOf(db(), paid.product.id)).toBe(3);
  });

  it('answers a verified event of another type 200 and ignores it', async () => {
    const event = stripeEvent('customer.subscription.created', { id: 'sub_1' });
    expect(await outcome(event)).toBe('ignored');
    expect(await recorded(event.id)).toMatchObject([
      { eventType: 'customer.subscription.created', objectId: 'sub_1' },
    ]);
  });
});

describe('the Stripe webhook without its secret or without Stripe', () => {
  const event = JSON.stringify(stripeEvent('payment_intent.succeeded', { id: 'pi_1' }));

  it('answers 404 and changes nothing', async () => {
    for (const [env, options] of [
      [{}, { paymentProvider: new OfflineStripe() }],
      [{ STRIPE_WEBHOOK_SECRET: SECRET }, {}],
    ] as const) {
      const t = await createTestApp(env, options);
      try {
        const res = await t.app.inject({
          method: 'POST',
          url: URL,
          headers: { 'content-type': 'application/json', 'stripe-signature': sign(event) },
          payload: event,
        });
        expect(res.statusCode).toBe(404);
        expect(await t.database.db.select().from(stripeWebhookEvents)).toEqual([]);
      } finally {
        await t.close();
      }
    }
  });
});
