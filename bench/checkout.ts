// Bench (not a test): checkouts per second on PostgreSQL. The shop runs as in production
// (apps/server/dist/server.js, NODE_ENV=production, test payments) on a throwaway database;
// CONCURRENCY shoppers, each signed in through POST /api/users/login, check out over and over
// for DURATION seconds, each checkout the three calls the order page makes:
//   POST /api/orders                       the order, at the prices the shopper saw
//   POST /api/orders/{id}/payment          the test provider's payment for the order's amount
//   PUT  /api/orders/{id}/pay              capture, stock taken, order paid, receipt queued
// Each order has 1 to 3 lines of PRODUCTS products. Afterwards the database must hold exactly
// the paid orders the shoppers were told about, and the stock taken must add up to their lines.
//
//   npm run build && DATABASE_URL=postgres://... npm run bench -- checkout
//   Options: DURATION=10 (seconds of each side) ROUNDS=5 (slices the sides take turns in)
//   CONCURRENCY=50 PRODUCTS=20, CPU_PROF=<dir> writes a CPU profile of the shop there.
//
// Baseline, measured in the same run with the same client and concurrency: requests per second
// of GET /api/health on the same server (routing and JSON, no database). Goal (bench/README.md):
// at least 200 orders per second, no errors.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { computeOrderPrices } from '@proshop/domain/prices';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/modules/auth/password.ts';
import { createDatabase, postgresServerUrl, startShop } from './lib/processes.mjs';
import { reportRow, round } from './lib/report.mjs';
import { percentile } from './lib/timing.ts';

const DURATION_S = Number(process.env.DURATION ?? 10);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 50);
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 5));
const PRODUCT_COUNT = Number(process.env.PRODUCTS ?? 20);
const GOAL_ORDERS_PER_S = 200;
const PASSWORD = 'bench-shopper-password';
const address = { address: '1 Bench St', city: 'Benchville', postalCode: '12345', country: 'USA' };

const serverUrl = postgresServerUrl();
if (!serverUrl) {
  console.error('Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server (postgres://...)');
  process.exit(1);
}

interface Product {
  id: string;
  price: number;
}

// node:http with kept-alive connections: the bench shares the machine's cores with the shop and
// PostgreSQL, and costs them less than fetch would.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** The shop's answer, or an Error that says which call failed and how. */
function call<T>(base: string, method: string, path: string, token?: string, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<T>((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            reject(new Error(`${method} ${path}: ${status} ${text.slice(0, 200)}`));
          } else {
            resolve(JSON.parse(text) as T);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** CPU milliseconds a process has used so far (Linux's /proc; NaN elsewhere). */
function processCpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Shoppers and products made straight in the database: the bench measures checkout only. */
async function seed(databaseUrl: string): Promise<{ emails: string[]; products: Product[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const hash = await hashPassword(PASSWORD);
    const { rows: shoppers } = await client.query<{ email: string }>(
      `insert into users (name, email, password_hash)
       select 'Bench Shopper ' || n, 'checkout-' || n || '@bench.test', $1
       from generate_series(1, $2::int) n returning email`,
      [hash, CONCURRENCY],
    );
    // Stock for far more orders than the run can place: no checkout runs out.
    const { rows: products } = await client.query<{ id: string; price: string }>(
      `insert into products (name, image, brand, category, description, price, count_in_stock)
       select 'Bench product ' || n, '/images/sample.webp', 'Bench', 'Bench', 'For the bench.',
              (5 + n * 7.25)::numeric(12, 2), 10000000
       from generate_series(1, $1::int) n returning id, price`,
      [PRODUCT_COUNT],
    );
    return {
      emails: shoppers.map((row) => row.email),
      products: products.map((row) => ({ id: row.id, price: Number(row.price) })),
    };
  } finally {
    await client.end();
  }
}

interface Side {
  done: number;
  seconds: number;
  latencies: number[];
  errors: string[];
  /** CPU milliseconds the shop process used while this side ran. */
  shopCpuMs: number;
  benchCpuMs: number;
}

const newSide = (): Side => ({
  done: 0,
  seconds: 0,
  latencies: [],
  errors: [],
  shopCpuMs: 0,
  benchCpuMs: 0,
});

/** Runs `work` in CONCURRENCY loops for `seconds`, adding what happened to `side`. */
async function runFor(
  seconds: number,
  work: (worker: number) => Promise<void>,
  side: Side,
  shopPid: number | undefined,
): Promise<void> {
  const shopCpu = processCpuMs(shopPid);
  const benchCpu = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await work(worker);
          side.latencies.push(performance.now() - t0);
          side.done++;
        } catch (error) {
          side.errors.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  side.seconds += (performance.now() - started) / 1000;
  side.shopCpuMs += processCpuMs(shopPid) - shopCpu;
  const used = process.cpuUsage(benchCpu);
  side.benchCpuMs += (used.user + used.system) / 1000;
}

const database = await createDatabase(serverUrl);
let shop: Awaited<ReturnType<typeof startShop>> | undefined;
try {
  shop = await startShop({
    databaseUrl: database.url,
    env: { DEMO_PASSWORD: randomBytes(12).toString('hex') },
    nodeArgs: process.env.CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF}`] : [],
  });
  const base = shop.base;
  const { emails, products } = await seed(database.url);
  const tokens: string[] = [];
  for (const email of emails) {
    const session = await call<{ token: string }>(base, 'POST', '/api/users/login', undefined, {
      email,
      password: PASSWORD,
    });
    tokens.push(session.token);
  }

  // A deterministic basket per checkout: 1 to 3 different products, 1 or 2 of each.
  let next = 0;
  const basket = () => {
    const n = next++;
    const count = 1 + (n % 3);
    return Array.from({ length: count }, (_, k) => ({
      product: products[(n * 7 + k * 5) % products.length]!,
      qty: 1 + ((n + k) % 2),
    }));
  };
  let paidOrders = 0;
  const taken = new Map<string, number>();
  const checkout = async (worker: number) => {
    const token = tokens[worker]!;
    const lines = basket();
    const order = await call<{ _id: string }>(base, 'POST', '/api/orders', token, {
      orderItems: lines.map(({ product, qty }) => ({ product: product.id, qty })),
      shippingAddress: address,
      paymentMethod: 'PayPal',
      ...computeOrderPrices(lines.map(({ product, qty }) => ({ price: product.price, qty }))),
    });
    const { providerOrderId } = await call<{ providerOrderId: string }>(
      base,
      'POST',
      `/api/orders/${order._id}/payment`,
      token,
    );
    const paid = await call<{ isPaid: boolean }>(
      base,
      'PUT',
      `/api/orders/${order._id}/pay`,
      token,
      { providerOrderId },
    );
    if (!paid.isPaid) throw new Error(`order ${order._id} answered but not paid`);
    paidOrders++;
    for (const { product, qty } of lines) {
      taken.set(product.id, (taken.get(product.id) ?? 0) + qty);
    }
  };
  const health = async () => {
    await call(base, 'GET', '/api/health');
  };

  // Warm-up (JIT, pools, the planner's caches), then both sides take turns in short slices, so
  // that both see the same load of a shared machine, whose load changes by the second.
  await runFor(2, checkout, newSide(), shop.pid);
  await runFor(1, health, newSide(), shop.pid);
  const result = newSide();
  const baseline = newSide();
  const slice = DURATION_S / ROUNDS;
  console.log(`Measuring ${DURATION_S} s of checkouts and ${DURATION_S} s of GET /api/health`);
  for (let round = 0; round < ROUNDS; round++) {
    const turns: [Side, (worker: number) => Promise<void>][] = [
      [result, checkout],
      [baseline, health],
    ];
    for (const [side, work] of round % 2 === 0 ? turns : turns.reverse()) {
      await runFor(slice, work, side, shop.pid);
    }
  }
  const perSecond = (side: Side) => side.done / side.seconds;
  // Where the cores went: on a shared machine this explains a low figure better than the time.
  console.log(
    `CPU per checkout: shop process ${(result.shopCpuMs / result.done).toFixed(2)} ms, ` +
      `this bench ${(result.benchCpuMs / result.done).toFixed(2)} ms ` +
      `(GET /api/health: ${(baseline.shopCpuMs / baseline.done).toFixed(2)} ms a request)`,
  );
  const errors = result.errors.length + baseline.errors.length;
  for (const message of new Set([...result.errors, ...baseline.errors])) {
    console.log(`error: ${message}`);
  }

  // The database must say what the shoppers were told: every paid order, the stock they took.
  const check = new pg.Client({ connectionString: database.url });
  await check.connect();
  const stored = await check.query<{ paid: number }>(
    'select count(*)::int as paid from orders where is_paid',
  );
  const stock = await check.query<{ id: string; count_in_stock: number }>(
    `select id, count_in_stock from products where name like 'Bench product %'`,
  );
  await check.end();
  const stockAddsUp = stock.rows.every(
    (row) => row.count_in_stock === 10_000_000 - (taken.get(row.id) ?? 0),
  );
  const consistent = stored.rows[0]?.paid === paidOrders && stockAddsUp;
  console.log(
    `${result.done} checkouts in ${result.seconds.toFixed(1)} s (${CONCURRENCY} shoppers); ` +
      `database: ${stored.rows[0]?.paid} paid orders, stock ${stockAddsUp ? 'adds up' : 'DOES NOT add up'}`,
  );

  reportRow({
    figure: 'checkouts/s, order + test payment (PostgreSQL)',
    value: round(perSecond(result), 0),
    unit: 'orders/s',
    baseline: round(perSecond(baseline), 0),
    baselineName: 'GET /api/health req/s',
    goal: `>= ${GOAL_ORDERS_PER_S}/s, no errors`,
    ok: perSecond(result) >= GOAL_ORDERS_PER_S && errors === 0 && consistent,
  });
  reportRow({
    figure: 'checkout p99 latency, 3 calls (PostgreSQL)',
    value: round(percentile(result.latencies, 99)),
    unit: 'ms',
    baseline: round(percentile(baseline.latencies, 99)),
    baselineName: 'GET /api/health p99',
  });
} finally {
  agent.destroy();
  await shop?.stop();
  await database.drop();
}
