// Payments under attack: the same capture sent twice at once, one capture id offered for two
// orders, an admin paying a shopper's order, and a price changed by the admin between the order
// and its payment. The test payment provider of the app is watched, not
// replaced, so the capture goes through the shop's real verification.
import { randomUUID } from 'node:crypto';
import { toCents } from '@proshop/domain/money';
import type { CaptureResult } from '@proshop/domain/payment-verification';
import { eq } from 'drizzle-orm';
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { mailOutbox, orderItems } from '../../src/db/schema.ts';
import type { PaymentProvider } from '../../src/modules/payment-providers/payment-provider.ts';
import { ALREADY_PAID } from '../../src/modules/payments/pay-order.ts';
import { PAYMENT_BEING_CONFIRMED } from '../../src/modules/orders/service.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { placeOrder, subjectNames } from '../helpers/orders.ts';
import type { Headers } from '../helpers/security-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

describe('payments: nothing is charged twice or at a price the shopper did not see', () => {
  let t: TestApp;
  let shopper: SignedIn;
  let admin: SignedIn;
  let createPayment: MockInstance<PaymentProvider['createPayment']>;
  let capturePayment: MockInstance<PaymentProvider['capturePayment']>;
  let realCapture: PaymentProvider['capturePayment'];

  beforeAll(async () => {
    t = await createTestApp();
    shopper = await createSignedInUser(t.database.db, { name: 'Payton Buyer' });
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const provider = t.app.payments.forMethod('PayPal');
    realCapture = provider.capturePayment.bind(provider);
    createPayment = vi.spyOn(provider, 'createPayment');
    capturePayment = vi.spyOn(provider, 'capturePayment');
  });
  afterAll(() => t.close());
  beforeEach(() => {
    createPayment.mockClear();
    capturePayment.mockClear();
  });

  // The shared order helpers with this file's app, database and shopper filled in.
  const startPayment = async (orderId: string, headers: Headers = shopper.headers) => {
    const res = await ordersApi.startPayment(t.app, headers, orderId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ providerOrderId: string }>().providerOrderId;
  };
  const pay = (orderId: string, providerOrderId: string, headers: Headers = shopper.headers) =>
    ordersApi.pay(t.app, headers, orderId, providerOrderId);
  const stockOf = (id: string) => ordersApi.stockOf(t.database.db, id);
  const orderRow = (id: string) => ordersApi.orderRow(t.database.db, id);

  it('lets only one of two simultaneous captures of an order through: one payment, one receipt, stock taken once', async () => {
    const lamp = await createProduct(t.database.db, { price: '25.00', countInStock: 5 });
    const order = await placeOrder(t.app, shopper.headers, [{ product: lamp, qty: 2 }]);
    const providerOrderId = await startPayment(order._id);

    const answers = await Promise.all([
      pay(order._id, providerOrderId),
      pay(order._id, providerOrderId),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    // The second finds the first one's capture under way, or already done.
    const refused = answers.find((res) => res.statusCode === 409)!;
    expect([PAYMENT_BEING_CONFIRMED, ALREADY_PAID]).toContain(refused.json().message);

    expect(await stockOf(lamp.id)).toBe(3);
    // The second request never reached the provider.
    expect(capturePayment).toHaveBeenCalledTimes(1);
    const row = await orderRow(order._id);
    expect(row.isPaid).toBe(true);
    expect(row.captureId).toEqual(expect.any(String));
    const receipts = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, shopper.user.email));
    expect(receipts.filter((mail) => subjectNames(mail.subject, row.orderNumber))).toHaveLength(1);
  });

  it('pays only one of two orders whose captures carry the same capture id, even at once', async () => {
    const lamp = await createProduct(t.database.db, { price: '12.00', countInStock: 5 });
    const first = await placeOrder(t.app, shopper.headers, [{ product: lamp, qty: 1 }]);
    const second = await placeOrder(t.app, shopper.headers, [{ product: lamp, qty: 1 }]);
    const payments = [await startPayment(first._id), await startPayment(second._id)];
    // A provider that answers one capture id for two payments: a replayed or forged capture.
    const sharedId = `TEST-CAPTURE-shared-${randomUUID()}`;
    const sameId: PaymentProvider['capturePayment'] = async (input) => {
      const capture = await realCapture(input);
      return capture.status === 'completed' ? { ...capture, captureId: sharedId } : capture;
    };
    capturePayment.mockImplementationOnce(sameId).mockImplementationOnce(sameId);

    const answers = await Promise.all([
      pay(first._id, payments[0]!),
      pay(second._id, payments[1]!),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json()).toEqual({
      message: 'This payment has already been used for another order.',
    });
    const rows = [await orderRow(first._id), await orderRow(second._id)];
    expect(rows.filter((row) => row.isPaid).map((row) => row.captureId)).toEqual([sharedId]);
    // The refused order's stock went back.
    expect(await stockOf(lamp.id)).toBe(4);
  });

  it("refuses an admin paying a shopper's order, which they can see, and leaves it to the buyer", async () => {
    const lamp = await createProduct(t.database.db, { price: '9.00', countInStock: 3 });
    const order = await placeOrder(t.app, shopper.headers, [{ product: lamp, qty: 1 }]);
    const onlyTheBuyer = { message: 'Only the buyer can pay this order' };

    const adminStart = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/payment`,
      headers: admin.headers,
    });
    expect(adminStart.statusCode).toBe(403);
    expect(adminStart.json()).toEqual(onlyTheBuyer);
    // Even with the buyer's own payment in hand.
    const providerOrderId = await startPayment(order._id);
    const adminPay = await pay(order._id, providerOrderId, admin.headers);
    expect(adminPay.statusCode).toBe(403);
    expect(adminPay.json()).toEqual(onlyTheBuyer);
    expect(capturePayment).not.toHaveBeenCalled();
    expect(await orderRow(order._id)).toMatchObject({ isPaid: false, captureId: null });
    expect(await stockOf(lamp.id)).toBe(3);

    expect((await pay(order._id, providerOrderId)).statusCode).toBe(200);
  });

  it('charges the total recorded on the order when the admin changes the price between the order and the capture', async () => {
    const lamp = await createProduct(t.database.db, { price: '40.00', countInStock: 10 });
    const setPrice = async (price: number) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${lamp.id}`,
        headers: admin.headers,
        payload: {
          name: lamp.name,
          price,
          image: lamp.image,
          brand: lamp.brand,
          category: lamp.category,
          countInStock: await stockOf(lamp.id),
          description: lamp.description,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    // Raised after the payment was created, and raised before it was created.
    const early = await placeOrder(t.app, shopper.headers, [{ product: lamp, qty: 2 }]);
    const earlyPayment = await startPayment(early._id);
    await setPrice(55);
    const late = await placeOrder(t.app, shopper.headers, [
      { product: { ...lamp, price: '55.00' }, qty: 1 },
    ]);
    await setPrice(70);
    const latePayment = await startPayment(late._id);
    await setPrice(5);

    for (const [order, providerOrderId, lineCents] of [
      [early, earlyPayment, 4000],
      [late, latePayment, 5500],
    ] as const) {
      const res = await pay(order._id, providerOrderId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ isPaid: true, totalPrice: order.totalPrice });
      const lines = await t.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order._id));
      expect(lines.map((line) => toCents(Number(line.price)))).toEqual([lineCents]);
      expect(toCents(Number((await orderRow(order._id)).totalPrice))).toBe(
        toCents(order.totalPrice),
      );
    }
    // The provider was asked for, and captured, exactly the recorded totals.
    expect(createPayment.mock.calls.map(([input]) => input.amountCents)).toEqual([
      toCents(early.totalPrice),
      toCents(late.totalPrice),
    ]);
    const captured = await Promise.all(
      capturePayment.mock.results.map((result) => result.value as Promise<CaptureResult>),
    );
    expect(
      captured.map((capture) => capture.status === 'completed' && capture.amountCents),
    ).toEqual([toCents(early.totalPrice), toCents(late.totalPrice)]);
  });
});
