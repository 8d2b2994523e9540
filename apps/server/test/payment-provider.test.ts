import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyCapture } from '@proshop/domain/payment-verification';
import { loadConfig } from '../src/config.ts';
import { createPaymentProvider } from '../src/modules/payments/create-payment-provider.ts';
import { PayPalClient } from '../src/modules/payments/paypal-client.ts';
import { TestPaymentProvider } from '../src/modules/payments/test-provider.ts';

const anOrder = () => ({ orderId: randomUUID(), amountCents: 4599, currency: 'USD' });

describe('test payment provider', () => {
  it('captures exactly the amount it was created with, and that pays the order', async () => {
    const provider = new TestPaymentProvider();
    const order = anOrder();
    const { providerOrderId } = await provider.createPayment(order);
    expect(providerOrderId).toMatch(/^TEST-[0-9a-f-]{36}$/);
    const capture = await provider.capturePayment({ providerOrderId, orderId: order.orderId });
    expect(capture).toEqual({
      status: 'completed',
      captureId: expect.stringMatching(/^TEST-CAPTURE-/),
      amountCents: 4599,
      currency: 'USD',
    });
    expect(verifyCapture(order, capture, false).paid).toBe(true);
  });

  it('gives one payment per order and one capture per payment, so a replay never pays twice', async () => {
    const provider = new TestPaymentProvider();
    const order = anOrder();
    const first = await provider.createPayment(order);
    expect(await provider.createPayment(order)).toEqual(first);
    const capture = await provider.capturePayment({ ...first, orderId: order.orderId });
    const again = await provider.capturePayment({ ...first, orderId: order.orderId });
    expect(again).toEqual(capture);
    expect(verifyCapture(order, again, true)).toEqual({ paid: false, reason: 'capture-reused' });
  });

  it('gives a fresh capture id to every payment', async () => {
    const provider = new TestPaymentProvider();
    const ids = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const order = anOrder();
      const { providerOrderId } = await provider.createPayment(order);
      const capture = await provider.capturePayment({ providerOrderId, orderId: order.orderId });
      if (capture.status === 'completed') ids.add(capture.captureId);
    }
    expect(ids.size).toBe(3);
  });

  it('refuses a payment it never made, or one made for another order', async () => {
    const provider = new TestPaymentProvider();
    expect(
      await provider.capturePayment({ providerOrderId: 'TEST-made-up', orderId: randomUUID() }),
    ).toEqual({ status: 'failed', reason: 'RESOURCE_NOT_FOUND' });
    const { providerOrderId } = await provider.createPayment(anOrder());
    expect(await provider.capturePayment({ providerOrderId, orderId: randomUUID() })).toEqual({
      status: 'failed',
      reason: 'ORDER_MISMATCH',
    });
  });
});

describe('createPaymentProvider', () => {
  it('uses the test provider without PayPal credentials and PayPal with them', () => {
    expect(createPaymentProvider(loadConfig({}))).toBeInstanceOf(TestPaymentProvider);
    const paypal = createPaymentProvider(
      loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }),
    );
    expect(paypal).toBeInstanceOf(PayPalClient);
    expect(paypal.kind).toBe('paypal');
  });

  it('never falls back to test mode when PayPal is chosen without credentials', () => {
    const config = { ...loadConfig({}), paymentProvider: 'paypal' as const };
    expect(() => createPaymentProvider(config)).toThrow(/PAYPAL_CLIENT_ID/);
  });
});
