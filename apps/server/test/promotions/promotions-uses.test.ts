import { randomUUID } from 'node:crypto';
import { DISCOUNT_MESSAGES, type DiscountTerms } from '@proshop/domain/discounts';
import type { CaptureResult } from '@proshop/domain/payment-verification';
import { computeOrderPrices } from '@proshop/domain/prices';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { discountUses, discounts, mailOutbox, orders } from '../../src/db/schema.ts';
import { PayPalClient } from '../../src/modules/payment-providers/paypal-client.ts';
import { TestPaymentProvider } from '../../src/modules/payment-providers/test-provider.ts';
import { createProduct, createSignedInUser, TEST_JWT_SECRET } from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { PassThroughProvider } from '../helpers/pass-through-provider.ts';
import { PayPalStandIn } from '../helpers/paypal-stand-in.ts';
import { countStatuses, releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

// The uses of discount codes (docs/decisions/0020): taken when an order is paid, atomically
// with its stock under a lock on the discount, and given back when the capture fails, the order
// is cancelled or fully refunded.

type Headers = Record<string, string>;
type Shopper = Awaited<ReturnType<typeof createSignedInUser>>;
type Product = Awaited<ReturnType<typeof createProduct>>;
type OrderAnswer = {
  _id: string;
  totalPrice: number;
  orderItems: { _id: string; qty: number; price: number; discount: number }[];
};

const TEN_PERCENT: DiscountTerms = { kind: 'percentage', value: 10 };
const SHOP_EMAIL = 'shop@example.test';

/** What the shopper reads when the code stops a payment. */
const refusedWith = (reason: string) =>
  `${reason}, so nothing was charged. Please place your order again without it.`;

/** The test provider, recording the captures it made and failing those it is told to. */
class RecordingProvider extends PassThroughProvider {
  /** Orders whose payment was captured: money taken. */
  readonly captured: string[] = [];
  /** Orders whose next capture fails. */
  readonly failing = new Set<string>();

  constructor() {
    super(new TestPaymentProvider(TEST_JWT_SECRET));
  }

  override async capturePayment(input: {
    providerOrderId: string;
    orderId: string;
    amountCents: number;
    currency: string;
  }): Promise<CaptureResult> {
    if (this.failing.delete(input.orderId)) {
      return { status: 'failed', reason: 'INTERNAL_SERVER_ERROR' };
    }
    this.captured.push(input.orderId);
    return super.capturePayment(input);
  }
}

/** A discount code of 10 % off with these limits, straight into the database. */
async function createCode(app: TestApp, limits: Partial<typeof discounts.$inferInsert> = {}) {
  const [row] = await app.database.db
    .insert(discounts)
    .values({
      code: `USES-${randomUUID().slice(0, 8).toUpperCase()}`,
      kind: 'percentage',
      value: '10.00',
      ...limits,
    })
    .returning();
  return row!;
}

const usesOf = async (app: TestApp, id: string) =>
  (await app.database.db.select().from(discounts).where(eq(discounts.id, id)))[0]!.uses;

/** Places an order of these lines with the code, at the prices the shared rule gives (201). */
async function placeWithCode(
  app: TestApp,
  headers: Headers,
  lines: { product: Product; qty: number }[],
  code: string,
) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: {
      orderItems: lines.map(({ product, qty }) => ({ product: product.id, qty })),
      shippingAddress: ordersApi.shippingAddress,
      paymentMethod: 'PayPal',
      discountCode: code,
      ...computeOrderPrices(
        lines.map(({ product, qty }) => ({ price: Number(product.price), qty })),
        TEN_PERCENT,
      ),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OrderAnswer>();
}

/** Starts the payment of an order (200 expected) and answers the provider's order id. */
async function startPayment(app: TestApp, headers: Headers, orderId: string) {
  const res = await ordersApi.startPayment(app.app, headers, orderId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ providerOrderId: string }>().providerOrderId;
}

describe(`discount code uses taken at payment (${testDatabaseKind})`, () => {
  let t: TestApp;
  const provider = new RecordingProvider();
  let admin: Shopper;

  beforeAll(async () => {
    t = await createTestApp({}, { paymentProvider: provider });
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  /** The orders among these that hold a use of their code now. */
  const heldBy = async (orderIds: string[]) =>
    (
      await db()
        .select({ id: discountUses.orderId })
        .from(discountUses)
        .where(inArray(discountUses.orderId, orderIds))
    )
      .map((row) => row.id)
      .sort();
  /** One unit of a product at 20.00. */
  const aProduct = () => createProduct(db(), { price: '20.00', countInStock: 1 });
  const pay = (headers: Headers, orderId: string) => ordersApi.payOrder(t.app, headers, orderId);
  const refund = (orderId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      headers: admin.headers,
      payload: { reason: 'Returned', ...payload },
    });

  it('200 payments released together for a code limited to 10 uses: exactly 10 paid, the others refused uncharged', async () => {
    const code = await createCode(t, { usageLimit: 10 });
    const buyers = await Promise.all(Array.from({ length: 200 }, () => createSignedInUser(db())));
    // A product of its own per order: only the discount's row is shared, so its lock alone
    // stands between the payments (the stock's locks would line up payers of one product).
    const bought = await Promise.all(buyers.map(() => aProduct()));
    const started = await Promise.all(
      buyers.map(async (buyer, n) => {
        const product = bought[n]!;
        const order = await placeWithCode(t, buyer.headers, [{ product, qty: 1 }], code.code);
        // 20.00 less 2.00, 25.00 shipping, 2.70 tax.
        expect(order.totalPrice).toBe(45.7);
        const providerOrderId = await startPayment(t, buyer.headers, order._id);
        return { buyer, orderId: order._id, providerOrderId };
      }),
    );
    const orderIds = started.map(({ orderId }) => orderId);
    const answers = await releaseTogether(
      t.app,
      started.map(({ buyer, orderId, providerOrderId }) => ({
        method: 'PUT' as const,
        url: `/api/orders/${orderId}/pay`,
        headers: buyer.headers,
        payload: { providerOrderId },
      })),
    );
    // On a busy machine some of the 200 wait longer for a database connection than the pool
    // allows and are told to retry (503): refused uncharged too, as the captures below show.
    const { 200: paidCount, 409: usedUp = 0, 503: busy = 0 } = countStatuses(answers);
    expect({ paidCount, refused: usedUp + busy }).toEqual({ paidCount: 10, refused: 190 });
    for (const refused of answers.filter((res) => res.statusCode === 409)) {
      expect(refused.json<{ message: string }>().message).toBe(
        refusedWith(DISCOUNT_MESSAGES.usedUp(code.code)),
      );
    }
    const paidIds = answers.flatMap((res, n) => (res.statusCode === 200 ? [orderIds[n]!] : []));
    // Money was taken for the 10 paid orders only: the refused ones never reached a capture.
    expect(provider.captured.filter((id) => orderIds.includes(id)).sort()).toEqual(
      [...paidIds].sort(),
    );
    expect(await usesOf(t, code.id)).toBe(10);
    expect(await heldBy(orderIds)).toEqual([...paidIds].sort());
    const paid = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.id, orderIds), eq(orders.isPaid, true)));
    expect(paid.map((row) => row.id).sort()).toEqual([...paidIds].sort());
    // The refused payments gave their stock back with the refusal.
    const stock = await Promise.all(bought.map((product) => ordersApi.stockOf(db(), product.id)));
    expect(stock.filter((units) => units === 0)).toHaveLength(10);
    expect(stock.filter((units) => units === 1)).toHaveLength(190);
    // 200 shoppers, orders and payments: on the embedded database and a busy machine this takes
    // longer than the default 30 s.
  }, 120_000);

  it("20 payments of one customer's orders released together for a code of 1 use per customer: exactly 1 paid", async () => {
    const code = await createCode(t, { perCustomerLimit: 1 });
    const buyer = await createSignedInUser(db());
    const started = [];
    for (let n = 0; n < 20; n += 1) {
      const order = await placeWithCode(
        t,
        buyer.headers,
        [{ product: await aProduct(), qty: 1 }],
        code.code,
      );
      started.push({
        orderId: order._id,
        providerOrderId: await startPayment(t, buyer.headers, order._id),
      });
    }
    const answers = await releaseTogether(
      t.app,
      started.map(({ orderId, providerOrderId }) => ({
        method: 'PUT' as const,
        url: `/api/orders/${orderId}/pay`,
        headers: buyer.headers,
        payload: { providerOrderId },
      })),
    );
    expect(countStatuses(answers)).toEqual({ 200: 1, 409: 19 });
    for (const refused of answers.filter((res) => res.statusCode === 409)) {
      expect(refused.json<{ message: string }>().message).toBe(
        refusedWith(DISCOUNT_MESSAGES.customerLimit(code.code)),
      );
    }
    expect(await usesOf(t, code.id)).toBe(1);
    const orderIds = started.map(({ orderId }) => orderId);
    expect(provider.captured.filter((id) => orderIds.includes(id))).toHaveLength(1);
    // Another customer still uses it.
    const other = await createSignedInUser(db());
    const theirs = await placeWithCode(
      t,
      other.headers,
      [{ product: await aProduct(), qty: 1 }],
      code.code,
    );
    expect((await pay(other.headers, theirs._id)).statusCode).toBe(200);
    expect(await usesOf(t, code.id)).toBe(2);
  }, 120_000);

  it('5 first orders of one customer paid together with a first-order code: only 1 is the first', async () => {
    const code = await createCode(t, { firstOrderOnly: true });
    const buyer = await createSignedInUser(db());
    const started = [];
    for (let n = 0; n < 5; n += 1) {
      const order = await placeWithCode(
        t,
        buyer.headers,
        [{ product: await aProduct(), qty: 1 }],
        code.code,
      );
      started.push({
        orderId: order._id,
        providerOrderId: await startPayment(t, buyer.headers, order._id),
      });
    }
    const answers = await releaseTogether(
      t.app,
      started.map(({ orderId, providerOrderId }) => ({
        method: 'PUT' as const,
        url: `/api/orders/${orderId}/pay`,
        headers: buyer.headers,
        payload: { providerOrderId },
      })),
    );
    expect(countStatuses(answers)).toEqual({ 200: 1, 409: 4 });
    for (const refused of answers.filter((res) => res.statusCode === 409)) {
      expect(refused.json<{ message: string }>().message).toBe(
        refusedWith(DISCOUNT_MESSAGES.firstOrder(code.code)),
      );
    }
  });

  /** A code of one use and two orders placed with it while it was unused. */
  async function oneUseTwoOrders() {
    const code = await createCode(t, { usageLimit: 1 });
    const lamp = await createProduct(db(), { price: '40.00', countInStock: 10 });
    const kettle = await createProduct(db(), { price: '19.99', countInStock: 10 });
    const first = await createSignedInUser(db());
    const second = await createSignedInUser(db());
    const lines = [
      { product: lamp, qty: 2 },
      { product: kettle, qty: 1 },
    ];
    const a = await placeWithCode(t, first.headers, lines, code.code);
    const b = await placeWithCode(t, second.headers, lines, code.code);
    return { code, lamp, kettle, first, second, a, b };
  }

  it('a paid order holds the use; the next payment is refused before PayPal is asked; cancelling the first gives the use back', async () => {
    const { code, first, second, a, b } = await oneUseTwoOrders();
    expect((await pay(first.headers, a._id)).statusCode).toBe(200);
    expect(await usesOf(t, code.id)).toBe(1);
    const refused = await ordersApi.startPayment(t.app, second.headers, b._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      refusedWith(DISCOUNT_MESSAGES.usedUp(code.code)),
    );

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${a._id}/cancel`,
      headers: admin.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await usesOf(t, code.id)).toBe(0);
    expect((await ordersApi.orderRow(db(), a._id)).discountUseHeld).toBe(false);
    expect((await pay(second.headers, b._id)).statusCode).toBe(200);
    expect(await usesOf(t, code.id)).toBe(1);
  });

  it('a partial refund keeps the use; the refund of the last units gives it back, once', async () => {
    const { code, first, second, a, b } = await oneUseTwoOrders();
    expect((await pay(first.headers, a._id)).statusCode).toBe(200);
    const [lampLine, kettleLine] = a.orderItems;
    const partly = await refund(a._id, { lines: [{ orderItem: lampLine!._id, qty: 2 }] });
    expect(partly.statusCode, partly.body).toBe(201);
    expect(await usesOf(t, code.id)).toBe(1);
    expect((await ordersApi.startPayment(t.app, second.headers, b._id)).statusCode).toBe(409);

    const rest = await refund(a._id, { lines: [{ orderItem: kettleLine!._id, qty: 1 }] });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await usesOf(t, code.id)).toBe(0);
    // The shipping refunded afterwards changes nothing: the use went back once.
    expect((await refund(a._id, { shipping: true })).statusCode).toBe(201);
    expect(await usesOf(t, code.id)).toBe(0);
    expect((await pay(second.headers, b._id)).statusCode).toBe(200);
    expect(await usesOf(t, code.id)).toBe(1);
  });

  it('a refund of the whole amount gives the use back', async () => {
    const { code, first, a } = await oneUseTwoOrders();
    expect((await pay(first.headers, a._id)).statusCode).toBe(200);
    const some = await refund(a._id, { amount: 10 });
    expect(some.statusCode, some.body).toBe(201);
    expect(await usesOf(t, code.id)).toBe(1);
    const all = await refund(a._id, { amount: Math.round(a.totalPrice * 100 - 1000) / 100 });
    expect(all.statusCode, all.body).toBe(201);
    expect(await usesOf(t, code.id)).toBe(0);
  });

  it('a capture that fails gives the use and the stock back, and the order can be paid again', async () => {
    const { code, lamp, first, second, a, b } = await oneUseTwoOrders();
    provider.failing.add(a._id);
    const failed = await pay(first.headers, a._id);
    expect(failed.statusCode).toBe(409);
    expect(failed.json<{ message: string }>().message).toBe(
      'The payment could not be completed. Please try again.',
    );
    expect(await usesOf(t, code.id)).toBe(0);
    expect((await ordersApi.orderRow(db(), a._id)).discountUseHeld).toBe(false);
    expect(await ordersApi.stockOf(db(), lamp.id)).toBe(10);
    expect((await pay(second.headers, b._id)).statusCode).toBe(200);
    expect(await usesOf(t, code.id)).toBe(1);
    expect((await ordersApi.startPayment(t.app, first.headers, a._id)).statusCode).toBe(409);
  });

  it('a code switched off since the order was placed refuses the payment; a deleted one keeps the agreed price without a use', async () => {
    const { code, first, second, a, b } = await oneUseTwoOrders();
    const providerOrderId = await startPayment(t, first.headers, a._id);
    await db().update(discounts).set({ active: false }).where(eq(discounts.id, code.id));
    const refused = await ordersApi.pay(t.app, first.headers, a._id, providerOrderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      refusedWith(DISCOUNT_MESSAGES.inactive(code.code)),
    );
    expect(provider.captured).not.toContain(a._id);
    expect(await ordersApi.orderRow(db(), a._id)).toMatchObject({
      isPaid: false,
      captureAttemptId: null,
      discountUseHeld: false,
    });
    await db().delete(discounts).where(eq(discounts.id, code.id));
    const paid = await pay(second.headers, b._id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<OrderAnswer>().totalPrice).toBe(b.totalPrice);
    expect(await ordersApi.orderRow(db(), b._id)).toMatchObject({
      discountId: null,
      discountCode: code.code,
      discountUseHeld: false,
    });
  });

  it('refunds give back each unit at its price less its share of the discount, adding up to what was paid', async () => {
    const { first, a } = await oneUseTwoOrders();
    // Two lamps at 40.00 and a kettle at 19.99, 10 % off: 10.00 spread 8.00 and 2.00; shipping
    // 25.00 on 89.99, tax 13.50: 128.49.
    expect(a.totalPrice).toBe(128.49);
    expect(a.orderItems.map((line) => line.discount)).toEqual([8, 2]);
    expect((await pay(first.headers, a._id)).statusCode).toBe(200);
    const [lampLine, kettleLine] = a.orderItems;
    const amounts = [];
    for (const payload of [
      { lines: [{ orderItem: lampLine!._id, qty: 1 }] },
      { lines: [{ orderItem: lampLine!._id, qty: 1 }] },
      { lines: [{ orderItem: kettleLine!._id, qty: 1 }], shipping: true },
    ]) {
      const res = await refund(a._id, payload);
      expect(res.statusCode, res.body).toBe(201);
      amounts.push(res.json<{ amount: number }>().amount);
    }
    // A lamp: 40.00 less 4.00, tax 5.40. The kettle: 19.99 less 2.00, the tax left 2.70, 25.00.
    expect(amounts).toEqual([41.4, 41.4, 45.69]);
    expect(Math.round(amounts.reduce((sum, amount) => sum + amount, 0) * 100)).toBe(128_49);
  });
});

describe(`discount code uses and PayPal's late answers (${testDatabaseKind})`, () => {
  const WEBHOOK_ID = 'WH-STAND-IN-USES';
  let standIn: PayPalStandIn;
  let t: TestApp;

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
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });
  beforeEach(() => standIn.reset());

  const db = () => t.database.db;
  const send = (event: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal/webhook',
      headers: standIn.signWebhook(event, WEBHOOK_ID),
      payload: event,
    });
  const captureEvent = (type: string, capture: object, status: string) => ({
    id: `WH-${randomUUID()}`,
    event_type: type,
    resource_type: 'capture',
    create_time: new Date().toISOString(),
    resource: { ...capture, status },
  });

  it('a capture left pending holds no use; completed later it takes one even past the limit, and the shop is told', async () => {
    const code = await createCode(t, { usageLimit: 1 });
    const product = await createProduct(db(), { price: '40.00', countInStock: 10 });
    const first = await createSignedInUser(db());
    const second = await createSignedInUser(db());
    const a = await placeWithCode(t, first.headers, [{ product, qty: 1 }], code.code);
    const b = await placeWithCode(t, second.headers, [{ product, qty: 1 }], code.code);
    const providerOrderId = await startPayment(t, first.headers, a._id);
    standIn.setCaptureBehaviour({ kind: 'pending' });
    expect((await ordersApi.pay(t.app, first.headers, a._id, providerOrderId)).statusCode).toBe(
      409,
    );
    expect(await usesOf(t, code.id)).toBe(0);
    standIn.reset();
    expect((await ordersApi.payOrder(t.app, second.headers, b._id)).statusCode).toBe(200);
    expect(await usesOf(t, code.id)).toBe(1);

    const capture = standIn.orders.get(providerOrderId)!.captures[0]!;
    const completed = await send(captureEvent('PAYMENT.CAPTURE.COMPLETED', capture, 'COMPLETED'));
    expect(completed.json()).toEqual({ message: 'applied' });
    expect(await ordersApi.orderRow(db(), a._id)).toMatchObject({
      isPaid: true,
      discountUseHeld: true,
    });
    expect(await usesOf(t, code.id)).toBe(2);
    const { orderNumber } = await ordersApi.orderRow(db(), a._id);
    const alerts = (
      await db().select().from(mailOutbox).where(eq(mailOutbox.to, SHOP_EMAIL))
    ).filter((mail) =>
      mail.subject.includes(`Order #${orderNumber} was paid with a discount code`),
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain(DISCOUNT_MESSAGES.usedUp(code.code));

    // PayPal takes the money back before the order is sent: cancelled, its use back.
    const denied = await send(captureEvent('PAYMENT.CAPTURE.REVERSED', capture, 'REVERSED'));
    expect(denied.json()).toEqual({ message: 'applied' });
    expect((await ordersApi.orderRow(db(), a._id)).discountUseHeld).toBe(false);
    expect(await usesOf(t, code.id)).toBe(1);
  });
});
