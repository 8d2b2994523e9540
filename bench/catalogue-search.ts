// Bench (not a test): builds a 50,000-product catalogue in a throwaway PostgreSQL database and
// times a keyword search and page 1 of the home list through the whole app (app.inject), so the
// figures include routing, validation, the queries and serialisation.
//
//   DATABASE_URL=postgres://... npm run bench      (or TEST_DATABASE_URL)
//   Options: PRODUCTS=50000 RUNS=30, KEEP=1 keeps the database (its URL is printed) for EXPLAIN.
//
// It creates its own database on that server and drops it at the end; the server's other
// databases are not touched. Goal (issue 3): each median under 50 ms.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { products } from '../apps/server/src/db/schema.ts';

const PRODUCT_COUNT = Number(process.env.PRODUCTS ?? 50_000);
const RUNS = Number(process.env.RUNS ?? 30);
const GOAL_MS = 50;
const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error('Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server (postgres://...)');
  process.exit(1);
}

// A small deterministic generator: the same catalogue on every run.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const adjectives = [
  'Wireless',
  'Compact',
  'Classic',
  'Smart',
  'Portable',
  'Premium',
  'Rugged',
  'Silent',
  'Vintage',
  'Ultra',
  'Eco',
  'Pro',
  'Mini',
  'Deluxe',
  'Travel',
  'Digital',
];
const nouns = [
  'Headphones',
  'Speaker',
  'Camera',
  'Keyboard',
  'Mouse',
  'Lamp',
  'Kettle',
  'Watch',
  'Backpack',
  'Charger',
  'Monitor',
  'Router',
  'Blender',
  'Drone',
  'Tripod',
  'Microphone',
  'Projector',
  'Toaster',
  'Heater',
  'Fan',
  'Scanner',
  'Printer',
  'Tablet',
  'Phone',
];
const brands = [
  'Apple',
  'Sony',
  'Logitech',
  'Philips',
  'Bosch',
  'Canon',
  'Anker',
  'Samsung',
  'Lenovo',
  'Braun',
  'Garmin',
  'Dell',
  'Bose',
  'Nikon',
  'Asus',
  'Xiaomi',
];
const categories = [
  'Electronics',
  'Kitchen',
  'Office',
  'Outdoor',
  'Audio',
  'Photography',
  'Home',
  'Gaming',
  'Travel',
  'Lighting',
];
const words = [
  'quality',
  'battery',
  'design',
  'everyday',
  'durable',
  'light',
  'fast',
  'quiet',
  'warranty',
  'stainless',
  'aluminium',
  'adjustable',
  'premium',
  'comfortable',
  'reliable',
  'energy',
  'efficient',
  'powerful',
  'elegant',
  'modern',
  'simple',
  'waterproof',
  'bluetooth',
];

function sentence(length: number): string {
  return Array.from({ length }, () => pick(words)).join(' ') + '.';
}

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `proshop_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  return { url: url.toString(), drop };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const target = await createDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'proshop-bench-'));
const database = await openDatabase({ url: target.url, maxConnections: 10 });
try {
  await database.migrate();
  const started = performance.now();
  const batch = 1_000;
  const day = 86_400_000;
  for (let offset = 0; offset < PRODUCT_COUNT; offset += batch) {
    const rows = Array.from({ length: Math.min(batch, PRODUCT_COUNT - offset) }, (_, i) => {
      const n = offset + i;
      return {
        name: `${pick(adjectives)} ${pick(nouns)} ${n}`,
        image: '/images/sample.webp',
        brand: pick(brands),
        category: pick(categories),
        description: `${sentence(12)} ${sentence(10)}`,
        price: (1 + random() * 999).toFixed(2),
        countInStock: Math.floor(random() * 50),
        rating: (random() * 5).toFixed(2),
        numReviews: Math.floor(random() * 100),
        createdAt: new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 2_000 * day)),
      };
    });
    await database.db.insert(products).values(rows);
  }
  // A catalogue in use has been vacuumed and analysed by autovacuum; a freshly loaded one not yet,
  // and without the visibility map and statistics the planner misjudges the trigram index.
  await database.db.execute(sql`vacuum analyze products`);
  console.log(
    `Created ${PRODUCT_COUNT.toLocaleString('en')} products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
  });
  const app = await buildApp({ config, database, jwtSecret: randomBytes(32).toString('hex') });
  await app.ready();

  const cases: [string, string][] = [
    ['home list, page 1', '/api/products'],
    ['home list, page 100', '/api/products?pageNumber=100'],
    ['top-rated carousel', '/api/products/top'],
    ['keyword "headphones" (common word)', '/api/products?keyword=headphones'],
    ['keyword "sony headphones" (2 words)', '/api/products?keyword=sony%20headphones'],
    ['keyword "ultra drone 4242" (rare)', '/api/products?keyword=ultra%20drone%204242'],
    ['keyword "waterproof" (descriptions)', '/api/products?keyword=waterproof'],
    ['keyword "zz" (2 letters, no index)', '/api/products?keyword=zz'],
  ];
  console.log(`\nMedian and p95 of ${RUNS} runs after 5 warm-up runs (app.inject, PostgreSQL):`);
  const results: { label: string; median: number; p95: number; size: string }[] = [];
  for (const [label, url] of cases) {
    for (let i = 0; i < 5; i++) await app.inject(url);
    const times: number[] = [];
    let size = '';
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await app.inject(url);
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
      const body = res.json<{ pages: number } | unknown[]>();
      size = Array.isArray(body) ? `${body.length} products` : `${body.pages} pages`;
    }
    results.push({ label, median: median(times), p95: percentile(times, 95), size });
  }
  for (const r of results) {
    console.log(
      `  ${r.label.padEnd(40)} median ${r.median.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   (${r.size})`,
    );
  }
  const keyword = results.find((r) => r.label.startsWith('keyword "headphones"'))!;
  const home = results[0]!;
  const ok = keyword.median < GOAL_MS && home.median < GOAL_MS;
  console.log(
    `\nGoal: keyword search and home page 1 each under ${GOAL_MS} ms median → ${ok ? 'met' : 'NOT met'}` +
      ` (search ${keyword.median.toFixed(1)} ms, home ${home.median.toFixed(1)} ms)`,
  );
  await app.close();
} finally {
  await database.close();
  if (process.env.KEEP === '1') console.log(`Kept the database: ${target.url}`);
  else await target.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
