// PAYMENT_CURRENCY reaches PayPal: an order of a euro shop is created at PayPal in euros, captured
// in euros and marked paid; /api/config/pay tells the order page to load the PayPal script for euros.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { pay, placeOrder, startPayment } from '../helpers/orders.ts';
import { PayPalStandIn } from '../helpers/paypal-stand-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('a euro shop pays through PayPal in euros, end to end', () => {
  let standIn: PayPalStandIn;
  let t: TestApp;
  beforeAll(async () => {
    standIn = await PayPalStandIn.start();
    t = await createTestApp({
      PAYMENT_CURRENCY: 'EUR',
      PAYPAL_CLIENT_ID: standIn.clientId,
      PAYPAL_CLIENT_SECRET: standIn.clientSecret,
      PAYPAL_API_BASE: standIn.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('creates, captures and records the payment in EUR', async () => {
    const config = (await t.app.inject('/api/config/pay')).json();
    expect(config).toMatchObject({ currency: 'EUR' });

    const buyer = await createSignedInUser(t.database.db);
    const product = await createProduct(t.database.db, { price: '19.99' });
    const order = await placeOrder(t.app, buyer.headers, [{ product, qty: 2 }]);
    expect(order).toMatchObject({ currency: 'EUR', totalPrice: 70.98 });

    const started = await startPayment(t.app, buyer.headers, order._id);
    expect(started.statusCode, started.body).toBe(200);
    const { providerOrderId } = started.json();
    const [created] = standIn.requestsTo('POST', /^\/v2\/checkout\/orders$/);
    expect(created?.body).toMatchObject({
      purchase_units: [{ amount: { currency_code: 'EUR', value: '70.98' } }],
    });

    standIn.approve(providerOrderId);
    const paid = await pay(t.app, buyer.headers, order._id, providerOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ isPaid: true, currency: 'EUR' });
    const capture = standIn.orders.get(providerOrderId)?.captures[0];
    expect(capture?.amount).toEqual({ currency_code: 'EUR', value: '70.98' });
  });
});
