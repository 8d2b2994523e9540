// `npm test`: every test suite in order, then one closing line with the totals.
//   1. unit and API tests (vitest, API on embedded PGlite)
//   2. the API tests again on PostgreSQL, when TEST_DATABASE_URL is set
//   3. the bundle check: the first load of `/` within its budgets (check-bundle-size.mjs)
//   4. the browser suite (Playwright, system Chromium) against the production build
// `--only=faults` (npm run test:faults) runs the fault tests instead: fuzzed requests, PostgreSQL
// stopped under load, PayPal failing, SIGKILL mid-checkout (vitest project `faults`).
// Options: --only=unit|api|postgres|bundle|browser runs one part; arguments after `--` go to its
// runner (without --only they go to vitest and the bundle and browser parts are left out). The counts are read from
// each runner's JSON report, so the last line is always `N passed, N failed[, N skipped]`, and
// the exit code is non-zero when a test failed or a runner crashed. Right above that line a
// "Skipped:" block names every part that did not run and every skipped test, with the reason
// (lib/test-summary.mjs). BROWSER_CPU_LOAD=1 keeps every core busy beside the browser suite
// (lib/cpu-hog.mjs): CI runs it that way, to show the specs pass on a busy machine.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** Runs a command with the output streamed to the terminal; resolves with its exit code. */
function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
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

async function runVitest(name, args, env, reportDir, node = process.execPath) {
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

async function runBrowser(args, env, reportDir) {
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
  // The shop, the PayPal stand-in and the shop that pays through it (playwright.config.ts).
  const port = await freePort(Number(env.E2E_PORT ?? 5055));
  const standInPort = await freePort(port + 1);
  const paypalPort = await freePort(standInPort + 1);
  // BROWSER_CPU_LOAD=1: every core kept busy beside the suite, as on a machine installing
  // packages; the specs hold the page's clock, so they must pass however slowly it runs (CI).
  const hog = env.BROWSER_CPU_LOAD === '1' ? startCpuHog() : undefined;
  if (hog) console.log(`Browser tests under CPU load: busy loops ${hog.pids.join(', ')}`);
  const code = await run(process.execPath, [playwrightCli, 'test', ...args], {
    ...env,
    CHROMIUM_PATH: chromium,
    E2E_PORT: String(port),
    E2E_DATA_DIR: dataDir,
    PAYPAL_STAND_IN_PORT: String(standInPort),
    E2E_PAYPAL_PORT: String(paypalPort),
    E2E_PAYPAL_DATA_DIR: paypalDataDir,
    PLAYWRIGHT_JSON_OUTPUT_FILE: report,
  }).finally(() => hog?.stop());
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
async function runBundleCheck(env) {
  const code = await run(process.execPath, [join(root, 'scripts/check-bundle-size.mjs')], env);
  return outcome('bundle size', code, code === 0 ? { passed: 1 } : { failed: 1 });
}

/** The parts to run, in order, each a function that answers its counts. */
function plan(only, forwarded, env, reportDir) {
  const pglite = { ...env };
  delete pglite.TEST_DB;
  const postgres = () => {
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
        node,
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
  const browser = () => runBrowser(forwarded, pglite, reportDir);
  const bundle = () => runBundleCheck(env);
  switch (only) {
    case 'unit':
    case 'api':
      return [
        () =>
          runVitest(
            only === 'api' ? 'api (PGlite)' : 'unit',
            ['--project', only, ...forwarded],
            pglite,
            reportDir,
          ),
      ];
    case 'postgres':
      return [postgres];
    case 'bundle':
      return [bundle];
    case 'browser':
      return [browser];
    case 'faults':
      return [() => runVitest('faults', ['--project', 'faults', ...forwarded], pglite, reportDir)];
    default: {
      const all = () =>
        runVitest(
          'unit + api (PGlite)',
          ['--project', 'unit', '--project', 'api', ...forwarded],
          pglite,
          reportDir,
        );
      if (forwarded.length === 0) return [all, postgres, bundle, browser];
      console.log(
        'Bundle check and browser tests left out: arguments after -- go to vitest (--only=browser takes them to Playwright).',
      );
      return [all, postgres];
    }
  }
}

async function main() {
  const { only, forwarded } = parseArgs(process.argv.slice(2));
  const reportDir = mkdtempSync(join(tmpdir(), 'proshop-test-'));
  const results = [];
  let interrupted = false;
  const interrupt = () => (interrupted = true);
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  try {
    for (const part of plan(only, forwarded, process.env, reportDir)) {
      if (interrupted) break;
      const started = Date.now();
      const result = await Promise.resolve()
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
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }

  const { lines, total } = summaryLines(results, { nodeVersion: process.version, interrupted });
  console.log(`\n${lines.join('\n')}`);
  process.exitCode = total.failed > 0 ? 1 : 0;
}

await main();
