/* global fetch -- Node 20 has fetch built in. */
// Bench (not a test): Lighthouse scores of the shop's pages as a phone sees them. It builds
// nothing: run `npm run build` first (it needs apps/server/dist and apps/web/dist).
//
//   npm run build && node bench/lighthouse.mjs
//   Options: RUNS=3 (runs per page), KEEP_REPORTS=<folder> (keeps each run's JSON report there,
//   to open in https://googlechrome.github.io/lighthouse/viewer/ and see what to fix)
//
// The shop runs as in production (apps/server/dist/server.js, NODE_ENV=production) on a fresh
// embedded database with the demo catalogue, serving a copy of apps/web/dist. Lighthouse 12 runs
// with its default settings (mobile: a mid-range phone, slow 4G and a 4x slower CPU, all
// simulated) in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), RUNS times per page;
// the median of each category is reported.
//
// Goal (bench/README.md): performance >= 95, accessibility and best practices 100 on /,
// /product/{id}, /category/{slug} and /cart; SEO 100 on all but the cart (noindex by design). The cart is opened as /cart/{id}?qty=1 so that it shows a line, not only
// "Your cart is empty". Baseline for performance, measured in the same run: a minimal page served
// by the same server (a heading, a paragraph and a demo picture, no script), the best score this
// machine gives a page at all. The ratio shows what the shop loses against it; the accessibility
// and best-practices scores are checklists and need no baseline.
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
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, startShop } from './lib/processes.mjs';
import { reportRow } from './lib/report.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const KEEP_REPORTS = process.env.KEEP_REPORTS;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouseCli = join(root, 'node_modules/lighthouse/cli/index.js');
const webDist = join(root, 'apps/web/dist');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const GOALS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

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

/** One Lighthouse run in its own process; answers the parsed report (the LHR). */
function lighthouse(url, outDir) {
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
        '--chrome-flags=--headless=new --no-sandbox',
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

/** The audits of a category that did not pass, so a score under 100 says what to fix. */
function failedAudits(report, category) {
  return report.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => report.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
}

async function measure(label, url, outDir) {
  const reports = [];
  for (let run = 0; run < RUNS; run += 1) reports.push(await lighthouse(url, outDir));
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, median(reports.map((r) => score(r, category)))]),
  );
  const lcp = median(reports.map((r) => r.audits['largest-contentful-paint'].numericValue));
  console.log(
    `${label}: ${CATEGORIES.map((c) => `${c} ${reports.map((r) => score(r, c)).join('/')}`).join(', ')}; ` +
      `LCP ${Math.round(lcp)} ms`,
  );
  const last = reports.at(-1);
  for (const category of CATEGORIES) {
    const failed = failedAudits(last, category);
    if (failed.length > 0) console.log(`  ${category} audits not passed: ${failed.join(', ')}`);
  }
  return scores;
}

const workDir = mkdtempSync(join(tmpdir(), 'proshop-lighthouse-'));
const servedDist = join(workDir, 'dist');
cpSync(webDist, servedDist, { recursive: true });
writeFileSync(join(servedDist, 'baseline.html'), BASELINE_PAGE);

const shop = await startShop({ env: { WEB_DIST_DIR: servedDist } });
try {
  const list = await (await fetch(`${shop.base}/api/products`)).json();
  const product = list.products.find((p) => p.countInStock > 0) ?? list.products[0];
  const baseline = await measure('baseline page', `${shop.base}/baseline.html`, workDir);
  const [firstCategory] = await (await fetch(`${shop.base}/api/categories`)).json();
  // SEO is scored on the public pages only: the cart says noindex, as it must (decision 0025).
  const pages = [
    { label: '/', url: '/', seo: true },
    { label: '/product/{id}', url: `/product/${product._id}`, seo: true },
    { label: '/category/{slug}', url: `/category/${firstCategory.slug}`, seo: true },
    { label: '/cart', url: `/cart/${product._id}?qty=1`, seo: false },
  ];
  for (const page of pages) {
    const scores = await measure(page.label, `${shop.base}${page.url}`, workDir);
    for (const category of CATEGORIES.filter((name) => name !== 'seo' || page.seo)) {
      const isPerformance = category === 'performance';
      reportRow({
        figure: `Lighthouse ${category} ${page.label} (mobile, median of ${RUNS})`,
        value: scores[category],
        unit: 'points',
        ...(isPerformance
          ? { baseline: baseline.performance, baselineName: 'static page, same server' }
          : {}),
        goal: `>= ${GOALS[category]}`,
        ok: scores[category] >= GOALS[category],
      });
    }
  }
} finally {
  await shop.stop();
  rmSync(workDir, { recursive: true, force: true });
}
