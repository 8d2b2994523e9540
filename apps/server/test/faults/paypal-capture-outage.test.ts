import { computeOrderPrices } from '@proshop/domain/prices';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_UNAVAILABLE_MESSAGE } from '../../src/modules/payment-providers/payment-provider.ts';
import { PayPalClient } from '../../src/modules/payment-providers/paypal-client.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { PayPalStandIn } from '../helpers/paypal-stand-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
/** The client's time limit per PayPal call; the default is 10 s, shortened so the test is quick. */
const PAYPAL_TIMEOUT_MS = 800;

/**
 * The shop paying through the real PayPal client against the PayPal REST stand-in, while PayPal
 * times out, fails with 5xx, or captures but its answer is lost on the way back.
 */
describe('PayPal timing out or failing during capture', () => {
  let standIn: PayPalStandIn;
  let t: TestApp;
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;
  /** When set, the next capture reaches PayPal but its answer never reaches the shop. */
  let loseNextCaptureAnswer = false;

  beforeAll(async () => {
    standIn = await PayPalStandIn.start();
    const lossyFetch: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      const url = input instanceof Request ? input.url : input.toString();
      if (loseNextCaptureAnswer && url.endsWith('/capture')) {
        loseNextCaptureAnswer = false;
        await answer.text();
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      }
      return answer;
    };
    const paypal = new PayPalClient({
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      apiBase: standIn.url,
      brandName: 'ProShop',
      timeoutMs: PAYPAL_TIMEOUT_MS,
      fetch: lossyFetch,
    });
    t = await createTestApp({}, { paymentProvider: paypal });
    shopper = await createSignedInUser(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });
  beforeEach(() => {
    standIn.reset();
    loseNextCaptureAnswer = false;
  });

  async function orderOf(qty: number, countInStock: number) {
    const product = await createProduct(t.database.db, { price: '19.99', countInStock });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: {
        orderItems: [{ product: product.id, qty }],
        shippingAddress: address,
        paymentMethod: 'PayPal',
        ...computeOrderPrices([{ price: 19.99, qty }]),
      },
    });
    expect(res.statusCode).toBe(201);
    const orderId = res.json<{ _id: string }>()._id;
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/payment`,
      headers: shopper.headers,
    });
    expect(started.statusCode).toBe(200);
    return {
      product,
      orderId,
      providerOrderId: started.json<{ providerOrderId: string }>().providerOrderId,
    };
  }

  // The shared order helpers with this file's app, database and shopper filled in.
  const pay = (orderId: string, providerOrderId: string) =>
    ordersApi.pay(t.app, shopper.headers, orderId, providerOrderId);
  const stockOf = (id: string) => ordersApi.stockOf(t.database.db, id);
  const rowOf = (id: string) => ordersApi.orderRow(t.database.db, id);

  /** The later capture of the same approval pays the order once; a repeat changes nothing. */
  async function expectLaterCaptureSucceedsOnce(
    order: Awaited<ReturnType<typeof orderOf>>,
    stockBefore: number,
    qty: number,
  ) {
    standIn.setCaptureBehaviour({ kind: 'completed' });
    const paid = await pay(order.orderId, order.providerOrderId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ _id: order.orderId, isPaid: true });
    expect(await stockOf(order.product.id)).toBe(stockBefore - qty);
    const again = await pay(order.orderId, order.providerOrderId);
    expect(again.statusCode).toBe(409);
    expect(await stockOf(order.product.id)).toBe(stockBefore - qty);
    // PayPal holds exactly one capture of this approval, and the order names it.
    const captures = standIn.orders.get(order.providerOrderId)!.captures;
    expect(captures).toHaveLength(1);
    expect((await rowOf(order.orderId)).captureId).toBe(captures[0]!.id);
  }

  /**
   * The shop did not hear from PayPal, so it cannot know whether the money was taken: 503, the
   * order unpaid with its capture in doubt, and its stock kept reserved for it.
   */
  async function expectInDoubt(
    res: Awaited<ReturnType<typeof pay>>,
    order: Awaited<ReturnType<typeof orderOf>>,
    stockLeft: number,
  ) {
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: PROVIDER_UNAVAILABLE_MESSAGE });
    const row = await rowOf(order.orderId);
    expect(row.isPaid).toBe(false);
    expect(row.captureId).toBeNull();
    expect(row.captureAttemptId).not.toBeNull();
    expect(await stockOf(order.product.id)).toBe(stockLeft);
  }

  it('a capture PayPal never answers: 503 within the time limit, order in doubt with its stock; a later capture pays once', async () => {
    const order = await orderOf(2, 5);
    standIn.setCaptureBehaviour({ kind: 'hang' });
    const started = Date.now();
    const res = await pay(order.orderId, order.providerOrderId);
    expect(Date.now() - started).toBeLessThan(PAYPAL_TIMEOUT_MS + 2_000);
    await expectInDoubt(res, order, 3);
    await expectLaterCaptureSucceedsOnce(order, 5, 2);
  });

  it('a capture answered with HTTP 500: 503, order in doubt with its stock; a later capture pays once', async () => {
    const order = await orderOf(3, 3);
    standIn.setCaptureBehaviour({ kind: 'server-error' });
    await expectInDoubt(await pay(order.orderId, order.providerOrderId), order, 0);
    // Still failing on a retry, which takes the attempt over: the stock is not taken twice.
    await expectInDoubt(await pay(order.orderId, order.providerOrderId), order, 0);
    await expectLaterCaptureSucceedsOnce(order, 3, 3);
  });

  it('a capture made at PayPal whose answer was lost: 503 and stock kept, then the retry finds that capture and pays once', async () => {
    const order = await orderOf(1, 4);
    loseNextCaptureAnswer = true;
    await expectInDoubt(await pay(order.orderId, order.providerOrderId), order, 3);
    expect(standIn.orders.get(order.providerOrderId)!.captures).toHaveLength(1);
    await expectLaterCaptureSucceedsOnce(order, 4, 1);
  });

  // That other shoppers are answered while a capture waits on PayPal, on both databases, is
  // tested without timing in ../payment-capture-attempts.test.ts (a capture held open by hand).
});
