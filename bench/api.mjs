/* global fetch -- Node 20 has fetch built in. */
// Bench (not a test): requests per second of the catalogue API under autocannon (50 connections,
// no pipelining) against a bare node:http server answering the same bytes from memory, both
// started and measured in this run. The shop runs as in production (apps/server/dist/server.js,
// NODE_ENV=production, LOG_LEVEL=warn) on the embedded database and, when DATABASE_URL or
// TEST_DATABASE_URL names a PostgreSQL server, on a throwaway database there.
//
//   npm run build && node bench/api.mjs       Options: DURATION=10 (seconds per measurement)
//
// Goal (issue 7): shop req/s >= half the bare server's, p99 latency < 50 ms. Plain GETs are
// measured (no If-None-Match), so the figure is the full path: routing, hooks, query, JSON.
import autocannon from 'autocannon';
import { createDatabase, postgresServerUrl, startBareServer, startShop } from './lib/processes.mjs';
import { reportRow, round } from './lib/report.mjs';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = 50;
const P99_GOAL_MS = 50;

function load(url, duration = DURATION, headers = {}) {
  return autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration, headers });
}

async function measureOn(kind, databaseUrl) {
  const shop = await startShop({ databaseUrl });
  let bare;
  try {
    const list = await (await fetch(`${shop.base}/api/products`)).json();
    const id = list.products[0]._id;
    const paths = ['/api/products', '/api/products/top', `/api/products/${id}`];
    const bodies = {};
    for (const path of paths) bodies[path] = await (await fetch(`${shop.base}${path}`)).text();
    bare = await startBareServer(bodies);

    for (const path of paths) {
      const label = path.replace(id, '{id}');
      await load(`${shop.base}${path}`, 2); // warm-up: JIT, pools, caches
      const baseline = await load(`${bare.base}${path}`);
      const result = await load(`${shop.base}${path}`);
      const failures = result.errors + result.timeouts + result.non2xx;
      reportRow({
        figure: `GET ${label} req/s (${kind})`,
        value: round(result.requests.average, 0),
        unit: 'req/s',
        baseline: round(baseline.requests.average, 0),
        baselineName: 'bare node:http, same bytes',
        goal: 'ratio >= 0.5, no errors',
        ok: result.requests.average >= baseline.requests.average / 2 && failures === 0,
        errors: failures,
      });
      reportRow({
        figure: `GET ${label} p99 latency (${kind})`,
        value: result.latency.p99,
        unit: 'ms',
        baseline: baseline.latency.p99,
        baselineName: 'bare node:http p99',
        goal: `< ${P99_GOAL_MS} ms`,
        ok: result.latency.p99 < P99_GOAL_MS,
      });
    }
  } finally {
    await bare?.stop();
    await shop.stop();
  }
}

await measureOn('embedded');
const serverUrl = postgresServerUrl();
if (serverUrl) {
  const database = await createDatabase(serverUrl);
  try {
    await measureOn('PostgreSQL', database.url);
  } finally {
    await database.drop();
  }
} else {
  console.log('(PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL to measure it too)');
}
