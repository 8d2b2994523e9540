import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyCapture } from '@proshop/domain/payment-verification';
import { loadConfig } from '../../src/config.ts';
import { createPaymentProviders } from '../../src/modules/payment-providers/create-payment-provider.ts';
import { PayPalClient } from '../../src/modules/payment-providers/paypal-client.ts';
import { TestPaymentProvider } from '../../src/modules/payment-providers/test-provider.ts';

const anOrder = () => ({ orderId: randomUUID(), amountCents: 4599, currency: 'USD' });
const SECRET = 'the-token-secret-every-instance-shares-000';

describe('test payment provider', () => {
  it('captures exactly the amount it was created with, and that pays the order', async () => {
    const provider = new TestPaymentProvider(SECRET);
    const order = anOrder();
    const { providerOrderId } = await provider.createPayment(order);
    expect(providerOrderId).toMatch(/^TEST-[\w.-]{1,123}$/);
    const capture = await provider.capturePayment({ providerOrderId, orderId: order.orderId });
    expect(capture).toEqual({
      status: 'completed',
      captureId: expect.stringMatching(/^TEST-CAPTURE-/),
      amountCents: 4599,
      currency: 'USD',
    });
    expect(verifyCapture(order, capture).paid).toBe(true);
  });

  it('gives one payment per order and one capture per payment, so a replay never pays twice', async () => {
    const provider = new TestPaymentProvider(SECRET);
    const order = anOrder();
    const first = await provider.createPayment(order);
    expect(await provider.createPayment(order)).toEqual(first);
    const capture = await provider.capturePayment({ ...first, orderId: order.orderId });
    const again = await provider.capturePayment({ ...first, orderId: order.orderId });
    // The same capture id again: the order that recorded it keeps it (security-payments.test.ts).
    expect(again).toEqual(capture);
  });

  it('gives a fresh capture id to every payment', async () => {
    const provider = new TestPaymentProvider(SECRET);
    const ids = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const order = anOrder();
      const { providerOrderId } = await provider.createPayment(order);
      const capture = await provider.capturePayment({ providerOrderId, orderId: order.orderId });
      if (capture.status === 'completed') ids.add(capture.captureId);
    }
    expect(ids.size).toBe(3);
  });

  it('captures on one instance a payment another instance created (same secret)', async () => {
    const order = anOrder();
    const created = await new TestPaymentProvider(SECRET).createPayment(order);
    const otherInstance = new TestPaymentProvider(SECRET);
    const capture = await otherInstance.capturePayment({ ...created, orderId: order.orderId });
    expect(capture).toMatchObject({ status: 'completed', amountCents: 4599, currency: 'USD' });
    // A replay on a third instance answers the same capture id, which the shop refuses as used.
    const replay = await new TestPaymentProvider(SECRET).capturePayment({
      ...created,
      orderId: order.orderId,
    });
    expect(replay).toEqual(capture);
  });

  it('refuses an id altered to name another amount, currency or order, or signed with another secret', async () => {
    const provider = new TestPaymentProvider(SECRET);
    const order = anOrder();
    const { providerOrderId } = await provider.createPayment(order);
    const other = randomUUID();
    const altered = [
      providerOrderId.replace('.4599.', '.1.'),
      providerOrderId.replace('.USD.', '.EUR.'),
      providerOrderId.replace(order.orderId, other),
      providerOrderId.slice(0, -1) + (providerOrderId.endsWith('A') ? 'B' : 'A'),
    ];
    for (const forged of altered) {
      expect(forged).not.toBe(providerOrderId);
      for (const orderId of [order.orderId, other]) {
        expect(await provider.capturePayment({ providerOrderId: forged, orderId })).toEqual({
          status: 'failed',
          reason: 'RESOURCE_NOT_FOUND',
        });
      }
    }
    const elsewhere = await new TestPaymentProvider(`${SECRET}-another-shop`).createPayment(order);
    expect(await provider.capturePayment({ ...elsewhere, orderId: order.orderId })).toEqual({
      status: 'failed',
      reason: 'RESOURCE_NOT_FOUND',
    });
  });

  it('refuses a payment it never made, or one made for another order', async () => {
    const provider = new TestPaymentProvider(SECRET);
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

describe('createPaymentProviders', () => {
  it('uses the test provider without PayPal credentials and PayPal with them', () => {
    const test = createPaymentProviders(loadConfig({}), SECRET);
    expect(test.kinds).toEqual(['test']);
    expect(test.forMethod('PayPal')).toBeInstanceOf(TestPaymentProvider);
    const paypal = createPaymentProviders(
      loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }),
      SECRET,
    ).forMethod('Credit Card');
    expect(paypal).toBeInstanceOf(PayPalClient);
    expect(paypal.kind).toBe('paypal');
  });

  it('never falls back to test mode when PayPal is chosen without credentials', () => {
    const config = { ...loadConfig({}), paymentProviders: ['paypal' as const] };
    expect(() => createPaymentProviders(config, SECRET)).toThrow(/PAYPAL_CLIENT_ID/);
  });
});
