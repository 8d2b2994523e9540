/* global fetch, setInterval, clearInterval -- Node 20 has them built in. */
// Bench (not a test): memory of the shop's server process (RSS, from /proc/<pid>/status) idle
// after start-up, under an API load and idle again, against the floor of Node itself: a bare
// node:http server in its own process, measured in the same run. The shop runs as in production
// (apps/server/dist/server.js, NODE_ENV=production, demo catalogue) on a fresh embedded
// database and, when DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on a throwaway
// database there (dropped at the end).
//
//   npm run build && node bench/memory.mjs     Options: LOAD_SECONDS=20 (the load's length),
//                                              IDLE_SECONDS=30 (idle time after it),
//                                              SHOP_NODE_ARGS="--flag ..." (node flags to try)
//   SMOKE=1: LOAD_SECONDS=1 IDLE_SECONDS=0, the RSS read once it settles for 0.5 s (at most 2 s)
//
// Goals (issue 23): embedded ≤ 300 MB idle and ≤ 400 MB under load; PostgreSQL-backed ≤ 150 MB
// idle. The load: autocannon (50 connections) cycling through the catalogue reads (every
// product, both list pages, the top products), searches and server-written product pages.
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { load } from './lib/load.mjs';
import { breakdownOf, memoryOf, probeModule, settledMemory } from './lib/memory.mjs';
import { createDatabase, postgresServerUrl, startBareServer, startShop } from './lib/processes.mjs';
import { atMost, reportRow, round } from './lib/report.mjs';
import { sizeOption } from './lib/smoke.mjs';

const LOAD_SECONDS = sizeOption('LOAD_SECONDS', 20, 1);
const IDLE_SECONDS = sizeOption('IDLE_SECONDS', 30, 0);
const GOALS = {
  embedded: { idle: 300, load: 400 },
  PostgreSQL: { idle: 150, load: undefined },
};

async function nodeFloor() {
  const bare = await startBareServer({ '/': '{}' });
  try {
    return (await settledMemory(bare.pid)).rss;
  } finally {
    await bare.stop();
  }
}

/** The paths the load cycles through, read from the shop's own catalogue. */
async function loadRequests(base) {
  const first = await (await fetch(`${base}/api/products`)).json();
  const second = await (await fetch(`${base}/api/products?pageNumber=2`)).json();
  const ids = [...first.products, ...second.products].map((product) => product._id);
  const words = ['a', 'phone', 'camera', 'mouse', 'xyz', 'pro'];
  const page = { headers: { 'accept-encoding': 'br, gzip' } };
  return [
    { path: '/api/products' },
    { path: '/api/products?pageNumber=2' },
    { path: '/api/products/top' },
    ...ids.map((id) => ({ path: `/api/products/${id}` })),
    ...words.map((word) => ({ path: `/api/products?keyword=${word}` })),
    ...ids.map((id) => ({ path: `/product/${id}`, ...page })),
    { path: '/', ...page },
  ];
}

function describe(label, parts) {
  const mb = (value) => `${round(value, 0)} MB`;
  console.log(
    `  ${label}: V8 heap ${mb(parts.heapUsed)} used of ${mb(parts.heapTotal)}, external ` +
      `${mb(parts.external)} (WebAssembly memory ${mb(parts.wasm)}, ArrayBuffers ` +
      `${mb(parts.arrayBuffers)}), malloc heap ${mb(parts.mallocHeap)} + thread arenas ` +
      `${mb(parts.mallocArenas)}`,
  );
}

async function measureOn(kind, floor, databaseUrl) {
  const probeFile = join(tmpdir(), `proshop-memory-${process.pid}.json`);
  const shop = await startShop({
    databaseUrl,
    nodeArgs: [
      ...(process.env.SHOP_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      probeModule,
    ],
    env: { MEMORY_PROBE_FILE: probeFile },
  });
  try {
    const goals = GOALS[kind];
    const startup = memoryOf(shop.pid).hwm;
    const idle = await settledMemory(shop.pid);
    describe(`${kind}, idle`, await breakdownOf(shop.pid, probeFile));

    const requests = await loadRequests(shop.base);
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(shop.pid).rss)), 250);
    const result = await load(shop.base, LOAD_SECONDS, [], {}, requests);
    clearInterval(sampler);
    const failures = result.errors + result.timeouts + result.non2xx;
    describe(`${kind}, after the load`, await breakdownOf(shop.pid, probeFile));
    // Idle as a shop is between customers: V8 gives back its grown heap only after a while.
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const after = await settledMemory(shop.pid);

    const row = (figure, value, goal, extra = {}) =>
      reportRow({
        figure: `${figure} (${kind})`,
        value: round(value, 0),
        unit: 'MB',
        baseline: round(floor, 0),
        baselineName: 'bare node:http',
        ...atMost(value, goal, 'MB'),
        ...extra,
      });
    row('RSS idle after start-up', idle.rss, goals.idle);
    row('RSS under API load (peak)', peak, goals.load, {
      requests: result.requests.total,
      errors: failures,
    });
    row('RSS idle after the load', after.rss, goals.idle);
    row('VmHWM at ready (start-up peak)', startup, undefined);
    row('VmHWM at the end', after.hwm, undefined);
    console.log(
      `  ${kind}: ${result.requests.total} requests in ${LOAD_SECONDS} s over ` +
        `${requests.length} paths, ${failures} failed`,
    );
  } finally {
    await shop.stop();
  }
}

const floor = await nodeFloor();
console.log(`Node floor (bare node:http server): ${round(floor, 0)} MB`);
await measureOn('embedded', floor);
const serverUrl = postgresServerUrl();
if (serverUrl) {
  const database = await createDatabase(serverUrl);
  try {
    await measureOn('PostgreSQL', floor, database.url);
  } finally {
    await database.drop();
  }
} else {
  console.log('(PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL to measure it too)');
}
