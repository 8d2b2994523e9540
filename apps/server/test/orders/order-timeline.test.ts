// The order's timeline (issue #19): every change of an order adds an event in its own
// transaction, with who made it (buyer, admin or the shop) and when; admins add internal notes;
// Mark As Sent keeps a carrier and a tracking number, shown on the order and in the sent e-mail.
// Migration 0018 gives the orders placed before it the events their columns tell of.
import { randomUUID } from 'node:crypto';
import type { OrderEvent } from '@proshop/domain/order-event-schemas';
import type { Order } from '@proshop/domain/order-schemas';
import type { CaptureResult } from '@proshop/domain/payment-verification';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, orderEvents, orders } from '../../src/db/schema.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import {
  providerUnavailable,
  type PaymentProvider,
} from '../../src/modules/payment-providers/payment-provider.ts';
import { PayPalClient } from '../../src/modules/payment-providers/paypal-client.ts';
import { TestPaymentProvider } from '../../src/modules/payment-providers/test-provider.ts';
import { createProduct, createSignedInUser, TEST_JWT_SECRET } from '../helpers/factories.ts';
import { migrateTo } from '../helpers/migrate-to.ts';
import * as ordersApi from '../helpers/orders.ts';
import { PassThroughProvider } from '../helpers/pass-through-provider.ts';
import { PayPalStandIn } from '../helpers/paypal-stand-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../helpers/test-database.ts';

type Headers = Record<string, string>;
type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
type CaptureInput = Parameters<PaymentProvider['capturePayment']>[0];

/** Test mode, with the next capture's answer scripted: a refusal, or no answer at all. */
class ScriptedProvider extends PassThroughProvider {
  nextCapture: CaptureResult | 'no-answer' | undefined;

  override capturePayment(input: CaptureInput) {
    const next = this.nextCapture;
    this.nextCapture = undefined;
    if (next === 'no-answer') return Promise.reject(providerUnavailable());
    return next ? Promise.resolve(next) : super.capturePayment(input);
  }
}

/** An event as the tests compare it: what, who, and the details that matter. */
const entry = (event: OrderEvent) => ({
  kind: event.kind,
  actor: event.actor,
  actorId: event.actorId,
  actorName: event.actorName,
});

describe(`the order timeline (${testDatabaseKind})`, () => {
  let t: TestApp;
  let provider: ScriptedProvider;
  let shopper: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    provider = new ScriptedProvider(new TestPaymentProvider(TEST_JWT_SECRET));
    t = await createTestApp({ UNPAID_ORDER_DAYS: '14' }, { paymentProvider: provider });
    shopper = await createSignedInUser(t.database.db, { name: 'Tess Shopper' });
    admin = await createSignedInUser(t.database.db, { name: 'Ada Admin', isAdmin: true });
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    provider.nextCapture = undefined;
  });

  const db = () => t.database.db;
  const buyer = () => ({ actor: 'buyer', actorId: shopper.user.id, actorName: 'Tess Shopper' });
  const byAdmin = () => ({ actor: 'admin', actorId: admin.user.id, actorName: 'Ada Admin' });
  const shop = { actor: 'shop', actorId: null, actorName: null };

  async function newOrder(headers: Headers = shopper.headers) {
    const product = await createProduct(db(), { price: '20.00', countInStock: 5 });
    return (await ordersApi.placeOrder(t.app, headers, [{ product, qty: 2 }]))._id;
  }
  async function paidOrder() {
    const orderId = await newOrder();
    const paid = await ordersApi.payOrder(t.app, shopper.headers, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    return orderId;
  }
  const events = (orderId: string, headers: Headers = admin.headers) =>
    t.app.inject({ url: `/api/orders/${orderId}/events`, headers });
  async function timeline(orderId: string): Promise<OrderEvent[]> {
    const res = await events(orderId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OrderEvent[]>();
  }
  const kinds = async (orderId: string) => (await timeline(orderId)).map((event) => event.kind);
  const markSent = (orderId: string, payload?: object, headers: Headers = admin.headers) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/sent`,
      headers,
      ...(payload ? { payload } : {}),
    });
  const addNote = (orderId: string, note: unknown, headers: Headers = admin.headers) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/notes`,
      headers,
      payload: { note },
    });
  const sentMail = async (orderId: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId))).find((mail) =>
      mail.subject.endsWith('has been sent'),
    );

  it('tells a whole journey in order, each step with who made it: placed, paid, e-mailed, sent with tracking, delivered, refunded', async () => {
    const orderId = await newOrder();
    expect((await ordersApi.payOrder(t.app, shopper.headers, orderId)).statusCode).toBe(200);
    await t.app.mailOutbox.runOnce();
    const sent = await markSent(orderId, { carrier: 'DHL', trackingNumber: 'JD0146000062' });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.mailOutbox.runOnce();
    const delivered = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/deliver`,
      headers: admin.headers,
    });
    expect(delivered.statusCode).toBe(200);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      headers: admin.headers,
      payload: { amount: 5, reason: 'Scratched box' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    await t.app.mailOutbox.runOnce();

    const shown = await timeline(orderId);
    expect(shown.map(entry)).toEqual([
      { kind: 'placed', ...buyer() },
      { kind: 'payment-started', ...buyer() },
      { kind: 'paid', ...buyer() },
      { kind: 'email', ...shop },
      { kind: 'sent', ...byAdmin() },
      { kind: 'email', ...shop },
      { kind: 'delivered', ...byAdmin() },
      { kind: 'refund', ...byAdmin() },
      { kind: 'refund', ...shop },
      { kind: 'email', ...shop },
      { kind: 'email', ...shop },
    ]);
    const [, started, paid, receipt, sentEvent, sentNotice, , asked, done, ...lastMails] = shown;
    expect(started!.details).toEqual({ provider: 'test' });
    const row = await ordersApi.orderRow(db(), orderId);
    expect(paid!.details).toEqual({
      captureId: row.captureId,
      amount: Number(row.totalPrice),
      currency: 'USD',
    });
    expect(receipt!.details).toEqual({
      subject: `ProShop: receipt for order #${row.orderNumber}`,
      to: shopper.user.email,
    });
    expect(sentEvent!.details).toEqual({ carrier: 'DHL', trackingNumber: 'JD0146000062' });
    expect(sentNotice!.details.subject).toBe(
      `ProShop: your order #${row.orderNumber} has been sent`,
    );
    expect(asked!.details).toMatchObject({
      amount: 5,
      status: 'requested',
      reason: 'Scratched box',
    });
    expect(done!.details).toMatchObject({ amount: 5, status: 'completed' });
    expect(done!.details.refundId).toBe(asked!.details.refundId);
    // The delivered notice and the refund's went out in the same run of the outbox.
    expect(lastMails.map((mail) => mail.details.subject).sort()).toEqual([
      `ProShop: a refund of $5.00 for order #${row.orderNumber}`,
      `ProShop: your order #${row.orderNumber} has been delivered`,
    ]);
    // Oldest first, each with its moment.
    const times = shown.map((event) => Date.parse(event.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBe(row.createdAt.getTime());
  });

  it('e-mails of an order name it in the outbox; its timeline gets one only once the e-mail is sent', async () => {
    const orderId = await paidOrder();
    const { orderNumber } = await ordersApi.orderRow(db(), orderId);
    const queued = await db().select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
    expect(queued.map((mail) => mail.subject)).toEqual([
      `ProShop: receipt for order #${orderNumber}`,
    ]);
    expect(await kinds(orderId)).not.toContain('email');
    await t.app.mailOutbox.runOnce();
    expect(await kinds(orderId)).toEqual(['placed', 'payment-started', 'paid', 'email']);
  });

  it('tells who cancelled: the buyer, an admin (with the refund of a paid order), or the shop for an order left unpaid', async () => {
    const byBuyer = await newOrder();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/orders/${byBuyer}/cancel`,
          headers: shopper.headers,
        })
      ).statusCode,
    ).toBe(200);
    expect((await timeline(byBuyer)).map(entry)).toEqual([
      { kind: 'placed', ...buyer() },
      { kind: 'cancelled', ...buyer() },
    ]);

    const paid = await paidOrder();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${paid}/cancel`,
      headers: admin.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const shown = await timeline(paid);
    expect(shown.map(entry)).toEqual([
      { kind: 'placed', ...buyer() },
      { kind: 'payment-started', ...buyer() },
      { kind: 'paid', ...buyer() },
      { kind: 'cancelled', ...byAdmin() },
      { kind: 'refund', ...byAdmin() },
      { kind: 'refund', ...shop },
    ]);
    expect(shown[4]!.details).toMatchObject({
      amount: Number((await ordersApi.orderRow(db(), paid)).totalPrice),
      status: 'requested',
      reason: 'Order cancelled',
    });

    const stale = await newOrder();
    await db()
      .update(orders)
      .set({ createdAt: sql`now() - interval '15 days'` })
      .where(eq(orders.id, stale));
    expect(await t.app.unpaidOrders.runOnce()).toBeGreaterThanOrEqual(1);
    const last = (await timeline(stale)).at(-1)!;
    expect(entry(last)).toEqual({ kind: 'cancelled', ...shop });
    expect(last.details).toEqual({ reason: 'Not paid in time' });
  });

  it('a declined capture is a failed payment by the buyer; a capture in doubt paid by the recovery pass is paid by the shop', async () => {
    const declined = await newOrder();
    const started = await ordersApi.startPayment(t.app, shopper.headers, declined);
    const { providerOrderId } = started.json<{ providerOrderId: string }>();
    provider.nextCapture = { status: 'declined', reason: 'INSTRUMENT_DECLINED' };
    expect(
      (await ordersApi.pay(t.app, shopper.headers, declined, providerOrderId)).statusCode,
    ).toBe(409);
    const failed = await timeline(declined);
    expect(failed.map(entry)).toEqual([
      { kind: 'placed', ...buyer() },
      { kind: 'payment-started', ...buyer() },
      { kind: 'payment-failed', ...buyer() },
    ]);
    expect(failed[2]!.details).toEqual({ reason: 'declined' });
    // Paid on the next try: the failure stays on the record.
    expect(
      (await ordersApi.pay(t.app, shopper.headers, declined, providerOrderId)).statusCode,
    ).toBe(200);
    expect((await kinds(declined)).slice(2)).toEqual(['payment-failed', 'paid']);

    const inDoubt = await newOrder();
    const again = await ordersApi.startPayment(t.app, shopper.headers, inDoubt);
    provider.nextCapture = 'no-answer';
    const lost = await ordersApi.pay(
      t.app,
      shopper.headers,
      inDoubt,
      again.json<{ providerOrderId: string }>().providerOrderId,
    );
    expect(lost.statusCode).toBe(503);
    expect(await kinds(inDoubt)).toEqual(['placed', 'payment-started']);
    expect((await t.app.captureRecovery.runOnce()).paid).toBeGreaterThanOrEqual(1);
    expect((await timeline(inDoubt)).map(entry).at(-1)).toEqual({ kind: 'paid', ...shop });
  });

  it('tells of return requests, accepted and declined', async () => {
    const orderId = await paidOrder();
    const order = (
      await t.app.inject({ url: `/api/orders/${orderId}`, headers: shopper.headers })
    ).json<Order>();
    const line = order.orderItems[0]!._id;
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/returns`,
        headers: shopper.headers,
        payload: { lines: [{ orderItem: line, qty: 1 }], reason: 'Too bright' },
      });
    const first = (await ask()).json<Order>().returns[0]!._id;
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/returns/${first}/decline`,
      headers: admin.headers,
      payload: { message: 'Used' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const second = (await ask()).json<Order>().returns[1]!._id;
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/returns/${second}/accept`,
      headers: admin.headers,
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const shown = (await timeline(orderId)).slice(3);
    expect(shown.map(entry)).toEqual([
      { kind: 'return-requested', ...buyer() },
      { kind: 'return-declined', ...byAdmin() },
      { kind: 'return-requested', ...buyer() },
      { kind: 'return-accepted', ...byAdmin() },
      { kind: 'refund', ...byAdmin() },
      { kind: 'refund', ...shop },
    ]);
    expect(shown[0]!.details).toEqual({ returnId: first, reason: 'Too bright' });
    expect(shown[1]!.details).toEqual({ returnId: first, message: 'Used' });
    expect(shown[3]!.details).toEqual({ returnId: second });
  });

  it('keeps text with half a surrogate pair (a refund reason allows it) on the timeline as U+FFFD', async () => {
    const orderId = await paidOrder();
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      headers: admin.headers,
      payload: { amount: 1, reason: 'Broken \ud800 lid' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const refunds = (await timeline(orderId)).filter((event) => event.kind === 'refund');
    expect(refunds.map((event) => event.details.reason)).toEqual([
      'Broken \ufffd lid',
      'Broken \ufffd lid',
    ]);
  });

  it('lets an admin add internal notes, trimmed, that no answer to the customer carries', async () => {
    const orderId = await paidOrder();
    const added = await addNote(orderId, '  Customer called: leave it at the back door.  ');
    expect(added.statusCode, added.body).toBe(201);
    const note = added.json<OrderEvent>();
    expect(note).toMatchObject({
      kind: 'note',
      ...byAdmin(),
      details: { note: 'Customer called: leave it at the back door.' },
    });
    const shown = await timeline(orderId);
    expect(shown.at(-1)).toEqual(note);

    const asBuyer = await t.app.inject({ url: `/api/orders/${orderId}`, headers: shopper.headers });
    const mine = await t.app.inject({ url: '/api/orders/myorders', headers: shopper.headers });
    for (const answer of [asBuyer, mine]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain('back door');
      expect(answer.body).not.toContain(note._id);
    }
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
    expect(mails.some((mail) => mail.text.includes('back door'))).toBe(false);
  });

  it('keeps notes and the timeline to admins (401, 403) and answers 404 for an unknown order and 400 for an empty or long note', async () => {
    const orderId = await newOrder();
    expect((await addNote(orderId, 'Hello', shopper.headers)).statusCode).toBe(403);
    expect((await addNote(orderId, 'Hello', {})).statusCode).toBe(401);
    expect((await events(orderId, shopper.headers)).statusCode).toBe(403);
    expect((await events(orderId, {})).statusCode).toBe(401);

    for (const unknown of [randomUUID(), 'nope']) {
      const note = await addNote(unknown, 'Hello');
      expect(note.statusCode).toBe(404);
      expect(note.json()).toEqual({ message: 'Order not found' });
      expect((await events(unknown)).statusCode).toBe(404);
    }

    for (const [note, message] of [
      ['   ', 'Please write a note'],
      ['x'.repeat(2001), 'A note has at most 2000 characters'],
      ['bell \u0007', 'Note must not contain control characters'],
      ['half \ud800 a pair', 'Note must be text'],
    ] as const) {
      const res = await addNote(orderId, note);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/notes`,
      headers: admin.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect((await addNote(orderId, `${'x'.repeat(2000)}  `)).statusCode).toBe(201);
    expect(await kinds(orderId)).toEqual(['placed', 'note']);
  });

  it('marks an order sent with a carrier and tracking number: on the order, the timeline and the sent e-mail (text and HTML)', async () => {
    const orderId = await paidOrder();
    const res = await markSent(orderId, {
      carrier: '  DHL Express ',
      trackingNumber: ' JD<014600006281230> ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>()).toMatchObject({
      isSent: true,
      carrier: 'DHL Express',
      trackingNumber: 'JD<014600006281230>',
    });
    const asBuyer = (
      await t.app.inject({ url: `/api/orders/${orderId}`, headers: shopper.headers })
    ).json<Order>();
    expect(asBuyer).toMatchObject({
      carrier: 'DHL Express',
      trackingNumber: 'JD<014600006281230>',
    });
    const mail = await sentMail(orderId);
    expect(mail!.text).toContain('Carrier: DHL Express\nTracking number: JD<014600006281230>');
    expect(mail!.html).toMatch(
      /Carrier: DHL Express<br\s*\/?>Tracking number: JD&lt;014600006281230&gt;/,
    );
    expect(mail!.html).not.toContain('<014600006281230>');
    expect((await timeline(orderId)).at(-1)!.details).toEqual({
      carrier: 'DHL Express',
      trackingNumber: 'JD<014600006281230>',
    });
  });

  it('marks an order sent without a body, or with blank fields, as before: no carrier, no tracking', async () => {
    for (const payload of [undefined, { carrier: ' ', trackingNumber: '' }, { carrier: null }]) {
      const orderId = await paidOrder();
      const res = await markSent(orderId, payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Order>()).toMatchObject({
        isSent: true,
        carrier: null,
        trackingNumber: null,
      });
      const mail = await sentMail(orderId);
      expect(mail!.text).not.toContain('Tracking number');
      expect(mail!.html).not.toContain('Carrier');
      expect((await timeline(orderId)).at(-1)).toMatchObject({
        kind: 'sent',
        details: { carrier: null, trackingNumber: null },
      });
    }
  });

  it('refuses a carrier or tracking number too long, on several lines or not text (400), and the order stays unsent', async () => {
    const orderId = await paidOrder();
    for (const [payload, message] of [
      [{ carrier: 'x'.repeat(101) }, 'Carrier is too long (at most 100 characters)'],
      [{ trackingNumber: '1'.repeat(101) }, 'Tracking number is too long (at most 100 characters)'],
      [
        { trackingNumber: '12\n34' },
        'Tracking number must be one line, without line breaks or control characters',
      ],
      [{ carrier: 42 }, 'Carrier is required'],
      [{ trackingNumber: 'JD\udc00' }, 'Tracking number must be text'],
    ] as const) {
      const res = await markSent(orderId, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    expect((await ordersApi.orderRow(db(), orderId)).isSent).toBe(false);
    expect(await kinds(orderId)).not.toContain('sent');
    expect((await markSent(orderId, { carrier: 'x'.repeat(100) })).statusCode).toBe(200);
  });

  it('writes each event in the transaction of its change: a mark-sent that fails after writing its event leaves neither', async () => {
    const orderId = await paidOrder();
    // The sent e-mail of this order cannot be queued: the transaction fails after the order was
    // updated and its event written, at the outbox insert that follows them.
    await db().execute(
      sql`alter table mail_outbox add constraint timeline_test_no_mail
          check (order_id is distinct from ${sql.raw(`'${orderId}'`)}::uuid) not valid`,
    );
    try {
      const res = await markSent(orderId, { carrier: 'UPS', trackingNumber: '1Z999' });
      expect(res.statusCode).toBe(500);
    } finally {
      await db().execute(sql`alter table mail_outbox drop constraint timeline_test_no_mail`);
    }
    const row = await ordersApi.orderRow(db(), orderId);
    expect(row).toMatchObject({ isSent: false, carrier: null, trackingNumber: null });
    expect(await kinds(orderId)).toEqual(['placed', 'payment-started', 'paid']);

    expect((await markSent(orderId, { carrier: 'UPS' })).statusCode).toBe(200);
    expect(await kinds(orderId)).toEqual(['placed', 'payment-started', 'paid', 'sent']);
    // A refused step (409) writes nothing either.
    expect((await markSent(orderId)).statusCode).toBe(409);
    const sentEvents = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'sent')));
    expect(sentEvents).toHaveLength(1);
  });
});

describe(`the order timeline with PayPal's webhooks (${testDatabaseKind})`, () => {
  const WEBHOOK_ID = 'WH-STAND-IN-TIMELINE';
  let standIn: PayPalStandIn;
  let t: TestApp;
  let shopper: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    standIn = await PayPalStandIn.start();
    const paypal = new PayPalClient({
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      apiBase: standIn.url,
      brandName: 'ProShop',
    });
    t = await createTestApp({ PAYPAL_WEBHOOK_ID: WEBHOOK_ID }, { paymentProvider: paypal });
    shopper = await createSignedInUser(t.database.db, { name: 'Pat Pending' });
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('a pending capture fails the payment, PayPal completing it pays the order, and a reversal is a payment problem that cancels it (all by the shop)', async () => {
    const product = await createProduct(t.database.db, { price: '40.00', countInStock: 5 });
    const order = await ordersApi.placeOrder(t.app, shopper.headers, [{ product, qty: 1 }]);
    const started = await ordersApi.startPayment(t.app, shopper.headers, order._id);
    const { providerOrderId } = started.json<{ providerOrderId: string }>();
    standIn.setCaptureBehaviour({ kind: 'pending' });
    expect(
      (await ordersApi.pay(t.app, shopper.headers, order._id, providerOrderId)).statusCode,
    ).toBe(409);
    const capture = standIn.orders.get(providerOrderId)!.captures[0]!;
    const send = async (event: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/paypal/webhook',
        headers: standIn.signWebhook(event, WEBHOOK_ID),
        payload: event,
      });
      expect(res.json()).toEqual({ message: 'applied' });
    };
    await send({
      id: `WH-${randomUUID()}`,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { ...capture, status: 'COMPLETED' },
    });
    await send({
      id: `WH-${randomUUID()}`,
      event_type: 'PAYMENT.CAPTURE.REVERSED',
      resource: { id: capture.id, status: 'REVERSED', custom_id: order._id },
    });

    const res = await t.app.inject({
      url: `/api/orders/${order._id}/events`,
      headers: admin.headers,
    });
    const shown = res.json<OrderEvent[]>();
    const buyer = { actor: 'buyer', actorId: shopper.user.id, actorName: 'Pat Pending' };
    const shop = { actor: 'shop', actorId: null, actorName: null };
    expect(shown.map(entry)).toEqual([
      { kind: 'placed', ...buyer },
      { kind: 'payment-started', ...buyer },
      { kind: 'payment-failed', ...buyer },
      { kind: 'paid', ...shop },
      { kind: 'payment-problem', ...shop },
      { kind: 'cancelled', ...shop },
    ]);
    expect(shown[2]!.details).toEqual({ reason: 'pending' });
    expect(shown[3]!.details).toEqual({
      captureId: capture.id,
      amount: order.totalPrice,
      currency: 'USD',
    });
    expect(shown[4]!.details).toEqual({
      problem: 'reversed',
      captureId: capture.id,
      provider: 'paypal',
    });
    expect(shown[5]!.details).toEqual({ reason: 'PayPal reversed the payment' });
  });
});

describe(`migration 0018 gives older orders their timeline (${testDatabaseKind})`, () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t?.drop());

  type EventRow = {
    order_id: string;
    kind: string;
    actor: string;
    actor_id: string | null;
    actor_name: string | null;
    details: Record<string, unknown>;
    created_at: Date;
  };

  it('adds placed, paid, sent, delivered, cancelled and refund events from what each order recorded', async () => {
    const db = t.handle.db;
    await migrateTo(t.handle, '0017_product_option_values');
    const [buyer] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (name, email, password_hash) values ('Old Buyer', 'old@example.test', 'x')
          returning id`,
    );
    const [refunder] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (name, email, password_hash, is_admin)
          values ('Old Admin', 'admin@example.test', 'x', true) returning id`,
    );
    const order = async (columns: {
      paid?: string;
      sent?: string;
      delivered?: string;
      cancelled?: { at: string; by: string };
    }) => {
      const [made] = await queryRows<{ id: string }>(
        db,
        sql`insert into orders (user_id, buyer_name, buyer_email, address, city, postal_code,
              country, payment_method, items_price, shipping_price, tax_price, total_price,
              currency, created_at, is_paid, paid_at, capture_id, is_sent, sent_at, is_delivered,
              delivered_at, cancelled_at, cancelled_by)
            values (${buyer!.id}, 'Old Buyer', 'old@example.test', '1 Road', 'Town', '1000',
              'Land', 'PayPal', 10, 0, 0, 10, 'USD', '2025-01-01T10:00:00Z',
              ${columns.paid !== undefined}, ${columns.paid ?? null}, ${columns.paid ? `CAP-${randomUUID()}` : null},
              ${columns.sent !== undefined}, ${columns.sent ?? null},
              ${columns.delivered !== undefined}, ${columns.delivered ?? null},
              ${columns.cancelled?.at ?? null}, ${columns.cancelled?.by ?? null})
            returning id`,
      );
      return made!.id;
    };
    const journey = await order({
      paid: '2025-01-01T11:00:00Z',
      sent: '2025-01-02T09:00:00Z',
      delivered: '2025-01-04T15:00:00Z',
    });
    const cancelledByBuyer = await order({
      cancelled: { at: '2025-01-01T12:00:00Z', by: 'buyer' },
    });
    const unpaid = await order({});
    await db.execute(
      sql`insert into refunds (order_id, amount, currency, reason, status, request_id, created_by,
            created_at)
          values (${journey}, 4.5, 'USD', 'Dented', 'completed', ${randomUUID()}, ${refunder!.id},
            '2025-01-05T08:00:00Z')`,
    );

    await t.handle.migrate();

    const rows = await queryRows<EventRow>(
      db,
      sql`select order_id, kind, actor, actor_id, actor_name, details, created_at
          from order_events order by order_id, created_at`,
    );
    const of = (id: string) =>
      rows
        .filter((row) => row.order_id === id)
        .map((row) => ({
          kind: row.kind,
          actor: row.actor,
          actorId: row.actor_id,
          actorName: row.actor_name,
          details: row.details,
          at: new Date(row.created_at).toISOString(),
        }));
    const placed = {
      kind: 'placed',
      actor: 'buyer',
      actorId: buyer!.id,
      actorName: 'Old Buyer',
      details: {},
      at: '2025-01-01T10:00:00.000Z',
    };
    expect(of(journey)).toEqual([
      placed,
      { ...placed, kind: 'paid', at: '2025-01-01T11:00:00.000Z' },
      {
        kind: 'sent',
        actor: 'admin',
        actorId: null,
        actorName: null,
        details: {},
        at: '2025-01-02T09:00:00.000Z',
      },
      {
        kind: 'delivered',
        actor: 'admin',
        actorId: null,
        actorName: null,
        details: {},
        at: '2025-01-04T15:00:00.000Z',
      },
      {
        kind: 'refund',
        actor: 'admin',
        actorId: refunder!.id,
        actorName: 'Old Admin',
        details: { amount: 4.5, status: 'completed', reason: 'Dented' },
        at: '2025-01-05T08:00:00.000Z',
      },
    ]);
    expect(of(cancelledByBuyer)).toEqual([
      placed,
      { ...placed, kind: 'cancelled', at: '2025-01-01T12:00:00.000Z' },
    ]);
    expect(of(unpaid)).toEqual([placed]);
  });
});
