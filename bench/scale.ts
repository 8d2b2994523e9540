// Bench (not a test): the pages that grow with the shop, on a shop that has grown. Builds 50,000
// products, 1,000 shoppers and 200,000 orders (about 400,000 lines) in a throwaway PostgreSQL
// database, then times through the whole app (app.inject: routing, access check, validation,
// queries, serialisation) the admin order list and the admin product list (page 1 and a middle
// page), My Orders of a shopper with 200 orders, the top-rated carousel, the catalogue search
// and the admin's sales dashboard (30 days and 12 months of orders, compared with as many days
// before), and the admin's order search and filters. Every call reads the database: none is
// answered from the catalogue cache. Then it downloads the CSV export of every order over a
// socket, timing it and sampling the process's memory every 100 ms (bench/lib/export-stream.ts).
//
//   DATABASE_URL=postgres://... npm run bench -- scale      (or TEST_DATABASE_URL)
//   Options: PRODUCTS=50000 ORDERS=200000 SHOPPERS=1000 CATEGORIES=10 BRANDS=16 PICTURES=1
//   YEARS=3 RUNS=30; SIZES=1m sets the shape (1,000,000 products in 500 categories and
//   2,000 brands with 5 pictures each, 1,000,000 shoppers, 10,000,000 orders), each still
//   overridable. KEEP=1 keeps the database (its URL is printed) for EXPLAIN.
//   SMOKE=1: PRODUCTS=300 ORDERS=300 SHOPPERS=3 RUNS=2 (bench/lib/smoke.mjs)
//
// Also timed (issue #40): the storefront's filters, sorts and searches of bench/catalogue.ts on
// page 1 and page 1,000, a product page, the sitemap index and a file of it, My Orders of the
// shopper with about 1,000 orders, the account cart, the admin's order filters and searches (a
// product word in 1 % of lines: "limited"), the dashboard for 30 days, 12 months and 3 years
// (a custom range: the API has no 3-year one), and the CSV export of every order.
//
// Baseline, measured in the same run: GET /api/ready, the app's cheapest call that reaches the
// database (one `select 1`). Goal (bench/README.md): each median under 50 ms, the dashboard's
// under 200 ms (issue 19).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { orders, products, users } from '../apps/server/src/db/schema.ts';
import { ORDER_STATUSES } from '../packages/domain/src/order-status.ts';
import { signToken } from '../apps/server/src/modules/auth/tokens.ts';
import { CATALOGUE_CASES } from './lib/catalogue-cases.ts';
import { benchOrdersExport } from './lib/export-stream.ts';
import { createDatabase, postgresServerUrl } from './lib/processes.mjs';
import { reportRow, round } from './lib/report.mjs';
import { seedOrders } from './lib/seed-orders.ts';
import { seedProducts } from './lib/seed-products.ts';
import { sizeOption } from './lib/smoke.mjs';
import { median, percentile, timeRuns, WARM_UP_RUNS } from './lib/timing.ts';

// SIZES=1m: the shape; otherwise today's defaults, so that the figures compare.
const large = process.env.SIZES === '1m';
const PRODUCTS = sizeOption('PRODUCTS', large ? 1_000_000 : 50_000, 300);
const ORDERS = sizeOption('ORDERS', large ? 10_000_000 : 200_000, 300);
const SHOPPERS = sizeOption('SHOPPERS', large ? 1_000_000 : 1_000, 3);
const CATEGORIES = sizeOption('CATEGORIES', large ? 500 : 10, 10);
const BRANDS = sizeOption('BRANDS', large ? 2_000 : 16, 16);
const PICTURES = sizeOption('PICTURES', large ? 5 : 1, 5);
const YEARS = sizeOption('YEARS', 3, 3);
const RUNS = sizeOption('RUNS', 30, 2);
const GOAL_MS = 50;
const ADMIN_GOAL_MS = 100;
const PRODUCT_PAGE_GOAL_MS = 20;
const CART_GOAL_MS = 20;
const SITEMAP_GOAL_MS = 500;
const DASHBOARD_GOAL_MS = 200;

const serverUrl = postgresServerUrl();
if (!serverUrl) {
  console.error('Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server (postgres://...)');
  process.exit(1);
}

const target = await createDatabase(serverUrl);
const dataDir = mkdtempSync(join(tmpdir(), 'proshop-bench-'));
const database = await openDatabase({ url: target.url, maxConnections: 10 });
try {
  await database.migrate();
  const productSeconds = await seedProducts(database.db, {
    products: PRODUCTS,
    categories: CATEGORIES,
    brands: BRANDS,
    pictures: PICTURES,
  });
  const history = await seedOrders(database.db, {
    shoppers: SHOPPERS,
    orders: ORDERS,
    years: YEARS,
  });
  const size = await database.db.execute(
    sql`select pg_database_size(current_database())::float8 as bytes`,
  );
  const bytes = (size as { rows: { bytes: number }[] }).rows[0]!.bytes;
  const n = (value: number) => value.toLocaleString('en');
  console.log(
    `\n=== Scale bench: ${n(PRODUCTS)} products (${n(CATEGORIES)} categories, ${n(BRANDS)} brands, ` +
      `${PICTURES} pictures each), ${n(SHOPPERS)} shoppers, ${n(ORDERS)} orders over ${YEARS} years ===\n` +
      `Built in ${(productSeconds + history.seconds).toFixed(1)} s (products ${productSeconds.toFixed(1)} s, ` +
      `shoppers and orders ${history.seconds.toFixed(1)} s); database ${(bytes / 2 ** 30).toFixed(2)} GB`,
  );
  reportRow({ figure: 'build time', value: round(productSeconds + history.seconds), unit: 's' });
  reportRow({ figure: 'database size', value: round(bytes / 2 ** 20), unit: 'MB' });

  const jwtSecret = randomBytes(32).toString('hex');
  const [admin] = await database.db
    .insert(users)
    .values({ name: 'Bench Admin', email: 'admin@bench.test', passwordHash: 'x', isAdmin: true })
    .returning();
  // shopper-0: the one with about 1,000 orders (seed-orders.ts).
  const [shopper] = await database.db
    .select()
    .from(users)
    .where(eq(users.email, 'shopper-0@bench.test'));
  const [someProduct] = await database.db
    .select({ id: products.id })
    .from(products)
    .limit(1)
    .offset(Math.floor(PRODUCTS / 2));
  const bearer = async (user: typeof admin) => ({
    authorization: `Bearer ${await signToken(user!, jwtSecret)}`,
  });
  const asAdmin = await bearer(admin);
  const asShopper = await bearer(shopper);
  // An order a third of the way back, for the search by its id's first 8 characters.
  const [someOrder] = await database.db
    .select({ id: orders.id })
    .from(orders)
    .limit(1)
    .offset(Math.floor(ORDERS / 3));
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const yearsAgo = new Date(Date.now() - YEARS * 365 * 86_400_000).toISOString().slice(0, 10);

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.BENCH_LOG ?? 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
  });
  const app = await buildApp({ config, database, jwtSecret });
  await app.ready();

  const middle = (items: number) => Math.ceil(Math.ceil(items / config.PAGE_SIZE) / 2);
  const orderPage = middle(ORDERS);
  const productPage = middle(PRODUCTS);
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  // A file in the middle of the sitemap (50,000 addresses a file, products first).
  const sitemapFile = Math.max(1, Math.ceil(PRODUCTS / 50_000 / 2));
  const cases: {
    label: string;
    url: string;
    headers?: Record<string, string>;
    goalMs?: number;
    /** Not JSON (the sitemaps). */
    text?: boolean;
  }[] = [
    {
      label: 'admin order list, page 1',
      url: '/api/orders',
      headers: asAdmin,
      goalMs: ADMIN_GOAL_MS,
    },
    {
      label: `admin order list, page ${orderPage}`,
      url: `/api/orders?pageNumber=${orderPage}`,
      headers: asAdmin,
    },
    { label: 'admin product list, page 1', url: '/api/products', headers: asAdmin },
    {
      label: `admin product list, page ${productPage}`,
      url: `/api/products?pageNumber=${productPage}`,
      headers: asAdmin,
    },
    {
      label: `My Orders (${n(history.heavyShopperOrders)} orders)`,
      url: '/api/orders/myorders',
      headers: asShopper,
    },
    { label: 'account cart', url: '/api/cart', headers: asShopper, goalMs: CART_GOAL_MS },
    {
      label: 'product page',
      url: `/api/products/${someProduct!.id}`,
      goalMs: PRODUCT_PAGE_GOAL_MS,
    },
    { label: 'sitemap index', url: '/sitemap.xml', goalMs: SITEMAP_GOAL_MS, text: true },
    {
      label: `sitemap file ${sitemapFile}`,
      url: `/sitemaps/${sitemapFile}.xml`,
      goalMs: SITEMAP_GOAL_MS,
      text: true,
    },
    // The storefront's filters, sorts and searches (bench/catalogue.ts), page 1 and page 1,000.
    ...CATALOGUE_CASES.flatMap(({ label, query }) =>
      [1, 1000].map((page) => ({
        label: `storefront ${label}, page ${page}`,
        url: `/api/products?${query}${query ? '&' : ''}pageNumber=${page}`,
      })),
    ),
    { label: 'top-rated carousel', url: '/api/products/top' },
    { label: 'search "headphones" (common word)', url: '/api/products?keyword=headphones' },
    { label: 'search "sony headphones" (2 words)', url: '/api/products?keyword=sony%20headphones' },
    {
      label: 'search "ultra drone 4242" (rare)',
      url: '/api/products?keyword=ultra%20drone%204242',
    },
    { label: 'search "ultra" (1 name in 16)', url: '/api/products?keyword=ultra' },
    { label: 'search "waterproof" (60 % of products)', url: '/api/products?keyword=waterproof' },
    {
      label: 'search "waterproof", page 1000',
      url: '/api/products?keyword=waterproof&pageNumber=1000',
    },
    { label: 'search "zz" (2 letters, no index)', url: '/api/products?keyword=zz' },
    // Sums over every paid order of the period and of the one before, and their lines.
    ...(['30d', '12m'] as const).map((range) => ({
      label: `dashboard, ${range === '30d' ? '30 days' : '12 months'}`,
      url: `/api/dashboard?range=${range}`,
      headers: asAdmin,
      goalMs: DASHBOARD_GOAL_MS,
    })),
    {
      label: `dashboard, ${YEARS} years (custom range)`,
      url: `/api/dashboard?range=custom&from=${yearsAgo}&to=${today}`,
      headers: asAdmin,
      goalMs: DASHBOARD_GOAL_MS,
    },
    // The admin's order search and filters (docs/decisions/0022-order-search-and-export.md).
    ...[
      ['e-mail "shopper-42@bench.test"', 'q=shopper-42%40bench.test'],
      ['name "Bench Shopper 42" (11 shoppers)', 'q=Bench%20Shopper%2042'],
      ['product "headphones"', 'q=headphones'],
      ['id, first 8 characters', `q=${someOrder!.id.slice(0, 8).toUpperCase()}`],
      ['no match', 'q=nobody-ordered-this'],
      ['product "limited" (1 % of lines)', 'q=limited'],
      ['product "limited", page 100', 'q=limited&pageNumber=100'],
      ['sent, last 30 days', `status=sent&from=${monthAgo}`],
      ...ORDER_STATUSES.map((status) => [`status ${status}`, `status=${status}`]),
      ['returns requested', 'returns=requested'],
      [`${YEARS} years back to 1 year back`, `from=${yearsAgo}&to=${yearAgo}`],
    ].map(([what, query]) => ({
      label: `admin order search, ${what}`,
      url: `/api/orders?${query}`,
      headers: asAdmin,
      goalMs: ADMIN_GOAL_MS,
    })),
    {
      label: `admin product list (low stock), page ${Math.ceil(productPage / 10)}`,
      url: `/api/products/admin?lowStock=1&pageNumber=${Math.ceil(productPage / 10)}`,
      headers: asAdmin,
      goalMs: ADMIN_GOAL_MS,
    },
    {
      label: `admin product list (new screen), page ${productPage}`,
      url: `/api/products/admin?pageNumber=${productPage}`,
      headers: asAdmin,
      goalMs: ADMIN_GOAL_MS,
    },
  ];

  // The catalogue reads are cached by URL (modules/catalogue-cache). A parameter the API ignores
  // makes every call a new URL, so each one reads the database as a shopper's first search does.
  let run = 0;
  const uncached = (url: string) => `${url}${url.includes('?') ? '&' : '?'}bench=${run++}`;
  const call = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ url: uncached(url), headers });
    if (response.statusCode !== 200)
      throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    return response;
  };
  const ready = await timeRuns(() => call('/api/ready'), RUNS);
  const baseline = { median: median(ready), p95: percentile(ready, 95) };

  console.log(
    `\nMedian and p95 of ${RUNS} runs after ${WARM_UP_RUNS} warm-up runs (app.inject, PostgreSQL):`,
  );
  console.log(
    `  ${'GET /api/ready (baseline)'.padEnd(62)} median ${baseline.median.toFixed(1).padStart(6)} ms   p95 ${baseline.p95.toFixed(1).padStart(6)} ms`,
  );
  for (const { label, url, headers, goalMs = GOAL_MS, text } of cases) {
    const first = await call(url, headers);
    type Answer = { pages?: number; bytes?: number; figures?: { orders: { current: number } } };
    const body: Answer | unknown[] = text ? { bytes: first.body.length } : first.json<Answer>();
    const what = Array.isArray(body)
      ? `${body.length} in the list`
      : body.figures
        ? `${body.figures.orders.current.toLocaleString('en')} paid orders`
        : body.bytes !== undefined
          ? `${n(body.bytes)} bytes`
          : body.pages !== undefined
            ? `${body.pages} pages`
            : 'one';
    const times = await timeRuns(() => call(url, headers), RUNS);
    const result = { median: median(times), p95: percentile(times, 95) };
    console.log(
      `  ${label.padEnd(62)} median ${result.median.toFixed(1).padStart(6)} ms   p95 ${result.p95.toFixed(1).padStart(6)} ms   (${what})`,
    );
    reportRow({
      figure: `${label} median`,
      value: round(result.median),
      unit: 'ms',
      baseline: round(baseline.median),
      baselineName: 'GET /api/ready median',
      goal: `< ${goalMs} ms`,
      ok: result.median < goalMs,
    });
    reportRow({
      figure: `${label} p95`,
      value: round(result.p95),
      unit: 'ms',
      baseline: round(baseline.p95),
      baselineName: 'GET /api/ready p95',
    });
  }

  // The CSV export of every order, over a socket, read as fast as it comes.
  await benchOrdersExport(app, asAdmin, ORDERS);
  await app.close();
} finally {
  await database.close();
  if (process.env.KEEP === '1') console.log(`Kept the database: ${target.url}`);
  else await target.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
