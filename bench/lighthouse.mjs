/* global fetch -- Node 20 has fetch built in. */
// Bench (not a test): Lighthouse scores of the shop's pages as a phone sees them. It builds
// nothing: run `npm run build` first (it needs apps/server/dist and apps/web/dist).
//
//   npm run build && node bench/lighthouse.mjs
//   Options: RUNS=3 (runs per page and pass), KEEP_REPORTS=<folder> (keeps each run's JSON report
//   there, to open in https://googlechrome.github.io/lighthouse/viewer/ and see what to fix),
//   BUSY=0 (skips the second pass), HOG_CORES=1 (cores the second pass keeps busy).
//   SMOKE=1: one run of the product page, no baseline, no second pass (bench/lib/smoke.mjs).
//
// The shop runs as in production (apps/server/dist/server.js, NODE_ENV=production) on a fresh
// embedded database with the demo catalogue, serving a copy of apps/web/dist. Lighthouse 12 runs
// with its default settings (mobile: a mid-range phone, slow 4G and a 4x slower CPU, all
// simulated) in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), RUNS times per page;
// the median of each figure is reported.
//
// Two passes (issue 23): as the machine is, then with a bounded CPU hog beside it (a child
// process spinning on HOG_CORES cores for the pass's duration, stopped by its pid after it, and
// ending by itself after HOG_MAX_MS whatever happens): a shop page must stay fast when the
// phone, or the machine measuring it, is slow. In each pass the baseline is measured in the same
// rounds as the pages (one run of each in turn, RUNS rounds), so that both see the same load:
// a minimal page served by the same server (a heading, a paragraph and a demo picture, no
// script), the best score this machine gives a page at all.
//
// Goals (bench/README.md): performance within 3 points of the baseline in both passes, and >= 97
// on a quiet machine (the first pass; the load average is printed beside it); Largest Contentful
// Paint <= 1.8 s and Total Blocking Time <= 150 ms (simulated) on /, /product/{id} and /cart;
// accessibility and best practices 100 and SEO 100 on all but the cart (noindex by design), from
// the first pass. /category/{slug} is measured as well. The cart is opened as /cart/{id}?qty=1 so
// that it shows a line, not only "Your cart is empty".
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions } from '../scripts/lib/chromium-launch.mjs';
import { startCpuHog } from '../scripts/lib/cpu-hog.mjs';
import { root, startShop } from './lib/processes.mjs';
import { reportRow } from './lib/report.mjs';
import { mustHold, sizeOption, smoke } from './lib/smoke.mjs';

const RUNS = sizeOption('RUNS', 3, 1);
const BUSY = smoke ? process.env.BUSY === '1' : process.env.BUSY !== '0';
const HOG_CORES = Number(process.env.HOG_CORES ?? 1);
/** The hog ends by itself after this long, should the bench die without stopping it. */
const HOG_MAX_MS = 30 * 60_000;
const KEEP_REPORTS = process.env.KEEP_REPORTS;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouseCli = join(root, 'node_modules/lighthouse/cli/index.js');
const webDist = join(root, 'apps/web/dist');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const GOALS = { accessibility: 100, 'best-practices': 100, seo: 100 };
/** Issue 23: points lost to the baseline at most, score on a quiet machine, LCP and TBT. */
const MAX_GAP = 3;
const QUIET_SCORE = 97;
const MAX_LCP_MS = 1800;
const MAX_TBT_MS = 150;

const BASELINE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Lighthouse baseline page" />
    <title>Baseline</title>
  </head>
  <body>
    <main>
      <h1>Baseline</h1>
      <p>A page with no script: the best this machine scores.</p>
      <img src="/images/headphones-640.webp" alt="Headphones" width="640" height="512"
        style="max-width: 100%; height: auto" />
    </main>
  </body>
</html>
`;

if (!existsSync(join(webDist, 'index.html'))) {
  throw new Error('apps/web/dist/index.html is missing: run `npm run build` first');
}
if (!existsSync(CHROME_PATH)) throw new Error(`No Chromium at ${CHROME_PATH}: set CHROME_PATH`);

/**
 * One Lighthouse run; tried again (up to twice) when Lighthouse itself fails, as it now and then
 * does on a loaded machine ("Something went wrong with recording the trace", NO_NAVSTART).
 */
async function lighthouse(url, outDir) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, outDir);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  ${url}: ${error.message}; trying again`);
    }
  }
}

/** One Lighthouse run in its own process; answers the parsed report (the LHR). */
function lighthouseOnce(url, outDir) {
  const output = join(outDir, `report-${Date.now()}.json`);
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        lighthouseCli,
        url,
        `--only-categories=${CATEGORIES.join(',')}`,
        '--output=json',
        `--output-path=${output}`,
        // Headless, with the flags the browser tests use (no background connections that the
        // closed network refuses and that would compete with the page).
        `--chrome-flags=--headless=new ${chromiumLaunchOptions.args.join(' ')}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited with code ${code}`));
      const report = JSON.parse(readFileSync(output, 'utf8'));
      if (KEEP_REPORTS) {
        mkdirSync(KEEP_REPORTS, { recursive: true });
        const name = new URL(url).pathname.replace(/\W+/g, '-');
        cpSync(output, join(KEEP_REPORTS, `lighthouse${name}${Date.now()}.json`));
      }
      rmSync(output);
      resolve(report);
    });
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const score = (report, category) => Math.round((report.categories[category]?.score ?? 0) * 100);
const lcpMs = (report) => report.audits['largest-contentful-paint'].numericValue;
const tbtMs = (report) => report.audits['total-blocking-time'].numericValue;

/** The audits of a category that did not pass, so a score under 100 says what to fix. */
function failedAudits(report, category) {
  return report.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => report.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
}

/** The medians of a page's runs, and each run's performance score for the log. */
function summarise(label, reports) {
  for (const report of reports) {
    const missing = CATEGORIES.filter(
      (category) => typeof report.categories[category]?.score !== 'number',
    );
    mustHold(
      missing.length === 0,
      `${label}: Lighthouse gave no score for ${missing.join(', ')} (${report.runtimeError?.message ?? 'no runtime error'})`,
    );
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, median(reports.map((r) => score(r, category)))]),
  );
  const lcp = Math.round(median(reports.map(lcpMs)));
  const tbt = Math.round(median(reports.map(tbtMs)));
  console.log(
    `${label}: ${CATEGORIES.map((c) => `${c} ${reports.map((r) => score(r, c)).join('/')}`).join(', ')}; ` +
      `LCP ${reports.map((r) => Math.round(lcpMs(r))).join('/')} ms, ` +
      `TBT ${reports.map((r) => Math.round(tbtMs(r))).join('/')} ms`,
  );
  const last = reports.at(-1);
  for (const category of CATEGORIES) {
    const failed = failedAudits(last, category);
    if (failed.length > 0) console.log(`  ${category} audits not passed: ${failed.join(', ')}`);
  }
  return { scores, lcp, tbt };
}

const workDir = mkdtempSync(join(tmpdir(), 'proshop-lighthouse-'));
const servedDist = join(workDir, 'dist');
cpSync(webDist, servedDist, { recursive: true });
writeFileSync(join(servedDist, 'baseline.html'), BASELINE_PAGE);

/**
 * One pass: RUNS rounds of one run of the baseline and of each page in turn, so that the
 * baseline sees the same load as the pages; answers each page's medians.
 */
async function pass(name, pages, shop) {
  // In smoke mode the page alone: the path matters there, not its gap to the baseline.
  const all = smoke ? pages : [{ label: 'baseline page', url: '/baseline.html' }, ...pages];
  const reports = new Map(all.map((page) => [page.label, []]));
  const load = loadavg()[0];
  for (let run = 0; run < RUNS; run += 1) {
    for (const page of all) {
      reports.get(page.label).push(await lighthouse(`${shop.base}${page.url}`, workDir));
    }
  }
  console.log(
    `--- ${name} pass: load average ${load.toFixed(1)} at its start, ` +
      `${loadavg()[0].toFixed(1)} at its end (${RUNS} runs of each page)`,
  );
  return new Map(all.map((page) => [page.label, summarise(page.label, reports.get(page.label))]));
}

/** The pass's figures: performance against the baseline, LCP and TBT against their goals. */
function reportPass(name, pages, results, { quiet }) {
  const baseline = results.get('baseline page'); // none in smoke mode
  if (baseline) {
    reportRow({
      figure: `Lighthouse performance baseline page, ${name} (mobile, median of ${RUNS})`,
      value: baseline.scores.performance,
      unit: 'points',
    });
  }
  for (const page of pages) {
    const { scores, lcp, tbt } = results.get(page.label);
    const gap = baseline ? baseline.scores.performance - scores.performance : Number.NaN;
    const scoreOk = gap <= MAX_GAP && (!quiet || scores.performance >= QUIET_SCORE);
    reportRow({
      figure: `Lighthouse performance ${page.label}, ${name} (mobile, median of ${RUNS}${baseline ? `; ${gap} points under the baseline` : ''})`,
      value: scores.performance,
      unit: 'points',
      baseline: baseline?.scores.performance,
      baselineName: 'static page, same server, same rounds',
      goal: quiet
        ? `<= ${MAX_GAP} points under the baseline, >= ${QUIET_SCORE} on a quiet machine`
        : `<= ${MAX_GAP} points under the baseline`,
      ok: scoreOk,
    });
    reportRow({
      figure: `Lighthouse LCP ${page.label}, ${name} (simulated, median of ${RUNS})`,
      value: lcp,
      unit: 'ms',
      baseline: baseline?.lcp,
      baselineName: 'static page',
      goal: `<= ${MAX_LCP_MS} ms`,
      ok: lcp <= MAX_LCP_MS,
    });
    reportRow({
      figure: `Lighthouse TBT ${page.label}, ${name} (simulated, median of ${RUNS})`,
      value: tbt,
      unit: 'ms',
      goal: `<= ${MAX_TBT_MS} ms`,
      ok: tbt <= MAX_TBT_MS,
    });
  }
}

const shop = await startShop({ env: { WEB_DIST_DIR: servedDist } });
let hog;
try {
  const list = await (await fetch(`${shop.base}/api/products`)).json();
  const product = list.products.find((p) => p.countInStock > 0) ?? list.products[0];
  const [firstCategory] = await (await fetch(`${shop.base}/api/categories`)).json();
  // SEO is scored on the public pages only: the cart says noindex, as it must (decision 0025).
  const productPage = { label: '/product/{id}', url: `/product/${product._id}`, seo: true };
  const pages = smoke
    ? [productPage]
    : [
        { label: '/', url: '/', seo: true },
        productPage,
        { label: '/category/{slug}', url: `/category/${firstCategory.slug}`, seo: true },
        { label: '/cart', url: `/cart/${product._id}?qty=1`, seo: false },
      ];
  const quiet = await pass('as the machine is', pages, shop);
  reportPass('as the machine is', pages, quiet, { quiet: true });
  for (const page of pages) {
    const { scores } = quiet.get(page.label);
    for (const category of Object.keys(GOALS).filter((name) => name !== 'seo' || page.seo)) {
      reportRow({
        figure: `Lighthouse ${category} ${page.label} (mobile, median of ${RUNS})`,
        value: scores[category],
        unit: 'points',
        goal: `>= ${GOALS[category]}`,
        ok: scores[category] >= GOALS[category],
      });
    }
  }
  if (BUSY) {
    hog = startCpuHog({ cores: HOG_CORES, maxMs: HOG_MAX_MS });
    console.log(`--- CPU hog on ${HOG_CORES} core(s): pid ${hog.pids.join(', ')}`);
    const busy = await pass(`busy (CPU hog on ${HOG_CORES} core)`, pages, shop);
    await hog.stop();
    hog = undefined;
    reportPass(`busy (CPU hog on ${HOG_CORES} core)`, pages, busy, { quiet: false });
  }
} finally {
  await hog?.stop();
  await shop.stop();
  rmSync(workDir, { recursive: true, force: true });
}
