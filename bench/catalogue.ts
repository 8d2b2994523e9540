// Bench (not a test): the catalogue's filters, sorts and facets (issue 16) on a large catalogue.
// Builds 50,000 products in 10 categories and 16 brands in a throwaway PostgreSQL database, and
// 5,000 on the embedded database (PGlite, in memory), then times through the whole app
// (app.inject: routing, validation, the queries, serialisation) combinations of keyword, two
// facets, a price range and each sort, page 1 and page 1,000, each with its facet counts. Every
// call reads the database: none is answered from the catalogue cache.
//
//   DATABASE_URL=postgres://... npm run bench -- catalogue      (or TEST_DATABASE_URL)
//   Options: PRODUCTS=50000 EMBEDDED_PRODUCTS=5000 RUNS=30; without a server URL only the
//   embedded database is measured. KEEP=1 keeps the PostgreSQL database (URL printed) for EXPLAIN.
//   SMOKE=1: PRODUCTS=300 EMBEDDED_PRODUCTS=100 RUNS=2 (bench/lib/smoke.mjs)
//
// Baseline, measured in the same run on the same database: GET /api/ready (one `select 1`).
// Goal (issue 16): each median under 50 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { createDatabase, postgresServerUrl } from './lib/processes.mjs';
import { CATALOGUE_CASES as CASES } from './lib/catalogue-cases.ts';
import { reportRow, round } from './lib/report.mjs';
import { seedProducts } from './lib/seed-products.ts';
import { sizeOption } from './lib/smoke.mjs';
import { median, percentile, timeRuns, WARM_UP_RUNS } from './lib/timing.ts';

const RUNS = sizeOption('RUNS', 30, 2);
const GOAL_MS = 50;

async function measure(kind: string, database: DatabaseHandle, products: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'proshop-bench-'));
  try {
    await database.migrate();
    const seconds = await seedProducts(database.db, products);
    console.log(
      `\n${kind}: ${products.toLocaleString('en')} products made in ${seconds.toFixed(1)} s`,
    );
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    });
    const app = await buildApp({
      config,
      database,
      jwtSecret: 'bench-secret-bench-secret-0123456789',
    });
    await app.ready();
    // A parameter the API ignores makes every call a new URL: no answer comes from the cache.
    let run = 0;
    const call = async (url: string) => {
      const response = await app.inject(`${url}${url.includes('?') ? '&' : '?'}bench=${run++}`);
      if (response.statusCode !== 200)
        throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      return response;
    };
    const ready = await timeRuns(() => call('/api/ready'), RUNS);
    const baseline = { median: median(ready), p95: percentile(ready, 95) };
    console.log(
      `Median and p95 of ${RUNS} runs after ${WARM_UP_RUNS} warm-up runs (app.inject, ${kind}):`,
    );
    console.log(
      `  ${'GET /api/ready (baseline)'.padEnd(52)} median ${baseline.median.toFixed(1).padStart(6)} ms   p95 ${baseline.p95.toFixed(1).padStart(6)} ms`,
    );
    for (const { label, query } of CASES) {
      for (const page of [1, 1000]) {
        const url = `/api/products?${query}${query ? '&' : ''}pageNumber=${page}`;
        const body = (await call(url)).json<{ pages: number; products: unknown[] }>();
        const times = await timeRuns(() => call(url), RUNS);
        const result = { median: median(times), p95: percentile(times, 95) };
        const name = `${label}, page ${page}`;
        console.log(
          `  ${name.padEnd(52)} median ${result.median.toFixed(1).padStart(6)} ms   p95 ${result.p95.toFixed(1).padStart(6)} ms   (${body.pages} pages, ${body.products.length} on this one)`,
        );
        reportRow({
          figure: `${kind}: ${name} median`,
          value: round(result.median),
          unit: 'ms',
          baseline: round(baseline.median),
          baselineName: 'GET /api/ready median',
          goal: `< ${GOAL_MS} ms`,
          ok: result.median < GOAL_MS,
        });
      }
    }
    await app.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const serverUrl = postgresServerUrl();
if (serverUrl) {
  const target = await createDatabase(serverUrl);
  const database = await openDatabase({ url: target.url, maxConnections: 10 });
  try {
    await measure('PostgreSQL', database, sizeOption('PRODUCTS', 50_000, 300));
  } finally {
    await database.close();
    if (process.env.KEEP === '1') console.log(`Kept the database: ${target.url}`);
    else await target.drop();
  }
} else {
  console.log('No DATABASE_URL or TEST_DATABASE_URL: only the embedded database is measured.');
}
const embedded = await openDatabase({});
try {
  await measure('PGlite', embedded, sizeOption('EMBEDDED_PRODUCTS', 5_000, 100));
} finally {
  await embedded.close();
}
