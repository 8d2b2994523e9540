import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyCapture } from '@proshop/domain/payment-verification';
import { AppError } from '../../src/errors/app-error.ts';
import {
  PaymentProviderError,
  PROVIDER_UNAVAILABLE_MESSAGE,
  type CreatePaymentInput,
} from '../../src/modules/payment-providers/payment-provider.ts';
import {
  cut,
  PayPalClient,
  type PayPalClientOptions,
} from '../../src/modules/payment-providers/paypal-client.ts';
import { PayPalStandIn } from '../helpers/paypal-stand-in.ts';

let standIn: PayPalStandIn;
const warnings: string[] = [];

beforeAll(async () => {
  standIn = await PayPalStandIn.start();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.reset();
  warnings.length = 0;
});

function client(options: Partial<PayPalClientOptions> = {}) {
  return new PayPalClient({
    clientId: standIn.clientId,
    clientSecret: standIn.clientSecret,
    apiBase: standIn.url,
    brandName: 'ProShop',
    log: { warn: (_details, message) => warnings.push(message) },
    ...options,
  });
}

/** An order of 2 × $19.99 + $25.00 shipping + $6.00 tax = $70.98, as the orders service sends it. */
function anOrder(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return {
    orderId: randomUUID(),
    amountCents: 7098,
    currency: 'USD',
    breakdown: { itemsCents: 3998, shippingCents: 2500, taxCents: 600 },
    items: [{ name: 'Airpods Wireless', quantity: 2, unitAmountCents: 1999 }],
    ...overrides,
  };
}

async function createdPayment(paypal: PayPalClient, order = anOrder()) {
  const { providerOrderId } = await paypal.createPayment(order);
  return { order, providerOrderId };
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

describe('PayPal client: token', () => {
  it('asks for a token with the app credentials once and reuses it', async () => {
    const paypal = client();
    await createdPayment(paypal);
    await createdPayment(paypal);
    const tokenRequests = standIn.requestsTo('POST', /^\/v1\/oauth2\/token$/);
    expect(tokenRequests).toHaveLength(1);
    const [tokenRequest] = tokenRequests;
    const basic = Buffer.from(`${standIn.clientId}:${standIn.clientSecret}`).toString('base64');
    expect(tokenRequest!.headers.authorization).toBe(`Basic ${basic}`);
    expect(tokenRequest!.body).toEqual({ grant_type: 'client_credentials' });
    expect(standIn.requestsTo('POST', /^\/v2\/checkout\/orders$/)).toHaveLength(2);
  });

  it('gets a new token once when PayPal answers 401 to the cached one', async () => {
    const paypal = client();
    await createdPayment(paypal);
    standIn.expireTokens();
    const { providerOrderId } = await createdPayment(paypal);
    expect(standIn.orders.has(providerOrderId)).toBe(true);
    expect(standIn.requestsTo('POST', /^\/v1\/oauth2\/token$/)).toHaveLength(2);
    // The first create, the refused one, and its retry.
    expect(standIn.requestsTo('POST', /^\/v2\/checkout\/orders$/)).toHaveLength(3);
  });

  it('renews the token before it expires, without a refused call', async () => {
    let now = Date.now();
    const shortLived = await PayPalStandIn.start({ tokenLifetimeSeconds: 300, now: () => now });
    try {
      const paypal = client({
        apiBase: shortLived.url,
        clientId: shortLived.clientId,
        clientSecret: shortLived.clientSecret,
        now: () => now,
      });
      await createdPayment(paypal);
      now += 200_000;
      await createdPayment(paypal);
      expect(shortLived.requestsTo('POST', /^\/v1\/oauth2\/token$/)).toHaveLength(1);
      now += 60_000; // within the renewal margin of the 5-minute token
      await createdPayment(paypal);
      expect(shortLived.requestsTo('POST', /^\/v1\/oauth2\/token$/)).toHaveLength(2);
      expect(shortLived.requestsTo('POST', /^\/v2\/checkout\/orders$/)).toHaveLength(3);
    } finally {
      await shortLived.close();
    }
  });

  it('shares one token request between calls made at the same time', async () => {
    const paypal = client();
    await Promise.all([createdPayment(paypal), createdPayment(paypal), createdPayment(paypal)]);
    expect(standIn.requestsTo('POST', /^\/v1\/oauth2\/token$/)).toHaveLength(1);
  });

  it('is unavailable when PayPal refuses the credentials, and says so in the log', async () => {
    await expectUnavailable(client({ clientSecret: 'wrong' }).createPayment(anOrder()));
    expect(warnings).toContain('PayPal gave no access token');
  });
});

describe('PayPal client: create', () => {
  it("sends the server's amount as exact strings, the breakdown, items and our order id", async () => {
    const order = anOrder();
    const { providerOrderId } = await createdPayment(client(), order);
    const [create] = standIn.requestsTo('POST', /^\/v2\/checkout\/orders$/);
    expect(create!.headers['paypal-request-id']).toBe(order.orderId);
    expect(create!.headers.authorization).toMatch(/^Bearer /);
    const usd = (value: string) => ({ currency_code: 'USD', value });
    expect(create!.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          custom_id: order.orderId,
          amount: {
            ...usd('70.98'),
            breakdown: { item_total: usd('39.98'), shipping: usd('25.00'), tax_total: usd('6.00') },
          },
          items: [{ name: 'Airpods Wireless', quantity: '2', unit_amount: usd('19.99') }],
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: 'ProShop',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
          },
        },
      },
    });
    expect(standIn.orders.get(providerOrderId)?.status).toBe('CREATED');
  });

  it("cuts a line's label to PayPal's 127 characters without splitting an emoji, and sends the SKU", async () => {
    // 126 characters, then an emoji across UTF-16 units 127 and 128: a cut by units would keep
    // half of it, which is not text.
    const start = `Trail Shirt — Size: M, Colour: ${'x'.repeat(95)}`;
    const order = anOrder({
      items: [
        { name: `${start}🌅 and more`, quantity: 2, unitAmountCents: 1999, sku: 'TS-M-BLUE' },
      ],
    });
    await createdPayment(client(), order);
    const [create] = standIn.requestsTo('POST', /^\/v2\/checkout\/orders$/);
    const body = create!.body as {
      purchase_units: Array<{ items: Array<Record<string, string>> }>;
    };
    const [item] = body.purchase_units[0]!.items;
    expect(start).toHaveLength(126);
    expect(item!.name).toBe(`${start}…`);
    expect(cut(`${'x'.repeat(125)}🌅🌅🌅`, 127)).toBe(`${'x'.repeat(125)}🌅…`);
    expect(item!.sku).toBe('TS-M-BLUE');
    // A label that fits is sent whole.
    expect(cut('Trail Shirt — Size: M', 127)).toBe('Trail Shirt — Size: M');
    expect(cut('x'.repeat(127), 127)).toBe('x'.repeat(127));
  });

  it('sends the amount alone when no breakdown is given', async () => {
    const order = anOrder({ amountCents: 5, breakdown: undefined, items: undefined });
    await createdPayment(client(), order);
    const [create] = standIn.requestsTo('POST', /^\/v2\/checkout\/orders$/);
    const body = create!.body as { purchase_units: Array<{ amount: unknown }> };
    expect(body.purchase_units[0]!.amount).toEqual({
      currency_code: 'USD',
      value: '0.05',
    });
  });

  it('finds the same PayPal order when the create is retried for one order', async () => {
    const paypal = client();
    const order = anOrder();
    const first = await paypal.createPayment(order);
    const again = await paypal.createPayment(order);
    expect(again).toEqual(first);
    expect(
      [...standIn.orders.values()].filter((o) => o.purchaseUnit.custom_id === order.orderId),
    ).toHaveLength(1);
  });

  it('fails loudly (a bug, not an outage) when the amounts do not add up', async () => {
    const order = anOrder({ amountCents: 7099 });
    await expect(client().createPayment(order)).rejects.toThrow(PaymentProviderError);
    await expect(client().createPayment({ ...order, orderId: randomUUID() })).rejects.toThrow(
      /AMOUNT_MISMATCH/,
    );
  });

  it('refuses to ask for a zero, negative or fractional amount', async () => {
    for (const amountCents of [0, -100, 12.5]) {
      await expect(
        client().createPayment(anOrder({ amountCents, breakdown: undefined, items: undefined })),
      ).rejects.toThrow(PaymentProviderError);
    }
    expect(standIn.requestsTo('POST', /^\/v2\/checkout\/orders$/)).toHaveLength(0);
  });

  it('is unavailable when PayPal fails with a 5xx on create', async () => {
    const failing = client({
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: {
            ...(init?.headers as Record<string, string>),
            'PayPal-Mock-Response': JSON.stringify({
              mock_application_codes: 'INTERNAL_SERVER_ERROR',
            }),
          },
        }),
    });
    await expectUnavailable(failing.createPayment(anOrder()));
  });
});

describe('PayPal client: capture', () => {
  it('reads a COMPLETED capture with its amount in cents, and that pays the order', async () => {
    const paypal = client();
    const { order, providerOrderId } = await createdPayment(paypal);
    const result = await paypal.capturePayment({ providerOrderId, orderId: order.orderId });
    const [capture] = standIn.orders.get(providerOrderId)!.captures;
    expect(result).toEqual({
      status: 'completed',
      captureId: capture!.id,
      amountCents: 7098,
      currency: 'USD',
      payerEmail: 'buyer@example.com',
    });
    const [request] = standIn.requestsTo('POST', /\/capture$/);
    expect(request!.path).toBe(`/v2/checkout/orders/${providerOrderId}/capture`);
    expect(request!.headers['paypal-request-id']).toEqual(expect.any(String));
    expect(verifyCapture(order, result)).toEqual({ paid: true, captureId: capture!.id });
  });

  it('answers declined for a DECLINED capture, which does not pay', async () => {
    const paypal = client();
    const { order, providerOrderId } = await createdPayment(paypal);
    standIn.setCaptureBehaviour({ kind: 'declined' });
    const result = await paypal.capturePayment({ providerOrderId, orderId: order.orderId });
    expect(result).toEqual({ status: 'declined', reason: 'DECLINED' });
    expect(verifyCapture(order, result).paid).toBe(false);
  });

  it('answers pending for a PENDING capture, which does not pay yet', async () => {
    const paypal = client();
    const { order, providerOrderId } = await createdPayment(paypal);
    standIn.setCaptureBehaviour({ kind: 'pending' });
    const result = await paypal.capturePayment({ providerOrderId, orderId: order.orderId });
    expect(result).toEqual({ status: 'pending' });
    expect(verifyCapture(order, result)).toEqual({ paid: false, reason: 'pending' });
  });

  it('reads a capture for another amount exactly, and verifyCapture refuses it', async () => {
    const paypal = client();
    const { order, providerOrderId } = await createdPayment(paypal);
    standIn.setCaptureBehaviour({ kind: 'captured-amount', value: '70.97' });
    const result = await paypal.capturePayment({ providerOrderId, orderId: order.orderId });
    expect(result).toMatchObject({ status: 'completed', amountCents: 7097 });
    expect(verifyCapture(order, result)).toEqual({ paid: false, reason: 'wrong-amount' });
  });

  it('reads a capture in another currency, and verifyCapture refuses it', async () => {
    const paypal = client();
    const { order, providerOrderId } = await createdPayment(paypal);
    standIn.setCaptureBehaviour({ kind: 'captured-amount', value: '70.98', currencyCode: 'EUR' });
    const result = await paypal.capturePayment({ providerOrderId, orderId: order.orderId });
    expect(verifyCapture(order, result)).toEqual({ paid: false, reason: 'wrong-currency' });
  });

  it('answers declined for 422 INSTRUMENT_DECLINED, and a later capture can still pay', async () => {
    const paypal = client();
    const { order, providerOrderId } = await createdPayment(paypal);
    standIn.setCaptureBehaviour({ kind: 'refused', issue: 'INSTRUMENT_DECLINED' });
    const declined = await paypal.capturePayment({ providerOrderId, orderId: order.orderId });
    expect(declined).toEqual({ status: 'declined', reason: 'INSTRUMENT_DECLINED' });
    expect(verifyCapture(order, declined).paid).toBe(false);
    // The buyer picks another funding source: the next capture is a new request, not a replay.
    standIn.setCaptureBehaviour({ kind: 'completed' });
    const paid = await paypal.capturePayment({ providerOrderId, orderId: order.orderId });
    expect(paid).toMatchObject({ status: 'completed', amountCents: 7098 });
  });

  it('answers declined when the sandbox mock header asks for TRANSACTION_REFUSED', async () => {
    const paypal = client({
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: {
            ...(init?.headers as Record<string, string>),
            'PayPal-Mock-Response': '{"mock_application_codes": "TRANSACTION_REFUSED"}',
          },
        }),
    });
    const { order, providerOrderId } = await createdPayment(paypal);
    const result = await paypal.capturePayment({ providerOrderId, orderId: order.orderId });
    expect(result).toEqual({ status: 'declined', reason: 'TRANSACTION_REFUSED' });
  });

  it('answers failed for other refusals, such as an order the buyer has not approved', async () => {
    const paypal = client();
    const { order, providerOrderId } = await createdPayment(paypal);
    standIn.setCaptureBehaviour({ kind: 'refused', issue: 'ORDER_NOT_APPROVED' });
    const result = await paypal.capturePayment({ providerOrderId, orderId: order.orderId });
    expect(result).toEqual({ status: 'failed', reason: 'ORDER_NOT_APPROVED' });
    expect(warnings).toContain('capture refused');
  });

  it('answers failed for an unknown PayPal order', async () => {
    const result = await client().capturePayment({
      providerOrderId: 'NO-SUCH-ORDER',
      orderId: randomUUID(),
    });
    expect(result).toEqual({ status: 'failed', reason: 'INVALID_RESOURCE_ID' });
  });

  it('never lets a PayPal order made for one of our orders pay another', async () => {
    const paypal = client();
    const { providerOrderId } = await createdPayment(paypal);
    const result = await paypal.capturePayment({ providerOrderId, orderId: randomUUID() });
    expect(result).toEqual({ status: 'failed', reason: 'ORDER_MISMATCH' });
  });

  it('reads the existing capture after ORDER_ALREADY_CAPTURED (an earlier answer was lost)', async () => {
    const paypal = client();
    const { order, providerOrderId } = await createdPayment(paypal);
    standIn.setCaptureBehaviour({ kind: 'already-captured' });
    const result = await paypal.capturePayment({ providerOrderId, orderId: order.orderId });
    const [capture] = standIn.orders.get(providerOrderId)!.captures;
    expect(result).toMatchObject({
      status: 'completed',
      captureId: capture!.id,
      amountCents: 7098,
    });
    expect(
      standIn.requestsTo('GET', new RegExp(`/v2/checkout/orders/${providerOrderId}$`)),
    ).toHaveLength(1);
  });

  it('gives the same capture id to a second capture, so the recorded id refuses it', async () => {
    const paypal = client();
    const { order, providerOrderId } = await createdPayment(paypal);
    const first = await paypal.capturePayment({ providerOrderId, orderId: order.orderId });
    const second = await paypal.capturePayment({ providerOrderId, orderId: order.orderId });
    expect(second).toEqual(first);
    expect(verifyCapture(order, first).paid).toBe(true);
    // The order that recorded this capture id keeps it: security-payments.test.ts shows a reused
    // id refused through the API.
  });

  it('is unavailable when PayPal answers 500', async () => {
    const paypal = client();
    const { order, providerOrderId } = await createdPayment(paypal);
    standIn.setCaptureBehaviour({ kind: 'server-error' });
    await expectUnavailable(paypal.capturePayment({ providerOrderId, orderId: order.orderId }));
    expect(warnings).toContain('PayPal failed');
  });

  it('is unavailable when PayPal does not answer in time', async () => {
    const { order, providerOrderId } = await createdPayment(client());
    // Short, but long enough for the token call on a busy machine: only the capture hangs.
    const paypal = client({ timeoutMs: 1_500 });
    standIn.setCaptureBehaviour({ kind: 'hang' });
    await expectUnavailable(paypal.capturePayment({ providerOrderId, orderId: order.orderId }));
    expect(warnings).toContain('PayPal not reachable');
    expect(standIn.requestsTo('POST', /\/capture$/)).toHaveLength(1);
  });

  it('is unavailable when nothing listens at the PayPal address', async () => {
    const gone = await PayPalStandIn.start();
    await gone.close();
    const paypal = client({ apiBase: gone.url });
    await expectUnavailable(paypal.createPayment(anOrder()));
  });
});
