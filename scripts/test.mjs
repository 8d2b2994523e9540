// `npm test`: every test suite, then one closing line with the totals.
//   1. unit and API tests (vitest, API on embedded PGlite)
//   2. the API tests again on PostgreSQL, when TEST_DATABASE_URL is set
//   3. the bundle check: the first load of `/` within its budgets (check-bundle-size.mjs)
//   4. the browser suite (Playwright, system Chromium) against the production build
// They run one after another. TEST_SIDE_BY_SIDE=1 runs 3 and 4 beside 1 and 2 instead, each line
// of a part's output prefixed with its lane (vitest |, web |): faster on a machine with cores to
// spare; on 2 cores the suites starve each other (browser specs past their 30 s, measured).
// `--only=faults` (npm run test:faults) runs the fault tests instead: fuzzed requests, PostgreSQL
// stopped under load, PayPal failing, SIGKILL mid-checkout (vitest project `faults`).
// Options: --only=unit|api|postgres|bundle|browser runs one part; arguments after `--` go to its
// runner (without --only they go to vitest and the bundle and browser parts are left out). The counts are read from
// each runner's JSON report, so the last line is always `N passed, N failed[, N skipped]`, and
// the exit code is non-zero when a test failed or a runner crashed. Right above that line a
// "Skipped:" block names every part that did not run and every skipped test, with the reason
// (lib/test-summary.mjs). BROWSER_CPU_LOAD=1 keeps every core busy beside the browser suite once
// nothing else runs beside it (lib/cpu-hog.mjs), to show the specs pass on a busy machine.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buildIfStale } from './lib/build-if-stale.mjs';
import { startCpuHog } from './lib/cpu-hog.mjs';
import { playwrightSkips, summaryLines, vitestSkips } from './lib/test-summary.mjs';

const root = new URL('..', import.meta.url).pathname;
const vitestCli = join(root, 'node_modules/vitest/vitest.mjs');
const playwrightCli = join(root, 'node_modules/@playwright/test/cli.js');
const parts = ['unit', 'api', 'postgres', 'bundle', 'browser', 'faults'];

function parseArgs(argv) {
  const separator = argv.indexOf('--');
  const own = separator === -1 ? argv : argv.slice(0, separator);
  const forwarded = separator === -1 ? [] : argv.slice(separator + 1);
  let only;
  for (const arg of own) {
    const match = /^--only=(.*)$/.exec(arg);
    if (match && parts.includes(match[1])) only = match[1];
    else {
      console.error(
        `Unknown option ${arg}. Usage: npm test -- [--only=${parts.join('|')}] [-- runner args]`,
      );
      process.exit(2);
    }
  }
  return { only, forwarded };
}

/**
 * Runs a command with the output streamed to the terminal; resolves with its exit code. With a
 * `label` (a part running beside another) each line of its output is prefixed with it.
 */
function run(command, args, env, label) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      // Piped, a runner would drop its colours; keep them for a terminal.
      env: label && process.stdout.isTTY ? { FORCE_COLOR: '1', ...env } : env,
    });
    if (label) {
      prefixLines(child.stdout, process.stdout, label);
      prefixLines(child.stderr, process.stderr, label);
    }
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/** Copies `from` to `to` a whole line at a time, each after `label | `. */
function prefixLines(from, to, label) {
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) =>
    to.write(`${label} | ${line}\n`),
  );
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The counts of one part. A runner that failed without a failing test (a file that did not load,
 * an error outside the tests, no report) counts as one failure, so the totals agree with the exit
 * code.
 */
function outcome(name, exitCode, counts) {
  const result = { name, passed: 0, failed: 0, skipped: 0, ...counts };
  if (!counts) result.note = `no report from the runner (exit code ${exitCode})`;
  if (exitCode !== 0 && result.failed === 0) {
    result.failed = 1;
    result.note ??= `the runner exited with code ${exitCode} without a failing test; see above`;
  }
  return result;
}

async function runVitest(name, args, env, reportDir, { node = process.execPath, label } = {}) {
  const report = join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const code = await run(
    node,
    [
      vitestCli,
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
    label,
  );
  const json = readJson(report);
  const counts = json && {
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
    skips: vitestSkips(json, root),
  };
  return outcome(name, code, counts);
}

function isPortFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Ports Chromium refuses to open (net::ERR_UNSAFE_PORT) near the ones the browser suite uses:
 * when 5055 to 5059 are taken (another run), the next free port must not be one of these.
 */
const CHROMIUM_UNSAFE_PORTS = new Set([
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697,
]);

async function freePort(from) {
  for (let port = from; port < from + 100; port += 1) {
    if (CHROMIUM_UNSAFE_PORTS.has(port)) continue;
    if (await isPortFree(port)) return port;
  }
  throw new Error(`No free port between ${from} and ${from + 99}`);
}

async function runBrowser(args, env, reportDir, { label, othersDone } = {}) {
  const name = 'browser';
  const chromium = env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    const required = env.REQUIRE_BROWSER === '1';
    console.log(
      `Browser tests ${required ? 'FAILED' : 'skipped'}: no Chromium at ${chromium} ` +
        `(install Debian's chromium or set CHROMIUM_PATH${required ? '' : '; REQUIRE_BROWSER=1 makes this a failure'}).`,
    );
    return required
      ? { name, passed: 0, failed: 1, skipped: 0, note: `no Chromium at ${chromium}` }
      : {
          name,
          passed: 0,
          failed: 0,
          skipped: 0,
          skippedPart: `no Chromium at ${chromium} (CHROMIUM_PATH; REQUIRE_BROWSER=1 makes this a failure)`,
        };
  }
  if (!buildIfStale()) {
    return { name, passed: 0, failed: 1, skipped: 0, note: 'the build failed; see above' };
  }
  const report = join(reportDir, 'browser.json');
  const dataDir = join(reportDir, 'e2e-data');
  mkdirSync(dataDir);
  const paypalDataDir = join(reportDir, 'e2e-paypal-data');
  mkdirSync(paypalDataDir);
  // The shop, the PayPal stand-in, the shop that pays through it and the Stripe stand-in it
  // takes cards through (playwright.config.ts).
  const port = await freePort(Number(env.E2E_PORT ?? 5055));
  const standInPort = await freePort(port + 1);
  const paypalPort = await freePort(standInPort + 1);
  const stripeStandInPort = await freePort(paypalPort + 1);
  // BROWSER_CPU_LOAD=1: every core kept busy beside the suite, as on a machine installing
  // packages; the specs hold the page's clock, so they must pass however slowly it runs (CI).
  // Beside the API suites the machine is busy already, with work that counts: the busy loops
  // start once those are done (othersDone).
  let hog;
  let ended = false;
  if (env.BROWSER_CPU_LOAD === '1') {
    void (othersDone ?? Promise.resolve()).then(() => {
      if (ended) return;
      hog = startCpuHog();
      console.log(`Browser tests under CPU load: busy loops ${hog.pids.join(', ')}`);
    });
  }
  const code = await run(
    process.execPath,
    [playwrightCli, 'test', ...args],
    {
      ...env,
      CHROMIUM_PATH: chromium,
      E2E_PORT: String(port),
      E2E_DATA_DIR: dataDir,
      PAYPAL_STAND_IN_PORT: String(standInPort),
      E2E_PAYPAL_PORT: String(paypalPort),
      E2E_PAYPAL_DATA_DIR: paypalDataDir,
      STRIPE_STAND_IN_PORT: String(stripeStandInPort),
      PLAYWRIGHT_JSON_OUTPUT_FILE: report,
    },
    label,
  ).finally(() => {
    ended = true;
    return hog?.stop();
  });
  const json = readJson(report);
  const stats = json?.stats;
  const counts = stats && {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
    skips: playwrightSkips(json),
  };
  return outcome(name, code, counts);
}

/** The bundle-size check: one test, failed when a first-load budget is exceeded. */
async function runBundleCheck(env, { label } = {}) {
  const code = await run(
    process.execPath,
    [join(root, 'scripts/check-bundle-size.mjs')],
    env,
    label,
  );
  return outcome('bundle size', code, code === 0 ? { passed: 1 } : { failed: 1 });
}

/**
 * The parts to run: lanes that run side by side, the parts of each one after another. Each part
 * is a function of its lane ({ label, othersDone }: the prefix of its output lines, undefined
 * when it runs alone; a promise of the first lane's end, for the lanes beside it) that answers
 * its counts.
 */
function plan(only, forwarded, env, reportDir) {
  const pglite = { ...env };
  delete pglite.TEST_DB;
  const postgres = ({ label }) => {
    if (env.TEST_DATABASE_URL) {
      // TEST_POSTGRES_NODE: another Node for this part (CI runs it on the next LTS, so that each
      // database is tested once and each Node once, instead of the whole API suite twice).
      const node = env.TEST_POSTGRES_NODE || process.execPath;
      return runVitest(
        env.TEST_POSTGRES_NODE
          ? `api (PostgreSQL, Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()})`
          : 'api (PostgreSQL)',
        ['--project', 'api', ...forwarded],
        { ...pglite, TEST_DB: 'postgres' },
        reportDir,
        { node, label },
      );
    }
    console.log('API tests on PostgreSQL skipped: TEST_DATABASE_URL is not set.');
    const name = 'api (PostgreSQL)';
    const reason = 'TEST_DATABASE_URL is not set';
    // Asked for by name, a part that cannot run is a failure, not a skip.
    return only === 'postgres'
      ? { name, passed: 0, failed: 1, skipped: 0, note: reason }
      : { name, passed: 0, failed: 0, skipped: 0, skippedPart: reason };
  };
  const sideBySide = env.TEST_SIDE_BY_SIDE === '1';
  const browser = (lane) => runBrowser(forwarded, pglite, reportDir, lane);
  const bundle = (lane) => runBundleCheck(env, lane);
  const vitest =
    (name, projects) =>
    ({ label }) =>
      runVitest(
        name,
        [...projects.flatMap((project) => ['--project', project]), ...forwarded],
        pglite,
        reportDir,
        { label },
      );
  switch (only) {
    case 'unit':
    case 'api':
      return [[vitest(only === 'api' ? 'api (PGlite)' : 'unit', [only])]];
    case 'postgres':
      return [[postgres]];
    case 'bundle':
      return [[bundle]];
    case 'browser':
      return [[browser]];
    case 'faults':
      return [[vitest('faults', ['faults'])]];
    default: {
      const all = vitest('unit + api (PGlite)', ['unit', 'api']);
      if (forwarded.length > 0) {
        console.log(
          'Bundle check and browser tests left out: arguments after -- go to vitest (--only=browser takes them to Playwright).',
        );
        return [[all, postgres]];
      }
      return sideBySide
        ? [
            [all, postgres],
            [bundle, browser],
          ]
        : [[all, postgres, bundle, browser]];
    }
  }
}

/** Runs a lane's parts one after another, each timed; a part that throws counts as a failure. */
async function runLane(parts, lane, stopped) {
  const results = [];
  for (const part of parts) {
    if (stopped()) break;
    const started = Date.now();
    const result = await Promise.resolve(lane)
      .then(part)
      .catch((error) => ({
        name: 'test run',
        passed: 0,
        failed: 1,
        skipped: 0,
        note: `crashed: ${error instanceof Error ? error.message : String(error)}`,
      }));
    results.push({ ...result, ms: Date.now() - started });
  }
  return results;
}

async function main() {
  const { only, forwarded } = parseArgs(process.argv.slice(2));
  const reportDir = mkdtempSync(join(tmpdir(), 'proshop-test-'));
  let interrupted = false;
  const interrupt = () => (interrupted = true);
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  let results;
  try {
    const lanes = plan(only, forwarded, process.env, reportDir);
    const labels = ['vitest', 'web'];
    let firstLaneEnded;
    const othersDone = new Promise((resolve) => (firstLaneEnded = resolve));
    const laneResults = await Promise.all(
      lanes.map((parts, index) => {
        const lane = {
          label: lanes.length > 1 ? labels[index] : undefined,
          othersDone: index === 0 ? undefined : othersDone,
        };
        const ran = runLane(parts, lane, () => interrupted);
        return index === 0 ? ran.finally(firstLaneEnded) : ran;
      }),
    );
    results = laneResults.flat();
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }

  const { lines, total } = summaryLines(results, { nodeVersion: process.version, interrupted });
  console.log(`\n${lines.join('\n')}`);
  process.exitCode = total.failed > 0 ? 1 : 0;
}

await main();
