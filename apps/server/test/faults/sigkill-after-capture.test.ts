import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeOrderPrices } from '@proshop/domain/prices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayPalStandIn } from '../helpers/paypal-stand-in.ts';
import { StripeStandIn } from '../helpers/stripe-stand-in.ts';
import {
  apiClient,
  killStillRunning,
  startServerProcess,
  waitForListening,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { noPostgresServer } from '../helpers/skip-reason.ts';
import { findPostgresBin, startThrowawayPostgres } from './helpers/throwaway-postgres.ts';

const DEMO_PASSWORD = 'faults-demo-password';
/** Short, so that the lease of the killed capture (a few calls + 10 s) ends within the test. */
const PROVIDER_TIMEOUT_MS = '2000';
const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

interface Product {
  _id: string;
  price: number;
  countInStock: number;
}

/**
 * A provider as this test drives it: the shop's settings for it, the buyer's approval in the
 * browser, and what its stand-in saw.
 */
interface ProviderUnderTest {
  name: string;
  env: Record<string, string>;
  paymentMethod: 'PayPal' | 'Credit Card';
  /** What the buyer does in the browser before the shop captures (nothing for PayPal's stand-in). */
  approve(providerOrderId: string): void;
  /** The next capture is made at the provider, and its answer never reaches the shop. */
  loseNextCaptureAnswer(): void;
  /** Captures the provider made for this payment. */
  capturesOf(providerOrderId: string): number;
  /** The next captures answer again. */
  captureNormally(): void;
  /** Capture calls the provider received. */
  captureCalls(): number;
  reset(): void;
  close(): Promise<void>;
}

function paypalUnderTest(standIn: PayPalStandIn): ProviderUnderTest {
  return {
    name: 'PayPal',
    env: {
      PAYPAL_CLIENT_ID: standIn.clientId,
      PAYPAL_CLIENT_SECRET: standIn.clientSecret,
      PAYPAL_API_BASE: standIn.url,
      PAYPAL_TIMEOUT_MS: PROVIDER_TIMEOUT_MS,
    },
    paymentMethod: 'PayPal',
    approve: () => {},
    loseNextCaptureAnswer: () => standIn.setCaptureBehaviour({ kind: 'captured-no-answer' }),
    captureNormally: () => standIn.setCaptureBehaviour({ kind: 'completed' }),
    capturesOf: (id) => standIn.orders.get(id)?.captures.length ?? 0,
    captureCalls: () => standIn.requestsTo('POST', /\/capture$/).length,
    reset: () => standIn.reset(),
    close: () => standIn.close(),
  };
}

function stripeUnderTest(standIn: StripeStandIn): ProviderUnderTest {
  return {
    name: 'Stripe',
    env: {
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
      STRIPE_API_BASE: standIn.url,
      STRIPE_TIMEOUT_MS: PROVIDER_TIMEOUT_MS,
    },
    paymentMethod: 'Credit Card',
    // Stripe.js confirming the card: the intent is authorised, waiting for the shop's capture.
    approve: (id) => {
      expect(standIn.confirmWithCard(id, '4242424242424242').status).toBe(200);
    },
    loseNextCaptureAnswer: () => standIn.setCaptureBehaviour({ kind: 'captured-no-answer' }),
    captureNormally: () => standIn.setCaptureBehaviour({ kind: 'succeeded' }),
    capturesOf: (id) => (standIn.intents.get(id)?.status === 'succeeded' ? 1 : 0),
    captureCalls: () => standIn.requestsTo('POST', /\/capture$/).length,
    reset: () => standIn.reset(),
    close: () => standIn.close(),
  };
}

/**
 * The provider takes the money, and the shop is killed with SIGKILL before it hears back: the
 * capture was made, the order not yet marked paid. After a restart the recovery pass asks the
 * provider about the order and marks it paid, with its stock taken once.
 */
async function killedBetweenCaptureAndConfirm(
  provider: ProviderUnderTest,
  env: Record<string, string>,
) {
  const shopEnv = { DEMO_PASSWORD, LOG_LEVEL: 'info', ...provider.env, ...env };
  const started: ServerProcess[] = [];
  try {
    const first = startServerProcess(shopEnv);
    started.push(first);
    const api = apiClient(await waitForListening(first));
    const signIn = await api('POST', '/api/users/login', undefined, {
      email: 'john@example.com',
      password: DEMO_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const token = signIn.json.token as string;
    const products = (await api('GET', '/api/products')).json.products as Product[];
    const product = products.find((p) => p.countInStock >= 2)!;
    const lines = [{ product: product._id, qty: 2 }];
    const order = await api('POST', '/api/orders', token, {
      orderItems: lines,
      shippingAddress: address,
      paymentMethod: provider.paymentMethod,
      ...computeOrderPrices([{ price: product.price, qty: 2 }]),
    });
    expect(order.status).toBe(201);
    const orderId = order.json._id as string;
    const payment = await api('POST', `/api/orders/${orderId}/payment`, token);
    expect(payment.status).toBe(200);
    const providerOrderId = payment.json.providerOrderId as string;
    provider.approve(providerOrderId);

    provider.loseNextCaptureAnswer();
    const paying = api('PUT', `/api/orders/${orderId}/pay`, token, { providerOrderId }).catch(
      () => undefined,
    );
    await expect.poll(() => provider.capturesOf(providerOrderId), { timeout: 30_000 }).toBe(1);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await paying).toBeUndefined();
    provider.captureNormally();

    const second = startServerProcess(shopEnv);
    started.push(second);
    const api2 = apiClient(await waitForListening(second));
    const killedAt = Date.now();
    // The killed request's lease ends (the provider's time limit + 10 s), then the recovery
    // pass settles it.
    await expect
      .poll(async () => (await api2('GET', `/api/orders/${orderId}`, token)).json.isPaid, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(true);
    const settledAfterMs = Date.now() - killedAt;
    const now = (await api2('GET', `/api/products/${product._id}`)).json as unknown as Product;
    expect(now.countInStock).toBe(product.countInStock - 2);
    // The provider was asked, never charged twice.
    expect(provider.capturesOf(providerOrderId)).toBe(1);
    expect(provider.captureCalls()).toBe(1);
    console.log(
      `killed between ${provider.name}'s capture and the shop's confirmation; paid ${settledAfterMs} ms after the restart, stock taken once`,
    );
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  } finally {
    killStillRunning(started);
  }
}

describe.each([
  ['PayPal', async () => paypalUnderTest(await PayPalStandIn.start())],
  ['Stripe', async () => stripeUnderTest(await StripeStandIn.start())],
] as const)('SIGKILL between the capture at %s and its confirmation', (_name, start) => {
  let provider: ProviderUnderTest;
  const cleanups: (() => void)[] = [];
  beforeAll(async () => {
    provider = await start();
  });
  afterAll(async () => {
    for (const cleanup of cleanups) cleanup();
    await provider?.close();
  });

  it('on the embedded database: the order is paid after the restart, the money and stock taken once', async () => {
    provider.reset();
    const dataDir = mkdtempSync(join(tmpdir(), 'proshop-faults-capture-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await killedBetweenCaptureAndConfirm(provider, { DATA_DIR: dataDir });
  });

  it.skipIf(!findPostgresBin())(
    'on PostgreSQL: the order is paid after the restart, the money and stock taken once',
    noPostgresServer,
    async () => {
      provider.reset();
      const pg = await startThrowawayPostgres();
      cleanups.push(() => pg.destroy());
      await killedBetweenCaptureAndConfirm(provider, { DATABASE_URL: pg.url });
    },
  );
});
