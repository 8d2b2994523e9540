// The Stripe client against the local stand-in of Stripe's REST API (test/helpers/stripe-stand-in.ts):
// what it sends, how it reads PaymentIntents and refunds, and that an outage is a 503, never a guess.
import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyCapture } from '@proshop/domain/payment-verification';
import { AppError } from '../../src/errors/app-error.ts';
import {
  PaymentProviderError,
  PROVIDER_UNAVAILABLE_MESSAGE,
  type CreatePaymentInput,
} from '../../src/modules/payment-providers/payment-provider.ts';
import {
  StripeClient,
  type StripeClientOptions,
} from '../../src/modules/payment-providers/stripe-client.ts';
import { StripeStandIn } from '../helpers/stripe-stand-in.ts';

const VISA = '4242424242424242';
const THREE_D_SECURE = '4000002500003155';
const DECLINED = '4000000000000002';

let standIn: StripeStandIn;
const warnings: Array<{ message: string; details: object }> = [];

beforeAll(async () => {
  standIn = await StripeStandIn.start({
    secretKey: 'sk_test_client',
    publishableKey: 'pk_test_client',
  });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.reset();
  warnings.length = 0;
});

function client(options: Partial<StripeClientOptions> = {}) {
  return new StripeClient({
    secretKey: standIn.secretKey,
    apiBase: standIn.url,
    shopName: 'ProShop',
    timeoutMs: 5_000,
    log: { warn: (details, message) => warnings.push({ message, details }) },
    ...options,
  });
}

/** An order of $70.98 as the orders service sends it. */
function anOrder(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return { orderId: randomUUID(), amountCents: 7098, currency: 'USD', ...overrides };
}

/** An intent created for the order and authorised in the browser with this card. */
async function authorised(stripe: StripeClient, card = VISA, order = anOrder()) {
  const { providerOrderId } = await stripe.createPayment(order);
  const confirmed = standIn.confirmWithCard(providerOrderId, card);
  return { order, providerOrderId, confirmed };
}

/** The intents of this order whose money Stripe took (the stand-in serves every test here). */
function capturedFor(orderId: string) {
  return standIn.capturedIntents().filter((intent) => intent.metadata.order_id === orderId);
}

function captureOf(order: CreatePaymentInput, providerOrderId: string) {
  return {
    providerOrderId,
    orderId: order.orderId,
    amountCents: order.amountCents,
    currency: order.currency,
  };
}

async function expectUnavailable(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ kind: 'unavailable', message: PROVIDER_UNAVAILABLE_MESSAGE });
  expect((error as AppError).statusCode).toBe(503);
}

describe('Stripe client: create', () => {
  it("creates a manual-capture card intent for the server's amount, form-encoded, with a deterministic key", async () => {
    const order = anOrder();
    const created = await client().createPayment(order);
    expect(created.providerOrderId).toMatch(/^pi_/);
    expect(created.clientSecret).toBe(standIn.intents.get(created.providerOrderId)?.client_secret);

    const [request] = standIn.requestsTo('POST', /^\/v1\/payment_intents$/);
    expect(request?.headers.authorization).toBe(`Bearer ${standIn.secretKey}`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers['idempotency-key']).toBe(`proshop-intent-${order.orderId}-first`);
    expect(request?.body).toEqual({
      amount: '7098',
      currency: 'usd',
      capture_method: 'manual',
      payment_method_types: ['card'],
      metadata: { order_id: order.orderId },
      description: `Order ${order.orderId} at ProShop`,
    });
  });

  it('gives two starts of one order at the same moment one intent', async () => {
    const order = anOrder();
    const stripe = client();
    const [first, second] = await Promise.all([
      stripe.createPayment(order),
      stripe.createPayment(order),
    ]);
    expect(second?.providerOrderId).toBe(first?.providerOrderId);
    const made = [...standIn.intents.values()].filter((i) => i.metadata.order_id === order.orderId);
    expect(made).toHaveLength(1);
  });

  it('reuses the previous intent on a retry while it can still be paid, also after a decline', async () => {
    const stripe = client();
    const { order, providerOrderId } = await authorised(stripe, DECLINED);
    const retried = await stripe.createPayment({
      ...order,
      previousProviderOrderId: providerOrderId,
    });
    expect(retried.providerOrderId).toBe(providerOrderId);
    expect(standIn.requestsTo('POST', /^\/v1\/payment_intents$/)).toHaveLength(1);
  });

  it('makes a new intent when the previous one was canceled or is for another amount', async () => {
    const stripe = client();
    const order = anOrder();
    const first = await stripe.createPayment(order);
    standIn.tamper(first.providerOrderId, { status: 'canceled' });
    const second = await stripe.createPayment({
      ...order,
      previousProviderOrderId: first.providerOrderId,
    });
    expect(second.providerOrderId).not.toBe(first.providerOrderId);
    const keys = standIn
      .requestsTo('POST', /^\/v1\/payment_intents$/)
      .map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual([
      `proshop-intent-${order.orderId}-first`,
      `proshop-intent-${order.orderId}-${first.providerOrderId}`,
    ]);

    standIn.tamper(second.providerOrderId, { amount: 100 });
    const third = await stripe.createPayment({
      ...order,
      previousProviderOrderId: second.providerOrderId,
    });
    expect(third.providerOrderId).not.toBe(second.providerOrderId);
    expect(standIn.intents.get(third.providerOrderId)).toMatchObject({
      amount: 7098,
      currency: 'usd',
    });
  });

  it('refuses a zero, fractional or non-cent amount without asking Stripe (a bug, not an outage)', async () => {
    const stripe = client();
    for (const bad of [
      anOrder({ amountCents: 0 }),
      anOrder({ amountCents: 1.5 }),
      anOrder({ currency: 'JPY' }),
    ]) {
      await expect(stripe.createPayment(bad)).rejects.toBeInstanceOf(PaymentProviderError);
    }
    expect(standIn.requests).toHaveLength(0);
  });

  it('fails loudly with a wrong secret key, and the key never reaches the log', async () => {
    const stripe = client({ secretKey: 'sk_test_wrong_key_1234' });
    await expect(stripe.createPayment(anOrder())).rejects.toBeInstanceOf(PaymentProviderError);
    expect(JSON.stringify(warnings)).not.toContain('sk_test_wrong_key_1234');
    expect(JSON.stringify(warnings)).not.toContain(standIn.secretKey);
  });

  it('sends a call again once when a kept-alive connection is reset before any answer', async () => {
    // In front of the stand-in: the first connection is reset as soon as a request arrives (a
    // server closing an idle connection just as it was reused); later ones are passed through.
    let connections = 0;
    const target = new URL(standIn.url);
    const proxy = createServer((socket) => {
      connections += 1;
      if (connections === 1) {
        socket.once('data', () => socket.resetAndDestroy());
        return;
      }
      const upstream = connect(Number(target.port), target.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = proxy.address() as AddressInfo;
      const order = anOrder();
      const created = await client({ apiBase: `http://127.0.0.1:${port}` }).createPayment(order);
      expect(standIn.intents.get(created.providerOrderId)?.metadata.order_id).toBe(order.orderId);
      expect(warnings.map((w) => w.message)).toEqual([
        'Stripe connection reset before an answer: sent again',
      ]);
      expect(connections).toBe(2);
    } finally {
      proxy.close();
    }
  });

  it('is unavailable when nothing listens at the Stripe address', async () => {
    const gone = await StripeStandIn.start();
    await gone.close();
    await expectUnavailable(client({ apiBase: gone.url }).createPayment(anOrder()));
  });
});

describe('Stripe client: capture', () => {
  it('captures an authorised intent once, and the charge pays the order', async () => {
    const stripe = client();
    const { order, providerOrderId } = await authorised(stripe);
    const capture = await stripe.capturePayment(captureOf(order, providerOrderId));
    const intent = standIn.intents.get(providerOrderId)!;
    expect(capture).toEqual({
      status: 'completed',
      captureId: intent.latest_charge,
      amountCents: 7098,
      currency: 'USD',
    });
    expect(verifyCapture({ amountCents: 7098, currency: 'USD' }, capture)).toEqual({
      paid: true,
      captureId: intent.latest_charge,
    });
    const [request] = standIn.requestsTo('POST', /\/capture$/);
    // A key per attempt: a 500 Stripe kept for one key is never replayed to the next attempt.
    expect(request?.headers['idempotency-key']).toMatch(
      new RegExp(`^proshop-capture-${providerOrderId}-[0-9a-f-]{36}$`),
    );
    expect(intent.status).toBe('succeeded');
  });

  it('reads an intent already captured without capturing again', async () => {
    const stripe = client();
    const { order, providerOrderId } = await authorised(stripe);
    const first = await stripe.capturePayment(captureOf(order, providerOrderId));
    const second = await stripe.capturePayment(captureOf(order, providerOrderId));
    expect(second).toEqual(first);
    expect(standIn.requestsTo('POST', /\/capture$/)).toHaveLength(1);
  });

  it('two captures at once take the money once and both read the same charge', async () => {
    const stripe = client();
    const { order, providerOrderId } = await authorised(stripe);
    standIn.setCaptureBehaviour({ kind: 'slow', delayMs: 200 });
    const [a, b] = await Promise.allSettled([
      stripe.capturePayment(captureOf(order, providerOrderId)),
      stripe.capturePayment(captureOf(order, providerOrderId)),
    ]);
    // One captured; the other either read the capture or met the key still running (a 503).
    const fulfilled = [a, b].filter((r) => r.status === 'fulfilled');
    expect(fulfilled.length).toBeGreaterThanOrEqual(1);
    for (const result of fulfilled) expect(result.value).toMatchObject({ status: 'completed' });
    expect(capturedFor(order.orderId)).toHaveLength(1);
  });

  it('answers not-authorised for a 3-D Secure step not done, and captures once it passed', async () => {
    const stripe = client();
    const { order, providerOrderId, confirmed } = await authorised(stripe, THREE_D_SECURE);
    expect(confirmed.body).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk' },
    });
    expect(await stripe.capturePayment(captureOf(order, providerOrderId))).toEqual({
      status: 'failed',
      reason: 'not-authorised',
    });
    expect(standIn.requestsTo('POST', /\/capture$/)).toHaveLength(0);

    standIn.authenticate(providerOrderId, 'pass');
    expect(await stripe.capturePayment(captureOf(order, providerOrderId))).toMatchObject({
      status: 'completed',
      amountCents: 7098,
    });
  });

  it('answers declined after a declined card, and the same intent pays with a good card', async () => {
    const stripe = client();
    const { order, providerOrderId, confirmed } = await authorised(stripe, DECLINED);
    expect(confirmed.status).toBe(402);
    expect(await stripe.capturePayment(captureOf(order, providerOrderId))).toEqual({
      status: 'declined',
      reason: 'generic_decline',
    });
    standIn.confirmWithCard(providerOrderId, VISA);
    expect(await stripe.capturePayment(captureOf(order, providerOrderId))).toMatchObject({
      status: 'completed',
    });
  });

  it('never captures an intent for another amount or currency, and lets the hold go', async () => {
    const stripe = client();
    for (const change of [{ amount: 100 }, { currency: 'eur' }]) {
      const { order, providerOrderId } = await authorised(stripe);
      standIn.tamper(providerOrderId, change);
      expect(await stripe.capturePayment(captureOf(order, providerOrderId))).toEqual({
        status: 'failed',
        reason: 'wrong-amount',
      });
      expect(standIn.intents.get(providerOrderId)?.status).toBe('canceled');
      expect(capturedFor(order.orderId)).toHaveLength(0);
    }
    expect(standIn.requestsTo('POST', /\/capture$/)).toHaveLength(0);
  });

  it('never lets an intent made for one of our orders pay another', async () => {
    const stripe = client();
    const { order, providerOrderId } = await authorised(stripe);
    const other = { ...captureOf(order, providerOrderId), orderId: randomUUID() };
    expect(await stripe.capturePayment(other)).toEqual({
      status: 'failed',
      reason: 'ORDER_MISMATCH',
    });
    expect(standIn.requestsTo('POST', /\/capture$/)).toHaveLength(0);
  });

  it('answers pending while Stripe is processing, and failed for an unknown or canceled intent', async () => {
    const stripe = client();
    const { order, providerOrderId } = await authorised(stripe);
    standIn.tamper(providerOrderId, { status: 'processing' });
    expect(await stripe.capturePayment(captureOf(order, providerOrderId))).toEqual({
      status: 'pending',
    });
    standIn.tamper(providerOrderId, { status: 'canceled' });
    expect(await stripe.capturePayment(captureOf(order, providerOrderId))).toEqual({
      status: 'failed',
      reason: 'canceled',
    });
    expect(await stripe.capturePayment(captureOf(order, 'pi_unknown'))).toEqual({
      status: 'failed',
      reason: 'resource_missing',
    });
  });

  it('is unavailable when Stripe answers 500, and captures once it is back', async () => {
    const stripe = client();
    const { order, providerOrderId } = await authorised(stripe);
    standIn.setCaptureBehaviour({ kind: 'server-error' });
    await expectUnavailable(stripe.capturePayment(captureOf(order, providerOrderId)));
    expect(warnings.map((w) => w.message)).toContain('Stripe not answering');
    standIn.setCaptureBehaviour({ kind: 'succeeded' });
    expect(await stripe.capturePayment(captureOf(order, providerOrderId))).toMatchObject({
      status: 'completed',
    });
  });

  it('is unavailable when the capture does not answer in time, and nothing was taken', async () => {
    const { order, providerOrderId } = await authorised(client());
    standIn.setCaptureBehaviour({ kind: 'hang' });
    const started = Date.now();
    await expectUnavailable(
      client({ timeoutMs: 500 }).capturePayment(captureOf(order, providerOrderId)),
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(standIn.requestsTo('POST', /\/capture$/)).toHaveLength(1);
    expect(await client().findCapture({ providerOrderId, orderId: order.orderId })).toBeUndefined();
  });

  it('after a capture whose answer was lost, findCapture and a retry read the one capture', async () => {
    const { order, providerOrderId } = await authorised(client());
    standIn.setCaptureBehaviour({ kind: 'captured-no-answer' });
    await expectUnavailable(
      client({ timeoutMs: 500 }).capturePayment(captureOf(order, providerOrderId)),
    );
    standIn.setCaptureBehaviour({ kind: 'succeeded' });
    const stripe = client();
    const found = await stripe.findCapture({ providerOrderId, orderId: order.orderId });
    expect(found).toMatchObject({ status: 'completed', amountCents: 7098, currency: 'USD' });
    expect(await stripe.capturePayment(captureOf(order, providerOrderId))).toEqual(found);
    expect(capturedFor(order.orderId)).toHaveLength(1);
    expect(standIn.requestsTo('POST', /\/capture$/)).toHaveLength(1);
  });
});

describe('Stripe client: findCapture', () => {
  it('finds nothing for an intent only authorised, or unknown to Stripe', async () => {
    const stripe = client();
    const { order, providerOrderId } = await authorised(stripe);
    expect(await stripe.findCapture({ providerOrderId, orderId: order.orderId })).toBeUndefined();
    expect(
      await stripe.findCapture({ providerOrderId: 'pi_none', orderId: order.orderId }),
    ).toBeUndefined();
    expect(standIn.requestsTo('POST', /\/capture$/)).toHaveLength(0);
  });

  it('is unavailable when Stripe cannot be reached', async () => {
    const gone = await StripeStandIn.start();
    await gone.close();
    await expectUnavailable(
      client({ apiBase: gone.url }).findCapture({ providerOrderId: 'pi_x', orderId: 'o' }),
    );
  });
});

describe('Stripe client: refunds', () => {
  async function captured(stripe: StripeClient) {
    const { order, providerOrderId } = await authorised(stripe);
    const capture = await stripe.capturePayment(captureOf(order, providerOrderId));
    if (capture.status !== 'completed') throw new Error('not captured');
    return { order, providerOrderId, chargeId: capture.captureId };
  }

  it('refunds the charge with the stored request id as the key, and a repeat answers the same refund', async () => {
    const stripe = client();
    const { order, chargeId, providerOrderId } = await captured(stripe);
    const requestId = randomUUID();
    const input = {
      captureId: chargeId,
      amountCents: 7098,
      currency: 'USD',
      requestId,
      orderId: order.orderId,
    };
    const first = await stripe.refundCapture(input);
    expect(first).toMatchObject({ status: 'completed', refundId: expect.stringMatching(/^re_/) });
    const again = await stripe.refundCapture(input);
    expect(again).toEqual(first);
    expect(standIn.refundsOf(providerOrderId)).toHaveLength(1);
    const [request] = standIn.requestsTo('POST', /^\/v1\/refunds$/);
    expect(request?.headers['idempotency-key']).toBe(requestId);
    expect(request?.body).toEqual({
      charge: chargeId,
      amount: '7098',
      metadata: { order_id: order.orderId },
    });
  });

  it('refunds part, then refuses more than is left', async () => {
    const stripe = client();
    const { order, chargeId } = await captured(stripe);
    const part = { captureId: chargeId, currency: 'USD', orderId: order.orderId };
    expect(
      await stripe.refundCapture({ ...part, amountCents: 3000, requestId: randomUUID() }),
    ).toMatchObject({ status: 'completed' });
    expect(
      await stripe.refundCapture({ ...part, amountCents: 5000, requestId: randomUUID() }),
    ).toEqual({ status: 'failed', reason: 'amount_too_large' });
    expect(standIn.charges.get(chargeId)?.amount_refunded).toBe(3000);
  });

  it('answers pending, and findRefund follows it up to completed or failed', async () => {
    const stripe = client();
    for (const outcome of ['succeeded', 'failed'] as const) {
      const { order, chargeId } = await captured(stripe);
      standIn.setRefundBehaviour({ kind: 'pending' });
      const pending = await stripe.refundCapture({
        captureId: chargeId,
        amountCents: 1000,
        currency: 'USD',
        requestId: randomUUID(),
        orderId: order.orderId,
      });
      expect(pending).toMatchObject({ status: 'pending' });
      const refundId = (pending as { refundId: string }).refundId;
      expect(await stripe.findRefund(refundId)).toMatchObject({ status: 'pending' });
      standIn.settleRefund(refundId, outcome, 'lost_or_stolen_card');
      expect(await stripe.findRefund(refundId)).toEqual(
        outcome === 'succeeded'
          ? { status: 'completed', refundId }
          : { status: 'failed', reason: 'lost_or_stolen_card', refundId },
      );
    }
    expect(await stripe.findRefund('re_unknown')).toEqual({
      status: 'failed',
      reason: 'resource_missing',
      refundId: 're_unknown',
    });
  });

  it('answers failed when Stripe refuses or fails the refund', async () => {
    const stripe = client();
    const { order, chargeId } = await captured(stripe);
    const input = {
      captureId: chargeId,
      amountCents: 1000,
      currency: 'USD',
      orderId: order.orderId,
    };
    standIn.setRefundBehaviour({ kind: 'refused', code: 'charge_disputed' });
    expect(await stripe.refundCapture({ ...input, requestId: randomUUID() })).toEqual({
      status: 'failed',
      reason: 'charge_disputed',
    });
    standIn.setRefundBehaviour({ kind: 'failed', failureReason: 'expired_or_canceled_card' });
    expect(await stripe.refundCapture({ ...input, requestId: randomUUID() })).toMatchObject({
      status: 'failed',
      reason: 'expired_or_canceled_card',
    });
  });

  it('is unavailable when the refund answer is lost, and the retry with the same id gets that refund', async () => {
    const { order, chargeId, providerOrderId } = await captured(client());
    const input = {
      captureId: chargeId,
      amountCents: 7098,
      currency: 'USD',
      requestId: randomUUID(),
      orderId: order.orderId,
    };
    standIn.setRefundBehaviour({ kind: 'refunded-no-answer' });
    await expectUnavailable(client({ timeoutMs: 500 }).refundCapture(input));
    standIn.setRefundBehaviour({ kind: 'succeeded' });
    expect(await client().refundCapture(input)).toMatchObject({ status: 'completed' });
    expect(standIn.refundsOf(providerOrderId)).toHaveLength(1);
  });

  it('is unavailable when Stripe answers 500 to a refund', async () => {
    const stripe = client();
    const { order, chargeId } = await captured(stripe);
    standIn.setRefundBehaviour({ kind: 'server-error' });
    await expectUnavailable(
      stripe.refundCapture({
        captureId: chargeId,
        amountCents: 100,
        currency: 'USD',
        requestId: randomUUID(),
        orderId: order.orderId,
      }),
    );
  });
});

describe('Stripe client: verifyWebhook', () => {
  it("accepts only the raw body signed with the webhook's secret", async () => {
    const stripe = client();
    const payload = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' });
    const secret = 'whsec_test_secret';
    const header = standIn.sign(payload, { secret });
    const input = { headers: { 'stripe-signature': header }, webhookId: secret };
    expect(await stripe.verifyWebhook({ ...input, event: payload })).toBe(true);
    expect(await stripe.verifyWebhook({ ...input, event: Buffer.from(payload) })).toBe(true);
    expect(await stripe.verifyWebhook({ ...input, event: payload.replace('evt_1', 'evt_2') })).toBe(
      false,
    );
    expect(await stripe.verifyWebhook({ ...input, event: JSON.parse(payload) })).toBe(false);
    expect(await stripe.verifyWebhook({ ...input, webhookId: 'whsec_other', event: payload })).toBe(
      false,
    );
    const old = standIn.sign(payload, { secret, timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(
      await stripe.verifyWebhook({
        headers: { 'stripe-signature': old },
        webhookId: secret,
        event: payload,
      }),
    ).toBe(false);
  });
});
