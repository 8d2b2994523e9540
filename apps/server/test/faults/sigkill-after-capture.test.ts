import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeOrderPrices } from '@proshop/domain/prices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayPalStandIn } from '../helpers/paypal-stand-in.ts';
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
/** Short, so that the lease of the killed capture (5 calls + 10 s) ends within the test. */
const PAYPAL_TIMEOUT_MS = '2000';
const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

interface Product {
  _id: string;
  price: number;
  countInStock: number;
}

/**
 * PayPal takes the money, and the shop is killed with SIGKILL before it hears back: the capture
 * was made, the order not yet marked paid. After a restart the recovery pass asks PayPal about
 * the order and marks it paid, with its stock taken once.
 */
async function killedBetweenCaptureAndConfirm(standIn: PayPalStandIn, env: Record<string, string>) {
  const shopEnv = {
    DEMO_PASSWORD,
    LOG_LEVEL: 'info',
    PAYPAL_CLIENT_ID: standIn.clientId,
    PAYPAL_CLIENT_SECRET: standIn.clientSecret,
    PAYPAL_API_BASE: standIn.url,
    PAYPAL_TIMEOUT_MS,
    ...env,
  };
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
      paymentMethod: 'PayPal',
      ...computeOrderPrices([{ price: product.price, qty: 2 }]),
    });
    expect(order.status).toBe(201);
    const orderId = order.json._id as string;
    const payment = await api('POST', `/api/orders/${orderId}/payment`, token);
    expect(payment.status).toBe(200);
    const providerOrderId = payment.json.providerOrderId as string;

    standIn.setCaptureBehaviour({ kind: 'captured-no-answer' });
    const paying = api('PUT', `/api/orders/${orderId}/pay`, token, { providerOrderId }).catch(
      () => undefined,
    );
    await expect
      .poll(() => standIn.orders.get(providerOrderId)?.captures.length ?? 0, { timeout: 30_000 })
      .toBe(1);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await paying).toBeUndefined();
    standIn.setCaptureBehaviour({ kind: 'completed' });

    const second = startServerProcess(shopEnv);
    started.push(second);
    const api2 = apiClient(await waitForListening(second));
    const killedAt = Date.now();
    // The killed request's lease ends (at most 5 × 2 s + 10 s), then the recovery pass settles it.
    await expect
      .poll(async () => (await api2('GET', `/api/orders/${orderId}`, token)).json.isPaid, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(true);
    const settledAfterMs = Date.now() - killedAt;
    const now = (await api2('GET', `/api/products/${product._id}`)).json as unknown as Product;
    expect(now.countInStock).toBe(product.countInStock - 2);
    // PayPal was asked, never charged twice.
    expect(standIn.orders.get(providerOrderId)!.captures).toHaveLength(1);
    expect(standIn.requestsTo('POST', /\/capture$/)).toHaveLength(1);
    console.log(
      `killed between PayPal's capture and the shop's confirmation; paid ${settledAfterMs} ms after the restart, stock taken once`,
    );
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  } finally {
    killStillRunning(started);
  }
}

describe('SIGKILL between the capture at PayPal and its confirmation', () => {
  let standIn: PayPalStandIn;
  const cleanups: (() => void)[] = [];
  beforeAll(async () => {
    standIn = await PayPalStandIn.start();
  });
  afterAll(async () => {
    for (const cleanup of cleanups) cleanup();
    await standIn?.close();
  });

  it('on the embedded database: the order is paid after the restart, the money and stock taken once', async () => {
    standIn.reset();
    const dataDir = mkdtempSync(join(tmpdir(), 'proshop-faults-capture-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await killedBetweenCaptureAndConfirm(standIn, { DATA_DIR: dataDir });
  });

  it.skipIf(!findPostgresBin())(
    'on PostgreSQL: the order is paid after the restart, the money and stock taken once',
    noPostgresServer,
    async () => {
      standIn.reset();
      const pg = await startThrowawayPostgres();
      cleanups.push(() => pg.destroy());
      await killedBetweenCaptureAndConfirm(standIn, { DATABASE_URL: pg.url });
    },
  );
});
