import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRule } from '../../src/modules/rate-limit/rules.ts';
import { countStatuses as countAnswers, releaseTogether } from '../helpers/release-together.ts';
import {
  instanceThatAnswered,
  perInstance,
  servedPerInstance,
  startClusterSignedIn,
  webAssets,
  type Cluster,
} from './helpers/cluster.ts';
import { httpClient, json, type Reply, type Send } from './helpers/http-client.ts';
import { proved } from './helpers/proof.ts';
import {
  confirmRegistered,
  countStatuses,
  createProduct,
  inParallel,
  payAllAtOnce,
  placeOrder,
  register,
  updateProduct,
  type Product,
} from './helpers/shop-api.ts';

const migrationJournal = new URL('../../src/db/migrations/meta/_journal.json', import.meta.url);

// What a shop needs from several instances: one database, one rate limit, one catalogue.
describe('a shop on 3 instances behind nginx, sharing PostgreSQL and Redis', () => {
  let cluster: Cluster;
  let adminToken: string;

  beforeAll(async () => ({ cluster, adminToken } = await startClusterSignedIn()));
  afterAll(() => cluster?.stop());

  it('starts 3 instances together on an empty database: migrated once, seeded once, nginx -t passes', async () => {
    const journal = JSON.parse(readFileSync(migrationJournal, 'utf8')) as { entries: unknown[] };
    const migrations = await cluster.db.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(migrations.rows[0]!.n).toBe(journal.entries.length);
    const seeders = cluster.instances.filter((instance) =>
      instance.output().includes('Seeded the demo catalogue'),
    );
    expect(seeders).toHaveLength(1);
    const users = await cluster.db.query<{ n: number }>('select count(*)::int as n from users');
    expect(users.rows[0]!.n).toBe(3);
    expect(cluster.nginx.testOutput).toContain('test is successful');
    const memory = cluster.instances.map((instance) => `${instance.usage()?.peakMb} MB`);
    proved(
      `Start: 3 instances started together on an empty database all became ready; ` +
        `${journal.entries.length} migrations applied once, demo data seeded by 1 instance (3 accounts); ` +
        `nginx -t accepts deploy/nginx.conf; peak memory after start ${memory.join(', ')}`,
    );
  });

  it("(a) a shopper's journey through nginx: requests spread over all 3 instances, payments captured on another instance", async () => {
    const send = httpClient(cluster.nginx.url, { prefix: 'journey' });
    const replies: Reply[] = [];
    const track = async (reply: Promise<Reply>, status: number) => {
      const res = await reply;
      expect(res.status, `${res.method} ${res.path}: ${res.body}`).toBe(status);
      replies.push(res);
      return res;
    };
    const journeys = 6;
    let capturedElsewhere = 0;
    for (let n = 1; n <= journeys; n += 1) {
      const email = `journey-${n}-${Date.now()}@example.test`;
      const password = 'journey password';
      await track(
        send('POST', '/api/users', { body: { name: `Journey ${n}`, email, password } }),
        201,
      );
      // As following the e-mailed link would: an unconfirmed account cannot order.
      await confirmRegistered(cluster.db);
      const signedIn = await track(
        send('POST', '/api/users/login', { body: { email, password } }),
        200,
      );
      const token = json<{ token: string }>(signedIn).token;
      const list = await track(send('GET', '/api/products'), 200);
      // A product without options: ordering one with options would need a variant chosen.
      const inStock = json<{ products: Product[] }>(list).products.filter(
        (p) => p.countInStock > 0 && p.variantCount === 1,
      );
      const product = inStock[n % inStock.length]!;
      await track(send('GET', `/api/products/${product._id}`), 200);
      const order = json<{ _id: string }>(await track(placeOrder(send, token, product), 201));
      const started = await track(send('POST', `/api/orders/${order._id}/payment`, { token }), 200);
      const { providerOrderId } = json<{ providerOrderId: string }>(started);
      const paid = await track(
        send('PUT', `/api/orders/${order._id}/pay`, { token, body: { providerOrderId } }),
        200,
      );
      expect(json<{ isPaid: boolean }>(paid).isPaid).toBe(true);
      const seen = await track(send('GET', `/api/orders/${order._id}`, { token }), 200);
      expect(json<{ isPaid: boolean; paidAt: string }>(seen)).toMatchObject({ isPaid: true });

      await servedPerInstance(cluster.instances, [started.id, paid.id]);
      const creator = instanceThatAnswered(cluster.instances, started.id);
      const capturer = instanceThatAnswered(cluster.instances, paid.id);
      if (creator !== capturer) capturedElsewhere += 1;
    }
    const counts = await servedPerInstance(
      cluster.instances,
      replies.map((reply) => reply.id),
    );
    for (const count of counts) expect(count).toBeGreaterThan(0);
    // Test payments hold no state: one instance captures what another created.
    expect(capturedElsewhere).toBeGreaterThan(0);
    proved(
      `(a) Journey: ${journeys} shoppers registered, signed in, listed products, ordered, paid in ` +
        `test mode and saw the order paid: ${replies.length} requests through nginx, all answered ` +
        `as expected, served by ${perInstance(cluster.instances, counts)}; ${capturedElsewhere} of ` +
        `${journeys} payments were captured by another instance than the one that created them`,
    );
  });

  it('(b) 200 concurrent payments for a product with 20 in stock sell exactly 20, across instances', async () => {
    // From another client address, so this test's registrations have a rate limit of their own.
    const send = httpClient(cluster.nginx.url, { prefix: 'oversell', localAddress: '127.0.0.2' });
    const product = await createProduct(send, adminToken, {
      name: `Oversell lamp ${Date.now()}`,
      price: 3,
      countInStock: 20,
    });
    const { orderIds, replies } = await payAllAtOnce(send, cluster.db, product, {
      shoppers: 20,
      payments: 200,
      label: 'oversell',
    });
    expect(countStatuses(replies)).toEqual({ 200: 20, 409: 180 });
    for (const reply of replies.filter((r) => r.status === 409)) {
      expect(json<{ message: string }>(reply).message).toMatch(/out of stock/);
    }
    const stock = await cluster.db.query<{ count_in_stock: number }>(
      'select count_in_stock from products where id = $1',
      [product._id],
    );
    expect(stock.rows[0]!.count_in_stock).toBe(0);
    const paid = await cluster.db.query<{ n: number }>(
      'select count(*)::int as n from orders where is_paid and id = any($1)',
      [orderIds],
    );
    expect(paid.rows[0]!.n).toBe(20);

    const counts = await servedPerInstance(
      cluster.instances,
      replies.map((reply) => reply.id),
    );
    for (const count of counts) expect(count).toBeGreaterThan(0);
    const sold = cluster.instances.map(
      (instance) =>
        replies.filter((reply) => reply.status === 200 && instance.served.has(reply.id)).length,
    );
    proved(
      `(b) Oversell: 200 concurrent payments (20 shoppers, 200 orders) for a product with 20 in ` +
        `stock: 20 paid, 180 refused "out of stock", stock 0, 20 paid orders in the database; ` +
        `payments served by ${perInstance(cluster.instances, counts)}; sales made by ${perInstance(cluster.instances, sold)}`,
    );
    const usage = cluster.instances.map((instance) => instance.usage());
    proved(
      `Sizing: after the journey and the oversell, per instance peak memory ` +
        usage.map((u, i) => `${cluster.instances[i]!.name} ${u?.peakMb} MB`).join(', ') +
        `; CPU time used ` +
        usage.map((u) => `${u?.cpuSeconds.toFixed(1)} s`).join(', '),
    );
  });

  it('(c) the sign-in rate limit holds across instances: the limit of rules.ts, not 3 times it', async () => {
    const rule = signInRule;
    const byEmail = httpClient(cluster.nginx.url, { prefix: 'limit-email' });
    const email = `limited-${Date.now()}@example.test`;
    const attempts = rule.perEmailAndAddress + 5;
    const emailReplies: Reply[] = [];
    for (let i = 0; i < attempts; i += 1) {
      emailReplies.push(
        await byEmail('POST', '/api/users/login', { body: { email, password: 'wrong password' } }),
      );
    }
    expect(emailReplies.map((reply) => reply.status)).toEqual([
      ...Array<number>(rule.perEmailAndAddress).fill(401),
      ...Array<number>(5).fill(429),
    ]);
    const emailCounts = await servedPerInstance(
      cluster.instances,
      emailReplies.map((reply) => reply.id),
    );
    for (const count of emailCounts) expect(count).toBeGreaterThan(0);

    // 50 guesses at another e-mail held open and released together: nginx spreads them over the
    // instances, which share one count in Redis, so no more than the limit are judged.
    const together = `together-${Date.now()}@example.test`;
    const togetherIds = Array.from({ length: 50 }, (_, i) => `limit-together-${i}`);
    const togetherAnswers = await releaseTogether(
      cluster.nginx.url,
      togetherIds.map((id) => ({
        method: 'POST' as const,
        url: '/api/users/login',
        headers: { 'x-request-id': id },
        payload: { email: together, password: 'wrong password' },
      })),
    );
    const togetherStatuses = countAnswers(togetherAnswers);
    expect(togetherStatuses[401]).toBeLessThanOrEqual(rule.perEmail.spacedFrom);
    expect((togetherStatuses[401] ?? 0) + (togetherStatuses[429] ?? 0)).toBe(50);
    const togetherCounts = await servedPerInstance(cluster.instances, togetherIds);
    for (const count of togetherCounts) expect(count).toBeGreaterThan(0);

    // Another client (127.0.0.3) that names a new address in X-Forwarded-For each time: nginx
    // appends the address it saw, and with TRUST_PROXY=1 that one counts, not the forged ones.
    const byAddress = httpClient(cluster.nginx.url, {
      prefix: 'limit-address',
      localAddress: '127.0.0.3',
    });
    const addressReplies: Reply[] = [];
    for (let i = 0; i <= rule.perAddress; i += 1) {
      addressReplies.push(
        await byAddress('POST', '/api/users/login', {
          body: { email: `nobody-${i}@example.test`, password: 'wrong password' },
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        }),
      );
    }
    expect(addressReplies.map((reply) => reply.status)).toEqual([
      ...Array<number>(rule.perAddress).fill(401),
      429,
    ]);
    const addressCounts = await servedPerInstance(
      cluster.instances,
      addressReplies.map((reply) => reply.id),
    );
    for (const count of addressCounts) expect(count).toBeGreaterThan(0);
    proved(
      `(c) Rate limit: ${attempts} wrong passwords for one e-mail through nginx: ` +
        `${rule.perEmailAndAddress} answered 401, then 429 (limit ${rule.perEmailAndAddress} ` +
        `per e-mail and address, not ${rule.perEmailAndAddress * 3}), served by ` +
        `${perInstance(cluster.instances, emailCounts)}; 50 guesses at one e-mail released ` +
        `together: ${togetherStatuses[401] ?? 0} judged (401), ${togetherStatuses[429] ?? 0} ` +
        `refused (429), served by ${perInstance(cluster.instances, togetherCounts)}; ` +
        `${rule.perAddress + 1} failed sign-ins from one client forging X-Forwarded-For: ` +
        `${rule.perAddress} answered 401, the next 429 (limit ${rule.perAddress} per address), ` +
        `served by ${perInstance(cluster.instances, addressCounts)}`,
    );
  });

  it('(d) an admin price change is seen by every instance on the next request', async () => {
    const send = httpClient(cluster.nginx.url, { prefix: 'price' });
    const product = await createProduct(send, adminToken, {
      name: `Price lamp ${Date.now()}`,
      price: 10,
      countInStock: 5,
    });
    const direct = cluster.instances.map((instance) =>
      httpClient(instance.url, { prefix: `price-direct-${instance.port}` }),
    );
    const priceSeen = async (client: Send) => {
      const detail = await client('GET', `/api/products/${product._id}`);
      const list = await client('GET', `/api/products?keyword=${encodeURIComponent(product.name)}`);
      expect(detail.status).toBe(200);
      expect(list.status).toBe(200);
      const listed = json<{ products: Product[] }>(list).products.find(
        (p) => p._id === product._id,
      );
      return [json<Product>(detail).price, listed?.price];
    };
    // Every instance has answered with the old price (and kept it in any cache it has).
    for (const client of direct) expect(await priceSeen(client)).toEqual([10, 10]);

    await updateProduct(send, adminToken, product, { price: 12.5 });
    for (const client of direct) expect(await priceSeen(client)).toEqual([12.5, 12.5]);
    for (let i = 0; i < 3; i += 1) expect(await priceSeen(send)).toEqual([12.5, 12.5]);
    proved(
      '(d) Price change: 10.00 -> 12.50 by an admin through nginx; the next detail and list ' +
        'request answered 12.50 on each of the 3 instances directly and 3 times through nginx',
    );
  });

  it('(g) 200 concurrent payments of orders with a discount code limited to 15 uses pay exactly 15, across instances', async () => {
    const send = httpClient(cluster.nginx.url, { prefix: 'code', localAddress: '127.0.0.4' });
    const limit = 15;
    const code = `CLUSTER-${Date.now()}`;
    await cluster.db.query(
      `insert into discounts (code, kind, value, usage_limit) values ($1, 'percentage', 10, $2)`,
      [code, limit],
    );
    // 20 products of 10 orders each: the payers of one product line up on its lock, those of
    // different products only on the discount's.
    const products = await inParallel(Array.from({ length: 20 }), 4, (_, i) =>
      createProduct(send, adminToken, {
        name: `Code lamp ${i} ${Date.now()}`,
        price: 30,
        countInStock: 10,
      }),
    );
    const shoppers = await inParallel(Array.from({ length: 20 }), 4, (_, i) =>
      register(send, `code-${i}`),
    );
    await confirmRegistered(cluster.db);
    const terms = { kind: 'percentage', value: 10 } as const;
    const payments = await inParallel(Array.from({ length: 200 }), 20, async (_, i) => {
      const token = shoppers[i % shoppers.length]!;
      const order = await placeOrder(send, token, products[i % products.length]!, 1, {
        code,
        terms,
      });
      expect(order.status, order.body).toBe(201);
      const orderId = json<{ _id: string }>(order)._id;
      const started = await send('POST', `/api/orders/${orderId}/payment`, { token });
      expect(started.status, started.body).toBe(200);
      return { token, orderId, ...json<{ providerOrderId: string }>(started) };
    });

    const replies = await Promise.all(
      payments.map(({ token, orderId, providerOrderId }) =>
        send('PUT', `/api/orders/${orderId}/pay`, { token, body: { providerOrderId } }),
      ),
    );
    expect(countStatuses(replies)).toEqual({ 200: limit, 409: 200 - limit });
    for (const reply of replies.filter((r) => r.status === 409)) {
      expect(json<{ message: string }>(reply).message).toBe(
        `Discount code ${code} has been used up, so nothing was charged. Please place your order again without it.`,
      );
    }
    const uses = await cluster.db.query<{ uses: number }>(
      'select uses from discounts where code = $1',
      [code],
    );
    expect(uses.rows[0]!.uses).toBe(limit);
    const orderIds = payments.map((payment) => payment.orderId);
    const held = await cluster.db.query<{ paid: number; held: number }>(
      `select count(*) filter (where is_paid)::int as paid,
        (select count(*)::int from discount_uses where order_id = any($1)) as held
        from orders where id = any($1)`,
      [orderIds],
    );
    expect(held.rows[0]).toEqual({ paid: limit, held: limit });

    const counts = await servedPerInstance(
      cluster.instances,
      replies.map((reply) => reply.id),
    );
    for (const count of counts) expect(count).toBeGreaterThan(0);
    const paidBy = cluster.instances.map(
      (instance) =>
        replies.filter((reply) => reply.status === 200 && instance.served.has(reply.id)).length,
    );
    proved(
      `(g) Discount code: 200 concurrent payments (20 shoppers, 20 products) of orders with a ` +
        `code limited to ${limit} uses: ${limit} paid, ${200 - limit} refused "used up" with ` +
        `nothing charged, uses ${limit} in the database; payments served by ` +
        `${perInstance(cluster.instances, counts)}; uses taken by ${perInstance(cluster.instances, paidBy)}`,
    );
  });

  it('nginx compresses, caches the hashed assets, and stops uploads over the limit', async () => {
    const send = httpClient(cluster.nginx.url, { prefix: 'nginx' });
    const compressed = await send('GET', '/api/products', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');

    const asset = readdirSync(webAssets).find((file) => file.endsWith('.js'));
    expect(asset, 'the web app is built (npm run test:cluster builds it)').toBeDefined();
    const first = await send('GET', `/assets/${asset}`);
    const second = await send('GET', `/assets/${asset}`);
    expect(first.status).toBe(200);
    expect(second.headers['cache-control']).toContain('immutable');
    expect(second.headers['x-cache-status']).toBe('HIT');

    // 5 MB is the shop's own limit (the instance answers, here 401: no session); 7 MB stops at nginx.
    const upload = (megabytes: number) =>
      send('POST', '/api/upload', {
        headers: { 'content-type': 'application/octet-stream' },
        body: 'x'.repeat(megabytes * 1024 * 1024),
      });
    const allowed = await upload(5);
    expect(allowed.status).toBe(401);
    expect(json<{ message: string }>(allowed).message).toBeTruthy();
    const tooLarge = await upload(7);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toContain('nginx');
    proved(
      `nginx: JSON answers arrive gzip-compressed; /assets/${asset} cached by nginx (second request ` +
        `X-Cache-Status HIT, Cache-Control immutable); a 5 MB upload reaches the shop, 7 MB is ` +
        `refused by nginx with 413`,
    );
  });
});
