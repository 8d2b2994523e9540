// Bench (not a test): the checkout's quote with a shipping address (issue #38), on the demo data.
// Migrates a fresh database, seeds the demo catalogue and its shipping and tax rules (the seed's),
// and times through the whole app (app.inject: routing, validation, the catalogue's prices and
// stock, the merchant's zones, methods, classes and rates read from the database, the price rule,
// serialisation) POST /api/checkout/quote for a cart of 10 lines with a Berlin address, as the
// checkout's shipping step asks it. Measured on the embedded database (PGlite) always, and on
// PostgreSQL too when a server URL is given.
//
//   npx tsx bench/quote.ts          (npm run bench:quote; or npm run bench -- quote)
//   DATABASE_URL=postgres://... npm run bench:quote      (or TEST_DATABASE_URL)
//   Options: RUNS=300 (requests of each side), LINES=10.
//   SMOKE=1: RUNS=5 (bench/lib/smoke.mjs)
//
// Baseline, measured in the same run on the same app, the two sides taking turns request by
// request: the same quote without the address (items and discount only: the catalogue's reads and
// the shop's rules, nothing priced for an address). Goal (issue #38): the quote with the address
// is one round trip under 20 ms median.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Quote } from '@proshop/domain/checkout-schemas';
import type { ProductDetail } from '@proshop/domain/product-schemas';
import { buildApp } from '../apps/server/src/app.ts';
import { seedDemoData } from '../apps/server/src/commands/seed/seed.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { createDatabase, postgresServerUrl } from './lib/processes.mjs';
import { reportRow, round } from './lib/report.mjs';
import { mustHold, sizeOption } from './lib/smoke.mjs';
import { median, percentile, WARM_UP_RUNS } from './lib/timing.ts';

const RUNS = sizeOption('RUNS', 300, 5);
const LINES = sizeOption('LINES', 10, 10);
const GOAL_MS = 20;
const ADDRESS = {
  name: 'Bench Buyer',
  address: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
};

type Line = { product: string; variant: string; qty: number };
type App = Awaited<ReturnType<typeof buildApp>>;

/** LINES lines of the demo catalogue: variants on offer with stock, one of each. */
async function cartOf(app: App): Promise<Line[]> {
  const list = await app.inject('/api/products');
  const { products } = list.json<{ products: { _id: string }[] }>();
  const lines: Line[] = [];
  for (const { _id } of products) {
    const detail = (await app.inject(`/api/products/${_id}`)).json<ProductDetail>();
    for (const variant of detail.variants) {
      if (lines.length < LINES && variant.active && variant.countInStock > 0) {
        lines.push({ product: _id, variant: variant._id, qty: 1 });
      }
    }
  }
  mustHold(lines.length === LINES, `only ${lines.length} lines to buy in the demo catalogue`);
  return lines;
}

async function measure(kind: string, database: DatabaseHandle) {
  const dataDir = mkdtempSync(join(tmpdir(), 'proshop-bench-'));
  try {
    await database.migrate();
    await seedDemoData(database.db, 'bench-demo-password');
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      PAGE_SIZE: '100',
    });
    const app = await buildApp({
      config,
      database,
      jwtSecret: 'bench-secret-bench-secret-0123456789',
    });
    await app.ready();
    const orderItems = await cartOf(app);
    let failures = 0;
    const quote = async (withAddress: boolean) => {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/checkout/quote',
        payload: withAddress ? { orderItems, shippingAddress: ADDRESS } : { orderItems },
      });
      const ms = performance.now() - started;
      const answer = response.json<Quote>();
      const priced = answer.totalPrice !== null && (answer.shippingOptions?.length ?? 0) > 0;
      if (response.statusCode !== 200 || priced !== withAddress) {
        failures += 1;
        if (failures === 1)
          console.error(`quote answered ${response.statusCode}: ${response.body}`);
      }
      return ms;
    };
    for (let i = 0; i < WARM_UP_RUNS; i++) {
      await quote(true);
      await quote(false);
    }
    // The two sides take turns, so that both meet the same load of the machine.
    const withAddress: number[] = [];
    const without: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      withAddress.push(await quote(true));
      without.push(await quote(false));
    }
    const sample = (
      await app.inject({
        method: 'POST',
        url: '/api/checkout/quote',
        payload: { orderItems, shippingAddress: ADDRESS },
      })
    ).json<Quote>();
    console.log(
      `\n${kind}: ${RUNS} quotes of each side after ${WARM_UP_RUNS} warm-up runs (app.inject), ` +
        `${LINES} lines, ${sample.itemsPrice.toFixed(2)} of items; to ${ADDRESS.country}: ` +
        `shipping ${sample.shippingPrice} by ${sample.shippingOptions?.map((o) => o.name).join(', ')}, ` +
        `tax ${sample.taxPrice} (${sample.taxLines.map((l) => `${l.name} ${l.basisPoints / 100}%`).join(', ')}), total ${sample.totalPrice}`,
    );
    for (const [name, times] of [
      ['with the address', withAddress],
      ['without (baseline)', without],
    ] as const) {
      console.log(
        `  ${name.padEnd(20)} median ${median(times).toFixed(2).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(2).padStart(7)} ms`,
      );
    }
    reportRow({
      figure: `${kind}: POST /api/checkout/quote, ${LINES} lines with an address, median`,
      value: round(median(withAddress), 2),
      unit: 'ms',
      baseline: round(median(without), 2),
      baselineName: 'the same quote without an address, median',
      goal: `< ${GOAL_MS} ms`,
      ok: median(withAddress) < GOAL_MS,
      errors: failures,
    });
    reportRow({
      figure: `${kind}: POST /api/checkout/quote, ${LINES} lines with an address, p95`,
      value: round(percentile(withAddress, 95), 2),
      unit: 'ms',
      baseline: round(percentile(without, 95), 2),
      baselineName: 'the same quote without an address, p95',
      goal: 'report only',
    });
    await app.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const embedded = await openDatabase({});
try {
  await measure('PGlite', embedded);
} finally {
  await embedded.close();
}

const serverUrl = postgresServerUrl();
if (serverUrl) {
  const target = await createDatabase(serverUrl);
  const database = await openDatabase({ url: target.url, maxConnections: 10 });
  try {
    await measure('PostgreSQL', database);
  } finally {
    await database.close();
    await target.drop();
  }
} else {
  console.log('No DATABASE_URL or TEST_DATABASE_URL: only the embedded database was measured.');
}
