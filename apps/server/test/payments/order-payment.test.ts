import type { CaptureResult } from '@proshop/domain/payment-verification';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema.ts';
import { PassThroughProvider } from '../helpers/pass-through-provider.ts';
import type { CaptureInput } from '../../src/modules/payment-providers/payment-provider.ts';
import { TestPaymentProvider } from '../../src/modules/payment-providers/test-provider.ts';
import { createProduct, createSignedInUser, TEST_JWT_SECRET } from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';
import { onPostgresOnly } from '../helpers/skip-reason.ts';

/**
 * The test provider, with the capture result replaceable per test: what PayPal could answer
 * (declined, another amount, a capture id already used) without a network.
 */
class ScriptedProvider extends PassThroughProvider {
  nextCapture: ((real: CaptureResult) => CaptureResult) | undefined;
  captures = 0;

  constructor() {
    super(new TestPaymentProvider(TEST_JWT_SECRET));
  }

  override async capturePayment(input: CaptureInput) {
    this.captures += 1;
    const real = await super.capturePayment(input);
    const script = this.nextCapture;
    this.nextCapture = undefined;
    return script ? script(real) : real;
  }
}

describe('paying an order', () => {
  let t: TestApp;
  const provider = new ScriptedProvider();
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;
  let other: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    t = await createTestApp({}, { paymentProvider: provider });
    shopper = await createSignedInUser(t.database.db);
    other = await createSignedInUser(t.database.db);
  });
  afterAll(() => t.close());

  // The shared order helpers with this file's app, database and shopper filled in.
  const placeOrder = (lines: ordersApi.OrderLine[], headers = shopper.headers) =>
    ordersApi.placeOrder(t.app, headers, lines);
  const start = (orderId: string, headers = shopper.headers) =>
    ordersApi.startPayment(t.app, headers, orderId);
  const pay = (
    orderId: string,
    providerOrderId: string,
    headers: Record<string, string> = shopper.headers,
  ) => ordersApi.pay(t.app, headers, orderId, providerOrderId);
  const stockOf = (productId: string) => ordersApi.stockOf(t.database.db, productId);
  const orderRow = (orderId: string) => ordersApi.orderRow(t.database.db, orderId);

  it('tells the browser which provider to load, without secrets', async () => {
    const res = await t.app.inject('/api/config/pay');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      providers: ['test'],
      methods: ['PayPal', 'Credit Card'],
      clientId: 'test',
      currency: 'USD',
      sdkUrl: 'https://www.paypal.com/sdk/js',
      stripe: null,
    });
  });

  it('pays through create, capture and verify; takes the stock; records paidAt', async () => {
    const lamp = await createProduct(t.database.db, { price: '12.50', countInStock: 3 });
    const order = await placeOrder([{ product: lamp, qty: 2 }]);
    const started = await start(order._id);
    expect(started.statusCode).toBe(200);
    const { providerOrderId } = started.json();
    expect(providerOrderId).toMatch(/^TEST-/);

    const paid = await pay(order._id, providerOrderId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ _id: order._id, isPaid: true, paidAt: expect.any(String) });
    expect(await stockOf(lamp.id)).toBe(1);

    const again = await pay(order._id, providerOrderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order has already been paid');
    expect((await start(order._id)).statusCode).toBe(409);
    expect(await stockOf(lamp.id)).toBe(1);
  });

  it('never marks an order paid from a made-up payment result', async () => {
    const lamp = await createProduct(t.database.db, { price: '5.00', countInStock: 5 });
    const order = await placeOrder([{ product: lamp, qty: 1 }]);
    // Without a payment the server created, nothing the browser says can pay the order.
    for (const body of [
      { providerOrderId: 'TEST-made-up' },
      { providerOrderId: 'x', id: 'PAYID', status: 'COMPLETED', update_time: 'now' },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${order._id}/pay`,
        headers: shopper.headers,
        payload: body,
      });
      expect(res.statusCode).toBe(409);
    }
    const { providerOrderId } = (await start(order._id)).json();
    expect((await pay(order._id, `${providerOrderId}-other`)).statusCode).toBe(409);
    expect((await orderRow(order._id)).isPaid).toBe(false);
    expect(await stockOf(lamp.id)).toBe(5);
  });

  it("refuses to start or take a payment for someone else's order (404)", async () => {
    const lamp = await createProduct(t.database.db, { price: '5.00', countInStock: 5 });
    const order = await placeOrder([{ product: lamp, qty: 1 }]);
    expect((await start(order._id, other.headers)).statusCode).toBe(404);
    const { providerOrderId } = (await start(order._id)).json();
    expect((await pay(order._id, providerOrderId, other.headers)).statusCode).toBe(404);
    // Without a token only a guest order's key would do (checkout/guest-orders.test.ts).
    expect((await pay(order._id, providerOrderId, {})).statusCode).toBe(404);
    expect(
      (await pay(order._id, providerOrderId, { authorization: 'Bearer not.a.token' })).statusCode,
    ).toBe(401);
  });

  it('refuses a declined capture, a capture for another amount or currency, and gives the stock back', async () => {
    const lamp = await createProduct(t.database.db, { price: '20.00', countInStock: 4 });
    const cases: [(real: CaptureResult) => CaptureResult, RegExp][] = [
      [() => ({ status: 'declined', reason: 'INSTRUMENT_DECLINED' }), /declined/],
      [(real) => ({ ...real, amountCents: 100 }) as CaptureResult, /could not be verified/],
      [(real) => ({ ...real, currency: 'EUR' }) as CaptureResult, /could not be verified/],
      [() => ({ status: 'pending' }), /pending/],
    ];
    for (const [script, message] of cases) {
      const order = await placeOrder([{ product: lamp, qty: 1 }]);
      const { providerOrderId } = (await start(order._id)).json();
      provider.nextCapture = script;
      const res = await pay(order._id, providerOrderId);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(message);
      expect(await stockOf(lamp.id)).toBe(4);
      expect((await orderRow(order._id)).isPaid).toBe(false);
    }
  });

  it('refuses a capture id that already paid another order', async () => {
    const lamp = await createProduct(t.database.db, { price: '7.00', countInStock: 10 });
    const first = await placeOrder([{ product: lamp, qty: 1 }]);
    const firstPay = await pay(first._id, (await start(first._id)).json().providerOrderId);
    expect(firstPay.statusCode).toBe(200);
    const paidRow = await orderRow(first._id);

    const second = await placeOrder([{ product: lamp, qty: 1 }]);
    const { providerOrderId } = (await start(second._id)).json();
    provider.nextCapture = (real) => ({ ...real, captureId: paidRow.captureId! }) as CaptureResult;
    const res = await pay(second._id, providerOrderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This payment has already been used for another order.');
    expect(await stockOf(lamp.id)).toBe(9);
  });

  it('refuses before any capture when a line ran out, naming the product', async () => {
    const lamp = await createProduct(t.database.db, {
      name: 'Last lamp',
      price: '9.00',
      countInStock: 1,
    });
    const mine = await placeOrder([{ product: lamp, qty: 1 }]);
    const theirs = await placeOrder([{ product: lamp, qty: 1 }], other.headers);
    const mineId = (await start(mine._id)).json().providerOrderId;
    const theirsId = (await start(theirs._id, other.headers)).json().providerOrderId;
    expect((await pay(theirs._id, theirsId, other.headers)).statusCode).toBe(200);

    const capturesBefore = provider.captures;
    const res = await pay(mine._id, mineId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Sorry, Last lamp is out of stock, so nothing was charged. Please update your order.',
    );
    expect(provider.captures).toBe(capturesBefore);
    expect(await stockOf(lamp.id)).toBe(0);
    expect((await start(mine._id)).statusCode).toBe(409);
  });

  it('e-mails the buyer a receipt when paid and a notice when sent', async () => {
    const lamp = await createProduct(t.database.db, {
      name: 'Mail lamp',
      price: '15.00',
      countInStock: 2,
    });
    // A buyer of this test's own: other tests' receipts may wait in the same outbox.
    const buyer = await createSignedInUser(t.database.db);
    const order = await placeOrder([{ product: lamp, qty: 1 }], buyer.headers);
    const { providerOrderId } = (await start(order._id, buyer.headers)).json();
    expect((await pay(order._id, providerOrderId, buyer.headers)).statusCode).toBe(200);
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const sent = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/sent`,
      headers: admin.headers,
    });
    expect(sent.statusCode).toBe(200);
    // Both e-mails wait in the mail outbox until its worker runs (server.ts starts it).
    expect((await t.app.mailOutbox.runOnce()).failed).toBe(0);

    // Quoted-printable soft line breaks and escapes undone, so the text reads as sent.
    const mails = readdirSync(t.config.outboxDir).map((file) =>
      readFileSync(join(t.config.outboxDir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
    const toBuyer = mails.filter((mail) => mail.includes(`To: ${buyer.user.email}`));
    expect(toBuyer).toHaveLength(2);
    const receipt = toBuyer.find((mail) =>
      mail.includes(`receipt for order #${order.orderNumber}`),
    );
    expect(receipt).toContain('Total paid: $42.25');
    expect(receipt).toContain(`http://localhost:5000/order/${order._id}`);
    expect(
      toBuyer.filter((mail) => mail.includes(`Your order #${order.orderNumber} is on its way`)),
    ).toHaveLength(1);
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'sells exactly the stock under 100 concurrent payments (10 in stock)',
    onPostgresOnly,
    async () => {
      const lamp = await createProduct(t.database.db, { price: '3.00', countInStock: 10 });
      const buyers = await Promise.all(
        Array.from({ length: 100 }, () => createSignedInUser(t.database.db)),
      );
      const started = await Promise.all(
        buyers.map(async (buyer) => {
          const order = await placeOrder([{ product: lamp, qty: 1 }], buyer.headers);
          const { providerOrderId } = (await start(order._id, buyer.headers)).json();
          return { buyer, order, providerOrderId };
        }),
      );
      const results = await Promise.all(
        started.map(({ buyer, order, providerOrderId }) =>
          pay(order._id, providerOrderId, buyer.headers),
        ),
      );
      const statuses = results.map((res) => res.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(90);
      for (const res of results.filter((r) => r.statusCode === 409)) {
        expect(res.json().message).toMatch(/out of stock/);
      }
      expect(await stockOf(lamp.id)).toBe(0);
      const paidOrders = await t.database.db.select().from(orders).where(eq(orders.isPaid, true));
      const ids = new Set(started.map((s) => s.order._id));
      expect(paidOrders.filter((o) => ids.has(o.id))).toHaveLength(10);
    },
  );

  it.runIf(testDatabaseKind === 'postgres')(
    'pays 60 concurrent orders listing the same three products in different orders, without an error',
    onPostgresOnly,
    async () => {
      const shared = await Promise.all(
        ['2.00', '3.00', '4.00'].map((price) =>
          createProduct(t.database.db, { price, countInStock: 1000 }),
        ),
      );
      const buyers = await Promise.all(
        Array.from({ length: 60 }, () => createSignedInUser(t.database.db)),
      );
      const started = await Promise.all(
        buyers.map(async (buyer, n) => {
          // Each buyer lists the products in another order: stock must be locked in one order.
          const listed = [...shared.slice(n % 3), ...shared.slice(0, n % 3)];
          const lines = (n % 2 ? listed.reverse() : listed).map((product) => ({ product, qty: 1 }));
          const order = await placeOrder(lines, buyer.headers);
          const { providerOrderId } = (await start(order._id, buyer.headers)).json();
          return { buyer, order, providerOrderId };
        }),
      );
      const results = await Promise.all(
        started.map(({ buyer, order, providerOrderId }) =>
          pay(order._id, providerOrderId, buyer.headers),
        ),
      );
      expect(results.map((res) => res.statusCode)).toEqual(results.map(() => 200));
      for (const product of shared) expect(await stockOf(product.id)).toBe(1000 - 60);
    },
  );
});
