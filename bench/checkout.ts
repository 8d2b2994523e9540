// Bench (not a test): checkouts per second on PostgreSQL. The shop runs as in production
// (apps/server/dist/server.js, NODE_ENV=production, test payments) on a throwaway database. Its
// data is made as a real shop's is, through the shop's own API: the admin (the demo seed's)
// makes PRODUCTS products with the demo catalogue's pictures, half of them with options (Size ×
// Colour, six variants, L dearer); CONCURRENCY shoppers register (POST /api/users) and follow the
// confirmation link the shop e-mailed them (its outbox folder). Then they check out over and over
// for DURATION seconds, each checkout the three calls the order page makes:
//   POST /api/orders                       the order, at the prices the shopper saw
//   POST /api/orders/{id}/payment          the test provider's payment for the order's amount
//   PUT  /api/orders/{id}/pay              capture, stock taken, order paid, receipt queued
// Each order has 1 to 3 lines (a variant each). Afterwards the database must hold exactly the
// paid orders the shoppers were told about, and the stock taken must add up to their lines.
//
//   npm run build && DATABASE_URL=postgres://... npm run bench -- checkout
//   Options: DURATION=10 (seconds of each side) ROUNDS=5 (slices the sides take turns in)
//   CONCURRENCY=50 PRODUCTS=20, CPU_PROF=<dir> writes a CPU profile of the shop there.
//   ORDERS_PRESENT=10000000 (default 0) first stores that many orders of PRESENT_SHOPPERS
//   shoppers (default a tenth of them) over 3 years with bench/lib/seed-orders.ts, so that the
//   checkouts are timed on a shop with a history (issue #40: >= 200 orders/s with 10 M present).
//   SMOKE=1: DURATION=1 ROUNDS=1 CONCURRENCY=4 PRODUCTS=4 ORDERS_PRESENT=200, a 0.5 s warm-up
//   (bench/lib/smoke.mjs)
//
// Baseline, measured in the same run with the same client and concurrency: requests per second
// of GET /api/health on the same server (routing and JSON, no database). Goal (bench/README.md):
// at least 200 orders per second, no errors.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { computeOrderPrices } from '@proshop/domain/prices';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createDatabase, postgresServerUrl, startShop } from './lib/processes.mjs';
import { seedOrders } from './lib/seed-orders.ts';
import { reportRow, round } from './lib/report.mjs';
import { mustHold, sizeOption, smoke } from './lib/smoke.mjs';
import { percentile } from './lib/timing.ts';

const DURATION_S = sizeOption('DURATION', 10, 1);
const CONCURRENCY = sizeOption('CONCURRENCY', 50, 4);
const ROUNDS = Math.max(1, sizeOption('ROUNDS', 5, 1));
const PRODUCT_COUNT = sizeOption('PRODUCTS', 20, 4);
const ORDERS_PRESENT = sizeOption('ORDERS_PRESENT', 0, 200);
const PRESENT_SHOPPERS = sizeOption(
  'PRESENT_SHOPPERS',
  Math.max(1, Math.floor(ORDERS_PRESENT / 10)),
  20,
);
const WARM_UP_S = smoke ? 0.5 : 2;
const GOAL_ORDERS_PER_S = 200;
/** Each variant's stock: the most the admin's forms take, far more than a run can sell. */
const STOCK = 1_000_000;
const PASSWORD = 'bench-shopper-password';
const address = { address: '1 Bench St', city: 'Benchville', postalCode: '12345', country: 'USA' };

const serverUrl = postgresServerUrl();
if (!serverUrl) {
  console.error('Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server (postgres://...)');
  process.exit(1);
}

/** One variant a shopper can put in an order: the line it makes and its unit price. */
interface Sellable {
  product: string;
  /** Sent for a product with options; a product without has one variant, taken by default. */
  variant: string;
  withOptions: boolean;
  price: number;
}

interface ProductDetail {
  _id: string;
  price: number;
  images: string[];
  variants: { _id: string; price: number | null; countInStock: number }[];
}

// node:http with kept-alive connections: the bench shares the machine's cores with the shop and
// PostgreSQL, and costs them less than fetch would.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** The shop's answer, or an Error that says which call failed and how. */
function call<T>(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<T>((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...headers,
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

/**
 * The catalogue, made by the demo admin through the admin API as a merchant makes it: a sample
 * product filled in by the edit form (a demo product's pictures), then for every other one its
 * options and variants. Answers every variant a shopper can buy.
 */
async function makeCatalogue(base: string, adminPassword: string): Promise<Sellable[]> {
  const admin = await call<{ token: string }>(base, 'POST', '/api/users/login', undefined, {
    email: 'admin@example.com',
    password: adminPassword,
  });
  const demo = await call<{ products: { images: string[] }[] }>(base, 'GET', '/api/products');
  const sellables: Sellable[] = [];
  for (let n = 1; n <= PRODUCT_COUNT; n++) {
    const { _id: id } = await call<{ _id: string }>(base, 'POST', '/api/products', admin.token);
    const price = round(5 + n * 7.25, 2);
    await call(base, 'PUT', `/api/products/${id}`, admin.token, {
      name: `Bench product ${n}`,
      price,
      images: demo.products[n % demo.products.length]!.images,
      brand: 'Bench',
      category: 'Bench',
      countInStock: STOCK,
      description: 'For the bench.',
      // A new product is a draft: made active so shoppers can buy it.
      status: 'active',
    });
    const withOptions = n % 2 === 0;
    const detail = withOptions
      ? await call<ProductDetail>(base, 'PUT', `/api/products/${id}/variants`, admin.token, {
          options: [
            { name: 'Size', values: ['S', 'M', 'L'] },
            { name: 'Colour', values: ['Black', 'White'] },
          ],
          variants: ['S', 'M', 'L'].flatMap((size) =>
            ['Black', 'White'].map((colour) => ({
              sku: `BENCH-${n}-${size}-${colour}`,
              options: { Size: size, Colour: colour },
              price: size === 'L' ? price + 5 : null,
              countInStock: STOCK,
              image: null,
              active: true,
            })),
          ),
        })
      : await call<ProductDetail>(base, 'GET', `/api/products/${id}`);
    for (const variant of detail.variants) {
      mustHold(variant.countInStock === STOCK, `variant ${variant._id} has ${STOCK} in stock`);
      sellables.push({
        product: id,
        variant: variant._id,
        withOptions,
        price: variant.price ?? price,
      });
    }
  }
  return sellables;
}

/** A confirmation link's token, from an .eml file of the outbox (quoted-printable text). */
function confirmationToken(message: string): string | undefined {
  return /\/confirm-email\/([\w-]+)/.exec(message.replace(/=\r?\n/g, ''))?.[1];
}

/**
 * CONCURRENCY shoppers, each registered through the API (from an address of its own, behind
 * TRUST_PROXY, so that the registration limit per address stays out of the way) and confirmed by
 * the link the shop e-mailed. Answers their session tokens.
 */
async function registerShoppers(base: string, outboxDir: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let n = 0; n < CONCURRENCY; n++) {
    const account = await call<{ token: string }>(
      base,
      'POST',
      '/api/users',
      undefined,
      { name: `Bench Shopper ${n}`, email: `checkout-${n}@bench.test`, password: PASSWORD },
      { 'x-forwarded-for': `10.8.${n >> 8}.${n & 255}` },
    );
    tokens.push(account.token);
  }
  // The outbox worker writes the e-mails in the background: wait for all of them.
  let links: string[] = [];
  for (let waited = 0; links.length < CONCURRENCY && waited < 60_000; waited += 200) {
    await sleep(200);
    const files = (() => {
      try {
        return readdirSync(outboxDir).filter((name) => name.endsWith('.eml'));
      } catch {
        return [];
      }
    })();
    links = files.flatMap(
      (name) => confirmationToken(readFileSync(join(outboxDir, name), 'utf8')) ?? [],
    );
  }
  if (links.length < CONCURRENCY) {
    throw new Error(
      `${links.length} confirmation e-mails in ${outboxDir}, ${CONCURRENCY} expected`,
    );
  }
  for (const token of links) {
    await call(base, 'POST', '/api/users/confirm-email', undefined, { token });
  }
  return tokens;
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
const adminPassword = randomBytes(12).toString('hex');
let shop: Awaited<ReturnType<typeof startShop>> | undefined;
try {
  shop = await startShop({
    databaseUrl: database.url,
    env: { DEMO_PASSWORD: adminPassword, TRUST_PROXY: '1' },
    nodeArgs: process.env.CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF}`] : [],
  });
  const base = shop.base;
  const sellables = await makeCatalogue(base, adminPassword);
  const tokens = await registerShoppers(base, join(shop.dataDir, 'outbox'));
  console.log(
    `${PRODUCT_COUNT} products with ${sellables.length} variants, ${tokens.length} confirmed shoppers`,
  );
  // The history the checkouts are timed on, made inside PostgreSQL in batches (issue #40).
  let paidBefore = 0;
  if (ORDERS_PRESENT > 0) {
    const history = await openDatabase({ url: database.url, maxConnections: 2 });
    try {
      const made = await seedOrders(history.db, {
        shoppers: PRESENT_SHOPPERS,
        orders: ORDERS_PRESENT,
      });
      console.log(
        `${ORDERS_PRESENT.toLocaleString('en')} orders of ${PRESENT_SHOPPERS.toLocaleString('en')} ` +
          `shoppers present, made in ${made.seconds.toFixed(1)} s`,
      );
    } finally {
      await history.close();
    }
    const before = new pg.Client({ connectionString: database.url });
    await before.connect();
    paidBefore = (
      await before.query<{ paid: number }>('select count(*)::int as paid from orders where is_paid')
    ).rows[0]!.paid;
    await before.end();
  }

  // A deterministic basket per checkout: 1 to 3 different variants, 1 or 2 of each.
  let next = 0;
  const basket = () => {
    const n = next++;
    const count = 1 + (n % 3);
    return Array.from({ length: count }, (_, k) => ({
      item: sellables[(n * 7 + k * 5) % sellables.length]!,
      qty: 1 + ((n + k) % 2),
    }));
  };
  let paidOrders = 0;
  const taken = new Map<string, number>();
  const checkout = async (worker: number) => {
    const token = tokens[worker]!;
    const lines = basket();
    const order = await call<{ _id: string }>(base, 'POST', '/api/orders', token, {
      orderItems: lines.map(({ item, qty }) => ({
        product: item.product,
        ...(item.withOptions ? { variant: item.variant } : {}),
        qty,
      })),
      shippingAddress: address,
      paymentMethod: 'PayPal',
      ...computeOrderPrices(lines.map(({ item, qty }) => ({ price: item.price, qty }))),
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
    for (const { item, qty } of lines) {
      taken.set(item.variant, (taken.get(item.variant) ?? 0) + qty);
    }
  };
  const health = async () => {
    await call(base, 'GET', '/api/health');
  };

  // Warm-up (JIT, pools, the planner's caches), then both sides take turns in short slices, so
  // that both see the same load of a shared machine, whose load changes by the second.
  const warmUp = newSide();
  await runFor(WARM_UP_S, checkout, warmUp, shop.pid);
  await runFor(WARM_UP_S / 2, health, warmUp, shop.pid);
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
  const errors = warmUp.errors.length + result.errors.length + baseline.errors.length;
  for (const message of new Set([...warmUp.errors, ...result.errors, ...baseline.errors])) {
    console.log(`error: ${message}`);
  }
  mustHold(errors === 0, `${errors} calls failed`);
  mustHold(result.done > 0 && baseline.done > 0, 'checkouts and health requests were measured');

  // The database must say what the shoppers were told: every paid order, the stock they took.
  const check = new pg.Client({ connectionString: database.url });
  await check.connect();
  const stored = await check.query<{ paid: number }>(
    'select count(*)::int as paid from orders where is_paid',
  );
  const stock = await check.query<{ id: string; count_in_stock: number }>(
    'select id, count_in_stock from product_variants where id = any($1::uuid[])',
    [sellables.map((item) => item.variant)],
  );
  await check.end();
  const stockAddsUp =
    stock.rows.length === sellables.length &&
    stock.rows.every((row) => row.count_in_stock === STOCK - (taken.get(row.id) ?? 0));
  const consistent = stored.rows[0]?.paid === paidBefore + paidOrders && stockAddsUp;
  mustHold(consistent, 'the database holds the paid orders and the stock they took');
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
