import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, paypalWebhookEvents } from '../../src/db/schema.ts';
import { PayPalClient } from '../../src/modules/payment-providers/paypal-client.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { PayPalStandIn } from '../helpers/paypal-stand-in.ts';
import { countStatuses, releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

const WEBHOOK_ID = 'WH-STAND-IN-1';
const SHOP_EMAIL = 'shop@example.test';
const URL = '/api/payments/paypal/webhook';

describe(`PayPal webhooks (${testDatabaseKind})`, () => {
  let standIn: PayPalStandIn;
  let t: TestApp;
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    standIn = await PayPalStandIn.start();
    const paypal = new PayPalClient({
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      apiBase: standIn.url,
      brandName: 'ProShop',
    });
    t = await createTestApp(
      { PAYPAL_WEBHOOK_ID: WEBHOOK_ID, SHOP_EMAIL },
      { paymentProvider: paypal },
    );
    shopper = await createSignedInUser(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });
  beforeEach(() => standIn.reset());

  const db = () => t.database.db;
  const send = (event: object, headers = standIn.signWebhook(event, WEBHOOK_ID)) =>
    t.app.inject({ method: 'POST', url: URL, headers, payload: event });
  const mailsTo = async (to: string, about: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((mail) =>
      mail.subject.includes(about),
    );
  /** The order's number as its e-mails name it: `#1001`. */
  const label = async (orderId: string) =>
    `#${(await ordersApi.orderRow(db(), orderId)).orderNumber}`;

  /** An order whose capture PayPal left PENDING: unpaid, its stock given back. */
  async function pendingOrder() {
    const product = await createProduct(db(), { price: '40.00', countInStock: 5 });
    const order = await ordersApi.placeOrder(t.app, shopper.headers, [{ product, qty: 2 }]);
    const started = await ordersApi.startPayment(t.app, shopper.headers, order._id);
    const { providerOrderId } = started.json<{ providerOrderId: string }>();
    standIn.setCaptureBehaviour({ kind: 'pending' });
    const res = await ordersApi.pay(t.app, shopper.headers, order._id, providerOrderId);
    expect(res.statusCode).toBe(409);
    expect(await ordersApi.stockOf(db(), product.id)).toBe(5);
    const capture = standIn.orders.get(providerOrderId)!.captures[0]!;
    const event = {
      id: `WH-${randomUUID()}`,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource_type: 'capture',
      create_time: new Date().toISOString(),
      resource: { ...capture, status: 'COMPLETED' },
    };
    return { product, orderId: order._id, capture, event };
  }

  async function paidOrder() {
    const product = await createProduct(db(), { price: '40.00', countInStock: 5 });
    const order = await ordersApi.placeOrder(t.app, shopper.headers, [{ product, qty: 2 }]);
    expect((await ordersApi.payOrder(t.app, shopper.headers, order._id)).statusCode).toBe(200);
    const captureId = (await ordersApi.orderRow(db(), order._id)).captureId!;
    return { product, orderId: order._id, captureId };
  }

  it('a PENDING capture that PayPal completes pays the order once: stock taken, one receipt, a repeat changes nothing', async () => {
    const { product, orderId, capture, event } = await pendingOrder();
    const res = await send(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'applied' });
    const row = await ordersApi.orderRow(db(), orderId);
    expect(row).toMatchObject({ isPaid: true, captureId: capture.id });
    expect(await ordersApi.stockOf(db(), product.id)).toBe(3);
    expect(
      await mailsTo(shopper.user.email, `receipt for order ${await label(orderId)}`),
    ).toHaveLength(1);

    const again = await send(event);
    expect(again.json()).toEqual({ message: 'duplicate' });
    expect(await ordersApi.stockOf(db(), product.id)).toBe(3);
    expect(
      await mailsTo(shopper.user.email, `receipt for order ${await label(orderId)}`),
    ).toHaveLength(1);
  });

  it('the same event delivered five times at once is applied once', async () => {
    const { product, orderId, event } = await pendingOrder();
    const answers = await releaseTogether(
      t.app,
      Array.from({ length: 5 }, () => ({
        method: 'POST' as const,
        url: URL,
        headers: standIn.signWebhook(event, WEBHOOK_ID),
        payload: event,
      })),
    );
    expect(countStatuses(answers)).toEqual({ 200: 5 });
    expect(answers.map((res) => res.json<{ message: string }>().message).sort()).toEqual([
      'applied',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(await ordersApi.stockOf(db(), product.id)).toBe(3);
    expect(
      await mailsTo(shopper.user.email, `receipt for order ${await label(orderId)}`),
    ).toHaveLength(1);
  });

  it('an event with a bad or missing signature changes nothing and is not recorded', async () => {
    const { orderId, event } = await pendingOrder();
    const signedForAnother = standIn.signWebhook(event, 'WH-SOMEONE-ELSE');
    const altered = {
      ...event,
      resource: { ...event.resource, amount: { currency_code: 'USD', value: '0.01' } },
    };
    for (const res of [
      await send(event, signedForAnother),
      await send(altered, standIn.signWebhook(event, WEBHOOK_ID)),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The event could not be verified with PayPal' });
    }
    // Without PayPal's headers, PayPal is not even asked (security-paypal-webhook.test.ts).
    const unsigned = await send(event, {});
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toEqual({ message: 'The paypal-auth-algo header is missing' });
    expect((await ordersApi.orderRow(db(), orderId)).isPaid).toBe(false);
    const recorded = await db()
      .select()
      .from(paypalWebhookEvents)
      .where(eq(paypalWebhookEvents.id, event.id));
    expect(recorded).toHaveLength(0);
  });

  it('a reversed payment of an order not sent cancels it, gives the stock back and alerts the shop', async () => {
    const { product, orderId, captureId } = await paidOrder();
    expect(await ordersApi.stockOf(db(), product.id)).toBe(3);
    const res = await send({
      id: `WH-${randomUUID()}`,
      event_type: 'PAYMENT.CAPTURE.REVERSED',
      resource: { id: captureId, status: 'REVERSED', custom_id: orderId },
    });
    expect(res.json()).toEqual({ message: 'applied' });
    const row = await ordersApi.orderRow(db(), orderId);
    expect(row).toMatchObject({ paymentProblem: 'reversed', cancelledBy: 'shop' });
    expect(await ordersApi.stockOf(db(), product.id)).toBe(5);
    const [alert] = await mailsTo(
      SHOP_EMAIL,
      `reversed the payment of order ${await label(orderId)}`,
    );
    expect(alert!.text).toContain('it is cancelled and its items are back in stock');
  });

  it("a refund made in PayPal's dashboard appears on the order and the buyer is told", async () => {
    const { orderId, captureId } = await paidOrder();
    const res = await send({
      id: `WH-${randomUUID()}`,
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: {
        id: 'DASHBOARD-REFUND-1',
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '10.00' },
        links: [
          { href: `https://api-m.paypal.com/v2/payments/refunds/DASHBOARD-REFUND-1`, rel: 'self' },
          { href: `https://api-m.paypal.com/v2/payments/captures/${captureId}`, rel: 'up' },
        ],
      },
    });
    expect(res.json()).toEqual({ message: 'applied' });
    const order = await t.app.inject({ url: `/api/orders/${orderId}`, headers: shopper.headers });
    expect(order.json<{ refunds: unknown[] }>().refunds).toMatchObject([
      { amount: 10, status: 'completed', reason: 'Refunded in PayPal' },
    ]);
    expect(
      await mailsTo(shopper.user.email, `a refund of $10.00 for order ${await label(orderId)}`),
    ).toHaveLength(1);
  });
});

describe('the webhook without PayPal configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers 404 and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} },
    });
    expect(res.statusCode).toBe(404);
  });
});
