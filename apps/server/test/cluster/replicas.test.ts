import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClusterSignedIn, type Cluster } from './helpers/cluster.ts';
import { httpClient, json, type Reply, type Send } from './helpers/http-client.ts';
import { proved } from './helpers/proof.ts';
import { startStreamingReplica, type StreamingReplica } from './helpers/streaming-replica.ts';
import {
  countStatuses,
  createProduct,
  inParallel,
  payAllAtOnce,
  type Product,
} from './helpers/shop-api.ts';

const MAX_LAG_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The read-your-writes cookie a change's answer set, to send back as a browser would. */
function cookieOf(reply: Reply): string {
  const line = [reply.headers['set-cookie'] ?? []]
    .flat()
    .find((cookie) => cookie.startsWith('proshop_read_primary='));
  expect(line, 'the change set the read-your-writes cookie').toBeDefined();
  return line!.split(';')[0]!;
}

/** Polls `check` until it holds; answers how long that took (ms), or fails after `limitMs`. */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`Not true within ${limitMs} ms`);
    await sleep(25);
  }
  return Date.now() - started;
}

// Issue #40: reads spread over a real PostgreSQL streaming replica (docs/decisions/0047).
describe('3 instances behind nginx reading from a streaming replica of the primary', () => {
  let cluster: Cluster;
  let adminToken: string;
  let replica: StreamingReplica;
  let replicaDb: pg.Pool;

  beforeAll(async () => {
    ({ cluster, adminToken } = await startClusterSignedIn(
      { REPLICA_MAX_LAG_MS: String(MAX_LAG_MS) },
      {
        beside: async (postgres) => {
          replica = await startStreamingReplica(postgres);
          return { env: { DATABASE_REPLICA_URLS: replica.url }, stop: () => replica.destroy() };
        },
      },
    ));
    replicaDb = new pg.Pool({ connectionString: replica.url, max: 1 });
    replicaDb.on('error', () => {});
  });
  afterAll(async () => {
    await replicaDb?.end().catch(() => {});
    await cluster?.stop();
  });

  it('streams from the primary through a replication slot, read-only', async () => {
    const standby = await replicaDb.query<{ standby: boolean }>(
      'select pg_is_in_recovery() as standby',
    );
    expect(standby.rows[0]!.standby).toBe(true);
    const slot = await cluster.db.query<{ active: boolean }>(
      'select active from pg_replication_slots where slot_name = $1',
      [replica.slot],
    );
    expect(slot.rows[0]?.active).toBe(true);
    const streaming = await cluster.db.query<{ state: string }>(
      'select state from pg_stat_replication',
    );
    expect(streaming.rows.map((row) => row.state)).toEqual(['streaming']);
    proved(
      `Replica: pg_basebackup -R -C -S ${replica.slot} made a hot standby; the primary streams to it ` +
        `(pg_stat_replication: streaming, slot active); 3 instances read from it (DATABASE_REPLICA_URLS)`,
    );
  });

  it('a product saved on the primary is shown by every instance within the lag bound, the admin who saved it at once', async () => {
    const send = httpClient(cluster.nginx.url, { prefix: 'replica-save' });
    const product = await createProduct(send, adminToken, {
      name: `Replica lamp ${Date.now()}`,
      price: 7,
      countInStock: 5,
    });
    const direct = cluster.instances.map((instance, i) =>
      httpClient(instance.url, { prefix: `replica-direct-${i + 1}` }),
    );
    // Every instance caches the product page and a search first: the change must replace them.
    const keyword = product.name.split(' ').at(-1)!;
    const pageShows = async (client: Send, name: string, cookie?: string) => {
      const options = cookie ? { headers: { cookie } } : {};
      const [page, search] = await Promise.all([
        client('GET', `/api/products/${product._id}`, options),
        client('GET', `/api/products?keyword=${keyword}`, options),
      ]);
      expect([page.status, search.status]).toEqual([200, 200]);
      return (
        json<Product>(page).name === name &&
        json<{ products: Product[] }>(search).products.some((p) => p.name === name)
      );
    };
    for (const client of direct) expect(await pageShows(client, product.name)).toBe(true);

    const newName = `${product.name} renamed`;
    const saved = await send('PUT', `/api/products/${product._id}`, {
      token: adminToken,
      body: { ...pick(product), name: newName },
    });
    expect(saved.status, saved.body).toBe(200);
    const savedAt = Date.now();
    const cookie = cookieOf(saved);
    // The admin, with the cookie the save set, sees it on the first try on every instance.
    for (const client of direct) expect(await pageShows(client, newName, cookie)).toBe(true);
    const exported = await send('GET', '/api/products/export.csv', {
      token: adminToken,
      headers: { cookie },
    });
    expect(exported.body).toContain(newName);
    // Everyone else: every instance, within the bound (measured from the save's answer).
    const delays = await Promise.all(
      direct.map((client) => within(MAX_LAG_MS, () => pageShows(client, newName))),
    );
    const sinceSave = Date.now() - savedAt;
    expect(sinceSave).toBeLessThanOrEqual(MAX_LAG_MS + 1_000);
    proved(
      `Replica, freshness: a product renamed on the primary was shown (product page and search, ` +
        `catalogue cache included) by all 3 instances after ${delays.join(', ')} ms (bound ${MAX_LAG_MS} ms); ` +
        `the admin who saved it, sending the cookie the save set, saw it at once on every instance`,
    );
  });

  it('reads do go to the replica; one left behind (replay paused) is left out past the bound, and taken back', async () => {
    const send = httpClient(cluster.nginx.url, { prefix: 'replica-pause' });
    const product = await createProduct(send, adminToken, {
      name: `Paused lamp ${Date.now()}`,
      price: 4,
      countInStock: 3,
    });
    const exportShows = async (name: string, cookie?: string) => {
      const res = await send('GET', '/api/products/export.csv', {
        token: adminToken,
        ...(cookie ? { headers: { cookie } } : {}),
      });
      expect(res.status).toBe(200);
      return res.body.includes(name);
    };
    await within(MAX_LAG_MS, () => exportShows(product.name));

    await replicaDb.query('select pg_wal_replay_pause()');
    try {
      const newName = `Paused lamp renamed ${Date.now()}`;
      const saved = await send('PUT', `/api/products/${product._id}`, {
        token: adminToken,
        body: { ...pick(product), name: newName },
      });
      expect(saved.status, saved.body).toBe(200);
      const savedAt = Date.now();
      // Without the cookie, an export (not cached, not fenced) reads the paused replica: old name.
      expect(await exportShows(newName)).toBe(false);
      expect(await exportShows(product.name)).toBe(true);
      // The admin who saved it, sending back the cookie the save set, reads from the primary.
      expect(await exportShows(newName, cookieOf(saved))).toBe(true);
      // The product page is refilled only from a server that has the change: the primary.
      const page = await send('GET', `/api/products/${product._id}`);
      expect(json<Product>(page).name).toBe(newName);
      // So is the page the server writes for it (decision 0025), cached likewise.
      const written = await send('GET', `/product/${product._id}`);
      expect(written.status).toBe(200);
      expect(written.body).toContain(newName);
      // Past the bound the replica is left out: the primary answers.
      await within(MAX_LAG_MS + 2_000, () => exportShows(newName));
      const sinceSave = Date.now() - savedAt;
      // Not before the bound: a replica within it keeps serving.
      expect(sinceSave).toBeGreaterThanOrEqual(MAX_LAG_MS - 500);
      // Each instance logs it (its lines are written within a second).
      await within(3_000, async () =>
        cluster.instances.every((instance) => instance.output().includes('Read replica left out')),
      );
      proved(
        `Replica, lag: with replay paused, an export right after a rename still showed the old name ` +
          `(read from the replica), the same export by the admin who saved it (cookie) the new one, ` +
          `and the product page (API and server-written) the new one too (cache refill fenced ` +
          `to the primary); ${sinceSave} ms after the save the replica was left out ` +
          `(logged by every instance) and the export showed the new name`,
      );
    } finally {
      await replicaDb.query('select pg_wal_replay_resume()');
    }
    await within(5_000, async () =>
      cluster.instances.every((instance) => instance.output().includes('Read replica back in use')),
    );
  });

  it('100 concurrent payments for 10 units on the primary sell exactly 10', async () => {
    const send = httpClient(cluster.nginx.url, {
      prefix: 'replica-oversell',
      localAddress: '127.0.0.2',
    });
    const product = await createProduct(send, adminToken, {
      name: `Replica oversell ${Date.now()}`,
      price: 3,
      countInStock: 10,
    });
    const { replies } = await payAllAtOnce(send, cluster.db, product, {
      shoppers: 10,
      payments: 100,
      label: 'replica-oversell',
    });
    expect(countStatuses(replies)).toEqual({ 200: 10, 409: 90 });
    const stock = await cluster.db.query<{ count_in_stock: number }>(
      'select count_in_stock from products where id = $1',
      [product._id],
    );
    expect(stock.rows[0]!.count_in_stock).toBe(0);
    // The storefront, reading from the replica, shows it sold out within the bound.
    const soldOutAfter = await within(MAX_LAG_MS, async () => {
      const page = await send('GET', `/api/products/${product._id}`);
      return json<Product>(page).countInStock === 0;
    });
    proved(
      `Replica, oversell: 100 concurrent payments for 10 units with replicas configured: 10 paid, ` +
        `90 refused, stock 0 on the primary; the product page showed it sold out after ${soldOutAfter} ms`,
    );
  });

  it('stopping the replica mid-load fails no request', async () => {
    const send = httpClient(cluster.nginx.url, { prefix: 'replica-stop' });
    const paths = (n: number) => [
      `/api/products?keyword=lamp${n}`,
      `/api/products?pageNumber=${(n % 3) + 1}&sort=price-desc`,
      '/api/products/export.csv',
      '/api/dashboard',
    ];
    const replies: Reply[] = [];
    let stoppedAt = 0;
    const started = Date.now();
    const load = inParallel(Array.from({ length: 16 }), 16, async (_, worker) => {
      let n = worker * 10_000;
      while (Date.now() - started < 4_000) {
        n += 1;
        for (const path of paths(n)) replies.push(await send('GET', path, { token: adminToken }));
      }
    });
    await sleep(1_500);
    // What each instance logged before the stop: the replica may have been left out earlier
    // (the lag test), so only a line written after it counts.
    const loggedBefore = cluster.instances.map((instance) => instance.output().length);
    replica.stop('immediate');
    stoppedAt = Date.now() - started;
    await load;
    const statuses = countStatuses(replies);
    const afterStop = replies.filter((reply) => reply.startedAt - started >= stoppedAt).length;
    expect(statuses).toEqual({ 200: replies.length });
    expect(afterStop).toBeGreaterThan(0);
    // The reason's words depend on where the stop caught each connection (terminated, refused,
    // shutting down, a probe's timeout): the line itself is what every instance must write.
    await within(3_000, async () =>
      cluster.instances.every((instance, i) =>
        instance.output().slice(loggedBefore[i]).includes('Read replica left out: '),
      ),
    );
    proved(
      `Replica, failure: ${replies.length} concurrent reads (16 clients: searches, pages, exports, ` +
        `dashboard) with the replica stopped (pg_ctl stop -m immediate) ${stoppedAt} ms in: ` +
        `${JSON.stringify(statuses)}, ${afterStop} of them after the stop; every instance logged ` +
        `the replica left out`,
    );
  });
});

/** The fields PUT /api/products/:id takes, from a product as answered. */
function pick(product: Product) {
  const { name, price, image, brand, category, description, countInStock } = product;
  return { name, price, image, brand, category, description, countInStock, status: 'active' };
}
