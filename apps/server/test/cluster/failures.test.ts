import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  perInstance,
  servedPerInstance,
  startClusterSignedIn,
  webAssets,
  type Cluster,
} from './helpers/cluster.ts';
import { httpClient, json, type Reply } from './helpers/http-client.ts';
import { proved } from './helpers/proof.ts';
import {
  confirmRegistered,
  createProduct,
  inParallel,
  placeOrder,
  register,
  type Product,
} from './helpers/shop-api.ts';

// An instance lost, or restarted on purpose, while the shop is busy.
describe('3 instances behind nginx losing and restarting instances under load', () => {
  let cluster: Cluster;
  let adminToken: string;

  beforeAll(async () => ({ cluster, adminToken } = await startClusterSignedIn()));
  afterAll(() => cluster?.stop());

  it('(e) one instance killed with SIGKILL mid-load: every acknowledged order exists, the others keep serving', async () => {
    const send = httpClient(cluster.nginx.url, { prefix: 'kill', localAddress: '127.0.0.4' });
    const product = await createProduct(send, adminToken, {
      name: `Kill lamp ${Date.now()}`,
      price: 4,
      countInStock: 100_000,
    });
    const shoppers = await inParallel(Array.from({ length: 8 }), 4, (_, i) =>
      register(send, `kill-${i}`),
    );
    await confirmRegistered(cluster.db);
    const victim = cluster.instances[1]!;
    const orders: Reply[] = [];
    const reads: Reply[] = [];
    let killedAt = Number.POSITIVE_INFINITY;
    let stopReads = false;
    const total = 300;
    let attempted = 0;
    let kill: Promise<unknown> | undefined;

    const orderStream = async (token: string) => {
      while (attempted < total) {
        attempted += 1;
        const reply = await placeOrder(send, token, product);
        orders.push(reply);
        if (!kill && orders.filter((o) => o.status === 201).length >= 60) {
          kill = victim.stop('SIGKILL').then(() => (killedAt = Date.now()));
        }
      }
    };
    const readStream = async () => {
      while (!stopReads) reads.push(await send('GET', `/api/products/${product._id}`));
    };
    const readers = [readStream(), readStream()];
    await Promise.all(shoppers.map(orderStream));
    stopReads = true;
    await Promise.all(readers);
    await kill;

    const acknowledged = orders.filter((reply) => reply.status === 201);
    const failed = orders.filter((reply) => reply.status !== 201);
    const ids = acknowledged.map((reply) => json<{ _id: string }>(reply)._id);
    const stored = await cluster.db.query<{ n: number }>(
      'select count(*)::int as n from orders where id = any($1)',
      [ids],
    );
    expect(stored.rows[0]!.n).toBe(acknowledged.length);
    // Only orders in flight to the killed instance failed: nginx does not resend a POST it sent.
    expect(failed.length).toBeLessThanOrEqual(shoppers.length);
    for (const reply of failed) {
      expect(reply.status).toBe(502);
      expect(reply.startedAt).toBeLessThan(killedAt);
    }
    // The killed instance had been taking its share of the orders.
    expect(victim.countServed(orders.map((reply) => reply.id))).toBeGreaterThan(0);
    const afterKill = acknowledged.filter((reply) => reply.startedAt > killedAt).length;
    expect(afterKill).toBeGreaterThan(0);
    // Reads are idempotent: nginx resent those that were on the killed instance.
    expect(reads.filter((reply) => reply.status !== 200)).toEqual([]);
    const retried = cluster.nginx
      .accessLog()
      .split('\n')
      .filter((line) => / id=kill-/.test(line) && /upstream_status=\d+, /.test(line));
    proved(
      `(e) SIGKILL: ${victim.name} killed after 60 of ${total} order creations (8 streams) and ` +
        `${reads.length} reads: ${acknowledged.length} orders acknowledged (201), all ` +
        `${stored.rows[0]!.n} in the database; ${failed.length} in flight on the killed instance ` +
        `answered 502; ${afterKill} orders acknowledged after the kill by the other two; ` +
        `0 of ${reads.length} reads failed; passed on to another instance by nginx: ${retried.length}`,
    );

    victim.start();
    await victim.ready();
  });

  it('(f) a rolling restart (SIGTERM, start, ready, next) under a steady GET load drops no request', async () => {
    const send = httpClient(cluster.nginx.url, { prefix: 'rolling' });
    const products = json<{ products: Product[] }>(await send('GET', '/api/products')).products;
    const asset = readdirSync(webAssets).find((file) => file.endsWith('.js'));
    const paths = [
      '/api/products',
      '/api/products/top',
      `/api/products/${products[0]!._id}`,
      '/api/config/pay',
      '/',
      ...(asset ? [`/assets/${asset}`] : []),
    ];
    const replies: Reply[] = [];
    let running = true;
    const load = async (worker: number) => {
      for (let i = worker; running; i += 1)
        replies.push(await send('GET', paths[i % paths.length]!));
    };
    const loadStarted = Date.now();
    const workers = Array.from({ length: 6 }, (_, worker) => load(worker));
    const stops: string[] = [];
    for (const instance of cluster.instances) {
      // One at a time: the others must be serving before this one stops.
      await Promise.all(cluster.instances.map((other) => other.inRotation('rolling')));
      const stopping = Date.now();
      const exit = await instance.stop('SIGTERM');
      expect(exit.code, instance.output().slice(-2000)).toBe(0);
      expect(instance.output()).toContain('Stopped cleanly');
      stops.push(`${Date.now() - stopping} ms`);
      instance.start();
      await instance.ready();
    }
    running = false;
    await Promise.all(workers);
    const seconds = (Date.now() - loadStarted) / 1000;

    const failed = replies.filter((reply) => reply.status !== 200);
    expect(failed.map((reply) => `${reply.status} ${reply.path}`)).toEqual([]);
    const retried = cluster.nginx
      .accessLog()
      .split('\n')
      .filter((line) => / id=rolling-/.test(line) && /upstream_status=\d+, /.test(line));
    const counts = await servedPerInstance(
      cluster.instances,
      replies.filter((reply) => reply.headers['x-cache-status'] !== 'HIT').map((reply) => reply.id),
    );
    proved(
      `(f) Rolling restart: each of the 3 instances stopped by SIGTERM (exit 0 in ${stops.join(', ')}), ` +
        `started again and ready before the next, under 6 GET streams: ${replies.length} ` +
        `requests in ${seconds.toFixed(1)} s (${Math.round(replies.length / seconds)}/s), 0 failed; ` +
        `passed on to another instance by nginx: ${retried.length}; served by ` +
        `${perInstance(cluster.instances, counts)}`,
    );
  });
});
