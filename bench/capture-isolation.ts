// Bench (not a test): does a slow PayPal capture hold up the rest of the shop? The shop runs as
// in production (apps/server/dist/server.js) against the PayPal REST stand-in, whose captures
// answer after CAPTURE_MS (2 s). One shopper reads My Orders (GET /api/orders/myorders, a database
// read) over and over, first with nothing else going on, then while PAYERS other shoppers pay
// orders one after another, so that some capture is always waiting on PayPal. Before issue #15
// the capture ran inside the payment's transaction: on the embedded database, which has one
// connection, every other request waited for it (a sign-in took 1.9 s during a 2 s capture).
//
//   npm run build && npm run bench -- capture
//   Options: CAPTURE_MS=2000 PHASE_S=10 (seconds of each phase) PAYERS=4
//   SMOKE=1: CAPTURE_MS=200 PHASE_S=1 PAYERS=2 (bench/lib/smoke.mjs)
//   On PostgreSQL as well when DATABASE_URL or TEST_DATABASE_URL is set.
//
// Baseline, measured in the same run: the same reads with no capture under way. Goal (issue
// #15): p99 during the captures within 50 ms of the idle p99, on PGlite and on PostgreSQL.
import { performance } from 'node:perf_hooks';
import { computeOrderPrices } from '@proshop/domain/prices';
import { PayPalStandIn } from '../apps/server/test/helpers/paypal-stand-in.ts';
import { createDatabase, postgresServerUrl, startShop } from './lib/processes.mjs';
import { reportRow, round } from './lib/report.mjs';
import { mustHold, sizeOption, smoke } from './lib/smoke.mjs';
import { median, percentile } from './lib/timing.ts';

const CAPTURE_MS = sizeOption('CAPTURE_MS', 2_000, 200);
const PHASE_MS = sizeOption('PHASE_S', 10, 1) * 1_000;
const PAYERS = sizeOption('PAYERS', 4, 2);
const DEMO_PASSWORD = 'bench-demo-password';
const GOAL_MS = 50;
const address = { address: '1 Bench St', city: 'Benchville', postalCode: '12345', country: 'USA' };

type Json = Record<string, unknown>;

async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json().catch(() => ({}))) as Json;
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Milliseconds of each My Orders read made during `ms`, one after another. */
async function readsFor(base: string, token: string, ms: number): Promise<number[]> {
  const times: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const started = performance.now();
    await call(base, 'GET', '/api/orders/myorders', token);
    times.push(performance.now() - started);
  }
  return times;
}

async function measure(
  kind: 'embedded' | 'PostgreSQL',
  standIn: PayPalStandIn,
  databaseUrl?: string,
) {
  const shop = await startShop({
    ...(databaseUrl ? { databaseUrl } : {}),
    env: {
      DEMO_PASSWORD,
      PAYPAL_CLIENT_ID: standIn.clientId,
      PAYPAL_CLIENT_SECRET: standIn.clientSecret,
      PAYPAL_API_BASE: standIn.url,
      ALLOW_TEST_PAYMENTS: '0',
    },
  });
  try {
    const signIn = (email: string) =>
      call(shop.base, 'POST', '/api/users/login', undefined, { email, password: DEMO_PASSWORD });
    const admin = (await signIn('admin@example.com')).token as string;
    const reader = (await signIn('jane@example.com')).token as string;
    const payer = (await signIn('john@example.com')).token as string;
    // A product with stock enough for every payment of the run.
    const [product] = (await call(shop.base, 'GET', '/api/products')).products as Json[];
    await call(shop.base, 'PUT', `/api/products/${product!._id as string}`, admin, {
      ...product,
      countInStock: 100_000,
    });
    const prices = computeOrderPrices([{ price: product!.price as number, qty: 1 }]);
    let paid = 0;
    const payLoop = async (until: number) => {
      while (performance.now() < until) {
        const order = await call(shop.base, 'POST', '/api/orders', payer, {
          orderItems: [{ product: product!._id, qty: 1 }],
          shippingAddress: address,
          paymentMethod: 'PayPal',
          ...prices,
        });
        const orderId = order._id as string;
        const { providerOrderId } = await call(
          shop.base,
          'POST',
          `/api/orders/${orderId}/payment`,
          payer,
        );
        await call(shop.base, 'PUT', `/api/orders/${orderId}/pay`, payer, { providerOrderId });
        paid += 1;
      }
    };

    standIn.setCaptureBehaviour({ kind: 'slow', delayMs: CAPTURE_MS });
    await readsFor(shop.base, reader, smoke ? 200 : 1_000); // warm-up
    const idle = await readsFor(shop.base, reader, PHASE_MS);
    const until = performance.now() + PHASE_MS + CAPTURE_MS;
    const payers = Array.from({ length: PAYERS }, () => payLoop(until));
    // The first captures are on their way before the reads are counted.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const busy = await readsFor(shop.base, reader, PHASE_MS);
    await Promise.all(payers);

    mustHold(paid > 0, `${kind}: no order was paid during the captures`);
    const idleP99 = percentile(idle, 99);
    const busyP99 = percentile(busy, 99);
    console.log(
      `${kind}: ${paid} orders paid with ${CAPTURE_MS} ms captures; My Orders read ${idle.length} times idle ` +
        `(median ${round(median(idle))} ms) and ${busy.length} times during the captures (median ${round(median(busy))} ms)`,
    );
    reportRow({
      figure: `GET /api/orders/myorders p99 during ${CAPTURE_MS} ms captures (${kind})`,
      value: round(busyP99),
      unit: 'ms',
      baseline: round(idleP99),
      baselineName: 'p99 with no capture under way',
      goal: `within ${GOAL_MS} ms of the baseline`,
      ok: busyP99 - idleP99 <= GOAL_MS,
    });
  } finally {
    await shop.stop();
  }
}

const standIn = await PayPalStandIn.start();
try {
  await measure('embedded', standIn);
  const serverUrl = postgresServerUrl();
  if (serverUrl) {
    const database = await createDatabase(serverUrl);
    try {
      await measure('PostgreSQL', standIn, database.url);
    } finally {
      await database.drop();
    }
  } else {
    console.log('PostgreSQL part skipped: set DATABASE_URL or TEST_DATABASE_URL');
  }
} finally {
  await standIn.close();
}
