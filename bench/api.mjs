/* global fetch -- Node 20 has fetch built in. */
// Bench (not a test): requests per second of the catalogue API under autocannon (50 connections,
// no pipelining) against a bare node:http server answering the same bytes from memory, both
// started and measured in this run. The shop runs as in production (apps/server/dist/server.js,
// NODE_ENV=production) with its access log on (LOG_LEVEL=info, one line per request, written to a
// file the bench then counts), on the embedded database and, when DATABASE_URL or
// TEST_DATABASE_URL names a PostgreSQL server, on a throwaway database there.
//
//   npm run build && node bench/api.mjs       Options: DURATION=10 (seconds per side and route),
//                                             ROUNDS=5 (slices the sides take turns in),
//                                             BREAKDOWN=1 (what each piece costs, see below)
//   SMOKE=1: DURATION=0.5 ROUNDS=1 and a 0.5 s warm-up (bench/lib/smoke.mjs)
//
// Goal (issue 23, bench/README.md): shop req/s >= 0.8 of the bare server's, p99 latency < 20 ms,
// no errors, one access-log line per request. Plain GETs are measured (no If-None-Match), so the
// figure is the full path: routing, hooks, cache, headers, access log. The machine is shared and
// its load changes by the second: the servers take turns in short slices (bench/lib/slices.mjs),
// so that all see the same load.
//
// BREAKDOWN=1 (embedded database only): the shop as above and the same shop with one piece off
// at a time, and the bare server also sending the shop's headers, then also writing a pino
// access-log line per request (what these cost without a framework), all running at once and
// taking turns with the bare server in the same slices. The
// pieces are switched off through the server's bench-only setting BENCH_WITHOUT (and the access
// log through LOG_LEVEL=warn); a piece's cost is the time per request it adds, 1/(req/s of the
// shop) - 1/(req/s without it), in µs of the server's single thread, and (cpuMicros) the server
// CPU time per request it adds, read from /proc, which other load on the machine disturbs less.
import { openSync, closeSync, createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { CONNECTIONS, load } from './lib/load.mjs';
import { measureSides } from './lib/slices.mjs';
import { createDatabase, postgresServerUrl, startBareServer, startShop } from './lib/processes.mjs';
import { reportRow, round } from './lib/report.mjs';
import { mustHold, sizeOption, smoke } from './lib/smoke.mjs';

const DURATION = sizeOption('DURATION', 10, 0.5);
const ROUNDS = Math.max(1, sizeOption('ROUNDS', 5, 1));
const BREAKDOWN = process.env.BREAKDOWN === '1';
const RATIO_GOAL = 0.8;
const P99_GOAL_MS = 20;
const WARM_UP_SECONDS = smoke ? 0.5 : 2;

/** The shop with its access log on, written to a file of its own. */
async function startLoggedShop({ databaseUrl, env = {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'proshop-bench-log-'));
  const logFile = join(dir, 'shop.log');
  const fd = openSync(logFile, 'w');
  try {
    const shop = await startShop({ databaseUrl, stdout: fd, env: { LOG_LEVEL: 'info', ...env } });
    return {
      ...shop,
      logFile,
      stop: async () => {
        await shop.stop();
        closeSync(fd);
      },
      removeLog: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The access-log lines of answers to the given paths (read after the shop has stopped). */
async function countAccessLines(logFile, paths) {
  const needles = paths.map((path) => `"url":${JSON.stringify(path)}`);
  let count = 0;
  const lines = createInterface({ input: createReadStream(logFile), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.includes('"msg":"request completed"') && needles.some((n) => line.includes(n))) {
      count++;
    }
  }
  return count;
}

/** Headers that node writes itself, or that differ by answer or by request. */
const PER_ANSWER_HEADERS = [
  ...['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'],
  ...['content-type', 'content-encoding', 'vary', 'x-request-id'],
];

/**
 * The three catalogue answers of a running shop: their paths and bodies, and the headers the
 * shop sends with every answer (the security headers, ETag, Cache-Control).
 */
async function catalogueAnswers(base) {
  const list = await (await fetch(`${base}/api/products`)).json();
  const id = list.products[0]._id;
  const paths = ['/api/products', '/api/products/top', `/api/products/${id}`];
  const bodies = {};
  let headers = {};
  for (const path of paths) {
    const response = await fetch(`${base}${path}`);
    bodies[path] = await response.text();
    headers = Object.fromEntries(
      [...response.headers].filter(([name]) => !PER_ANSWER_HEADERS.includes(name)),
    );
  }
  return { id, paths, bodies, headers, label: (path) => path.replace(id, '{id}') };
}

async function measureOn(kind, databaseUrl) {
  const shop = await startLoggedShop({ databaseUrl });
  let bare;
  // Answers the shop was seen to send to the measured paths, and the most it may have sent
  // unseen: a slice ends with up to CONNECTIONS requests in flight, answered after autocannon
  // stopped counting.
  let seen = 0;
  let unseen = 0;
  let paths;
  try {
    const answers = await catalogueAnswers(shop.base);
    paths = answers.paths;
    seen += 1 + paths.length; // the fetches above
    bare = await startBareServer(answers.bodies);

    for (const path of paths) {
      const label = answers.label(path);
      const warmUp = await load(`${shop.base}${path}`, WARM_UP_SECONDS); // JIT, pools, caches
      seen += warmUp.requests.total;
      unseen += CONNECTIONS;
      const { shop: result, bare: baseline } = await measureSides(
        { shop: `${shop.base}${path}`, bare: `${bare.base}${path}` },
        { duration: DURATION, rounds: ROUNDS, pids: { shop: shop.pid, bare: bare.pid } },
      );
      seen += result.requests;
      unseen += CONNECTIONS * ROUNDS;
      reportRow({
        figure: `GET ${label} req/s (${kind})`,
        value: round(result.perSecond, 0),
        unit: 'req/s',
        baseline: round(baseline.perSecond, 0),
        baselineName: 'bare node:http, same bytes',
        goal: `ratio >= ${RATIO_GOAL}, no errors`,
        ok: result.perSecond >= baseline.perSecond * RATIO_GOAL && result.failures === 0,
        errors: result.failures,
      });
      reportRow({
        figure: `GET ${label} p99 latency (${kind})`,
        value: result.p99,
        unit: 'ms',
        baseline: baseline.p99,
        baselineName: 'bare node:http p99',
        goal: `< ${P99_GOAL_MS} ms`,
        ok: result.p99 < P99_GOAL_MS,
      });
      reportRow({
        figure: `GET ${label} server CPU per request (${kind})`,
        value: result.cpuMicros,
        unit: 'µs',
        baseline: baseline.cpuMicros,
        baselineName: 'bare node:http',
        goal: 'report only (the ratio the machine would give without other load)',
      });
    }
    await measurePage(kind, shop.base, answers.id);
  } finally {
    await bare?.stop();
    await shop.stop();
  }
  try {
    // Counted once the shop has stopped: the lines it still held are written at its exit.
    const lines = await countAccessLines(shop.logFile, paths ?? []);
    mustHold(
      lines >= seen && lines <= seen + unseen,
      `${kind}: ${lines} access-log lines for ${seen} answers (+ up to ${unseen} in flight)`,
    );
    reportRow({
      figure: `access-log lines of the catalogue reads (${kind})`,
      value: lines,
      unit: 'lines',
      baseline: seen,
      baselineName: `answers counted (+ up to ${unseen} in flight at the end of a slice)`,
      goal: 'one line per answer',
      ok: lines >= seen && lines <= seen + unseen,
    });
  } finally {
    shop.removeLog();
  }
}

/**
 * A product page written by the server (docs/decisions/0025) against plain index.html (a route
 * the web app alone knows: the sign-in page, whose index.html the server fills in once, with no
 * data of its own; an address the web app does not know answers 404 since decision 0025's
 * amendment), both from the shop in the same slices, as a browser asks for them (brotli
 * accepted). Goal (issue 20): the product page's latency within 2 ms of index.html's.
 */
async function measurePage(kind, base, id) {
  const product = `${base}/product/${id}`;
  const plain = `${base}/login`;
  const headers = { 'accept-encoding': 'br, gzip' };
  for (const url of [product, plain]) {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    await res.arrayBuffer();
    await load(url, WARM_UP_SECONDS, [], headers); // warm-up
  }
  const { page, index } = await measureSides(
    { page: product, index: plain },
    { duration: DURATION, rounds: ROUNDS, headers },
  );
  const gap = page.mean - index.mean;
  reportRow({
    figure: `GET /product/{id} page mean latency (${kind})`,
    value: round(page.mean, 2),
    unit: 'ms',
    baseline: round(index.mean, 2),
    baselineName: 'index.html from the same shop',
    goal: 'within 2 ms of index.html, no errors',
    ok: gap <= 2 && page.failures === 0 && index.failures === 0,
    errors: page.failures + index.failures,
  });
  reportRow({
    figure: `GET /product/{id} page req/s (${kind})`,
    value: round(page.perSecond, 0),
    unit: 'req/s',
    baseline: round(index.perSecond, 0),
    baselineName: 'index.html from the same shop',
    goal: 'report only',
    ok: page.failures === 0,
  });
  reportRow({
    figure: `GET /product/{id} page p99 latency (${kind})`,
    value: page.p99,
    unit: 'ms',
    baseline: index.p99,
    baselineName: 'index.html p99',
    goal: `< ${P99_GOAL_MS} ms`,
    ok: page.p99 < P99_GOAL_MS,
  });
}

/** The pieces the breakdown switches off, one at a time, and all together. */
const VARIANTS = {
  'access log': { LOG_LEVEL: 'warn' },
  'security headers': { BENCH_WITHOUT: 'security-headers' },
  'rate limits': { BENCH_WITHOUT: 'rate-limits' },
  'all three': { LOG_LEVEL: 'warn', BENCH_WITHOUT: 'security-headers,rate-limits' },
};

/** Microseconds a piece adds to each request: the shop's time per request minus the variant's. */
const costMicros = (shop, variant) => (1 / shop.perSecond - 1 / variant.perSecond) * 1e6;

async function breakdown() {
  const shops = { shop: await startLoggedShop() };
  let bare;
  const bareWith = {};
  try {
    // One after the other: starting them together would only slow each start.
    for (const [name, env] of Object.entries(VARIANTS)) {
      shops[name] = await startLoggedShop({ env });
    }
    // Each shop has a database of its own, whose products have ids of their own.
    const answers = {};
    for (const [name, shop] of Object.entries(shops)) {
      answers[name] = await catalogueAnswers(shop.base);
    }
    bare = await startBareServer(answers.shop.bodies);
    // The same bytes with the shop's headers, then also with its access-log line: what these
    // cost without any framework, the most a shop that keeps them could reach.
    const { bodies, headers } = answers.shop;
    bareWith.headers = await startBareServer(bodies, { headers });
    bareWith.log = await startBareServer(bodies, { headers, accessLog: true });
    for (const [index, path] of answers.shop.paths.entries()) {
      const label = answers.shop.label(path);
      const urls = {
        bare: `${bare.base}${path}`,
        'bare + headers': `${bareWith.headers.base}${path}`,
        'bare + headers + access log': `${bareWith.log.base}${path}`,
      };
      for (const [name, shop] of Object.entries(shops)) {
        urls[name] = `${shop.base}${answers[name].paths[index]}`;
        await load(urls[name], WARM_UP_SECONDS);
      }
      const pids = {
        bare: bare.pid,
        'bare + headers': bareWith.headers.pid,
        'bare + headers + access log': bareWith.log.pid,
      };
      for (const [name, shop] of Object.entries(shops)) pids[name] = shop.pid;
      const results = await measureSides(urls, { duration: DURATION, rounds: ROUNDS, pids });
      const baseline = results.bare;
      for (const [name, result] of Object.entries(results)) {
        if (name === 'bare') continue;
        const shopName = name === 'shop' ? 'the shop as it runs' : `the shop without ${name}`;
        reportRow({
          figure: `GET ${label} req/s, ${name.startsWith('bare') ? name : shopName}`,
          value: round(result.perSecond, 0),
          unit: 'req/s',
          baseline: round(baseline.perSecond, 0),
          baselineName: 'bare node:http, same bytes',
          goal: 'report only',
          ok: result.failures === 0,
          errors: result.failures,
          p99: result.p99,
          cpuMicros: result.cpuMicros,
          bareCpuMicros: baseline.cpuMicros,
        });
        if (name === 'shop' || name.startsWith('bare')) continue;
        reportRow({
          figure: `GET ${label} cost of the ${name}`,
          value: round(costMicros(results.shop, result), 2),
          unit: 'µs/request',
          goal: 'report only',
          cpuMicros: round(results.shop.cpuMicros - result.cpuMicros, 1),
        });
      }
    }
  } finally {
    await bare?.stop();
    for (const server of Object.values(bareWith)) await server.stop();
    for (const shop of Object.values(shops)) {
      await shop.stop();
      shop.removeLog();
    }
  }
}

if (BREAKDOWN) {
  await breakdown();
} else {
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
}
