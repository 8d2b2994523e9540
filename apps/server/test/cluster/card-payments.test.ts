import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeStandIn } from '../helpers/stripe-stand-in.ts';
import {
  instanceThatAnswered,
  perInstance,
  servedPerInstance,
  startClusterSignedIn,
  type Cluster,
} from './helpers/cluster.ts';
import { httpClient, json, type Reply } from './helpers/http-client.ts';
import { proved } from './helpers/proof.ts';
import { confirmRegistered, placeOrder, type Product } from './helpers/shop-api.ts';

interface PaidOrder {
  _id: string;
  isPaid: boolean;
  orderItems: { _id: string; qty: number }[];
  refunds: { status: string; amount: number; reason: string }[];
}

// Cards through Stripe (its local stand-in) on a shop of 3 instances: an intent made by one
// instance is captured by whichever instance the browser's next request reaches, and Stripe's
// webhook, sent to nginx, reaches the order wherever it lands.
describe('card payments through Stripe on 3 instances behind nginx', () => {
  let standIn: StripeStandIn;
  let cluster: Cluster;
  let adminToken: string;

  beforeAll(async () => {
    standIn = await StripeStandIn.start();
    ({ cluster, adminToken } = await startClusterSignedIn({
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_BASE: standIn.url,
    }));
    standIn.webhookUrl = `${cluster.nginx.url}/api/payments/stripe/webhook`;
  });
  afterAll(async () => {
    await cluster?.stop();
    await standIn?.close();
  });

  it("shoppers pay by card through nginx: the intent made on one instance is captured on another, once each; the admin's refund and one made in Stripe's dashboard reach the order", async () => {
    const send = httpClient(cluster.nginx.url, { prefix: 'card' });
    const ok = async (reply: Promise<Reply>, status: number) => {
      const res = await reply;
      expect(res.status, `${res.method} ${res.path}: ${res.body}`).toBe(status);
      return res;
    };
    const journeys = 6;
    const paid: { orderId: string; token: string; intent: string }[] = [];
    const paymentCalls: string[] = [];
    let capturedElsewhere = 0;
    for (let n = 1; n <= journeys; n += 1) {
      const email = `card-${n}-${Date.now()}@example.test`;
      const password = 'card journey password';
      await ok(send('POST', '/api/users', { body: { name: `Card ${n}`, email, password } }), 201);
      await confirmRegistered(cluster.db);
      const signedIn = await ok(
        send('POST', '/api/users/login', { body: { email, password } }),
        200,
      );
      const token = json<{ token: string }>(signedIn).token;
      const products = json<{ products: Product[] }>(await ok(send('GET', '/api/products'), 200));
      const inStock = products.products.filter((p) => p.countInStock > 0 && p.variantCount === 1);
      const product = inStock[n % inStock.length]!;
      const order = json<{ _id: string }>(
        await ok(placeOrder(send, token, product, 1, undefined, 'Credit Card'), 201),
      );
      const started = await ok(send('POST', `/api/orders/${order._id}/payment`, { token }), 200);
      const { providerOrderId, clientSecret } = json<{
        providerOrderId: string;
        clientSecret?: string;
      }>(started);
      expect(providerOrderId).toMatch(/^pi_/);
      expect(clientSecret).toMatch(new RegExp(`^${providerOrderId}_secret_`));
      // The browser's Stripe.js authorises the card with Stripe; the shop captures.
      expect(standIn.confirmWithCard(providerOrderId, '4242424242424242').status).toBe(200);
      const payReply = await ok(
        send('PUT', `/api/orders/${order._id}/pay`, { token, body: { providerOrderId } }),
        200,
      );
      expect(json<{ isPaid: boolean }>(payReply).isPaid).toBe(true);
      paid.push({ orderId: order._id, token, intent: providerOrderId });
      paymentCalls.push(started.id, payReply.id);
      await servedPerInstance(cluster.instances, [started.id, payReply.id]);
      if (
        instanceThatAnswered(cluster.instances, started.id) !==
        instanceThatAnswered(cluster.instances, payReply.id)
      ) {
        capturedElsewhere += 1;
      }
    }
    expect(
      standIn
        .capturedIntents()
        .map((intent) => intent.id)
        .sort(),
    ).toEqual(paid.map((entry) => entry.intent).sort());
    expect(standIn.requestsTo('POST', /\/capture$/)).toHaveLength(journeys);
    expect(capturedElsewhere).toBeGreaterThan(0);

    // The admin refunds the first order's line through nginx: Stripe refunds it once.
    const first = paid[0]!;
    const before = json<PaidOrder>(
      await ok(send('GET', `/api/orders/${first.orderId}`, { token: first.token }), 200),
    );
    const line = before.orderItems[0]!;
    await ok(
      send('POST', `/api/orders/${first.orderId}/refunds`, {
        token: adminToken,
        body: { lines: [{ orderItem: line._id, qty: 1 }], reason: 'Arrived broken' },
      }),
      201,
    );
    expect(standIn.refundsOf(first.intent)).toHaveLength(1);

    // A refund made in Stripe's dashboard: its webhook events go to nginx, one instance applies
    // them, and the order shows the refund once.
    const second = paid[1]!;
    standIn.dashboardRefund({ paymentIntent: second.intent, amount: 100 });
    await expect
      .poll(
        async () =>
          json<PaidOrder>(
            await send('GET', `/api/orders/${second.orderId}`, { token: second.token }),
          ).refunds.length,
        { timeout: 20_000, interval: 250 },
      )
      .toBe(1);
    const after = json<PaidOrder>(
      await ok(send('GET', `/api/orders/${second.orderId}`, { token: second.token }), 200),
    );
    expect(after.refunds[0]).toMatchObject({ amount: 1, status: 'completed' });
    const served = await servedPerInstance(cluster.instances, paymentCalls);
    proved(
      `(card) ${journeys} shoppers paid by card through Stripe's stand-in via nginx: ` +
        `${capturedElsewhere} of ${journeys} intents captured by another instance than the one ` +
        `that created them, each captured once (${standIn.requestsTo('POST', /\/capture$/).length} ` +
        `capture calls); an admin refund and a refund made in Stripe's dashboard (webhook through ` +
        `nginx) reached their orders once; payment calls served by ${perInstance(cluster.instances, served)}`,
    );
  });
});
