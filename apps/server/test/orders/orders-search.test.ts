// The admin order list's search and filters (GET /api/orders?q=&status=&from=&to=): what each
// finds, on the one rule of the STATUS column and the shop's time zone, what it refuses, and that
// the searches are read from their indexes.
import { ORDER_STATUSES, type OrderStatus } from '@proshop/domain/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPageIds } from '../../src/modules/orders/repository.ts';
import { createSignedInUser } from '../helpers/factories.ts';
import { planOf } from '../helpers/query-plan.ts';
import {
  cancelledAt,
  deliveredAt,
  paidAt,
  sentAt,
  storeOrder,
  storeRefund,
  type StoredOrder,
} from '../helpers/stored-orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const TIME_ZONE = 'America/New_York';

describe('GET /api/orders: search and filters', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ PAGE_SIZE: '50', SHOP_TIMEZONE: TIME_ZONE });
    const db = t.database.db;
    admin = await createSignedInUser(db, { isAdmin: true });
    shopper = await createSignedInUser(db);
    const at = (iso: string) => new Date(iso);
    ids.olive = (
      await storeOrder(db, {
        buyerName: 'Olive Oyl',
        buyerEmail: 'olive@sailors.example',
        createdAt: at('2026-03-01T15:00:00Z'),
        lines: [
          { name: 'Spinach Can', price: '2.00', sku: 'SPIN-1' },
          { name: 'Trail Shirt', price: '20.00', sku: 'TS-BLUE-M' },
        ],
      })
    ).id;
    ids.bruno = (
      await storeOrder(db, {
        buyerName: 'Bruno Brutus',
        buyerEmail: 'bruno@example.com',
        createdAt: at('2026-03-02T15:00:00Z'),
        lines: [{ name: 'Anchor Tattoo Kit', price: '30.00' }],
      })
    ).id;
    // The wildcards of LIKE in the texts: only these orders hold them.
    ids.percent = (
      await storeOrder(db, {
        buyerName: 'Percy Cent',
        buyerEmail: 'percy@example.com',
        createdAt: at('2026-03-03T15:00:00Z'),
        lines: [{ name: 'Sale Mug 100% off', price: '5.00' }],
      })
    ).id;
    ids.underscore = (
      await storeOrder(db, {
        buyerName: 'Una Score',
        buyerEmail: 'una_score@example.com',
        createdAt: at('2026-03-04T15:00:00Z'),
      })
    ).id;
    ids.backslash = (
      await storeOrder(db, {
        buyerName: 'Back\\Slash',
        buyerEmail: 'back@example.com',
        createdAt: at('2026-03-05T15:00:00Z'),
      })
    ).id;
    // Around midnight in New York: 03:30 UTC on 10 March is still 9 March there.
    ids.lateNight = (
      await storeOrder(db, { buyerName: 'Night Owl', createdAt: at('2026-03-10T03:30:00Z') })
    ).id;
    ids.earlyMorning = (
      await storeOrder(db, { buyerName: 'Early Bird', createdAt: at('2026-03-10T05:30:00Z') })
    ).id;
  });
  afterAll(() => t.close());

  const list = (query: string, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ url: `/api/orders${query}`, headers });
  const found = async (query: string) => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ orders: { _id: string }[] }>().orders.map((order) => order._id);
  };
  const q = (text: string) => `?q=${encodeURIComponent(text)}`;

  it('finds an order by its id, its first characters as shown (any case), or without hyphens', async () => {
    const id = ids.bruno!;
    expect(await found(q(id))).toEqual([id]);
    expect(await found(q(id.slice(0, 8).toUpperCase()))).toEqual([id]);
    expect(await found(q(`#${id.slice(0, 13)}`))).toEqual([id]);
    expect(await found(q(id.replaceAll('-', '').slice(0, 20)))).toEqual([id]);
    expect(await found(q(`  ${id.toUpperCase()}  `))).toEqual([id]);
    // A hyphen where an id has none is not an id.
    expect(await found(q(`${id.slice(0, 4)}-${id.slice(4, 8)}`))).toEqual([]);
  });

  it('finds an order by its number, with or without its #', async () => {
    const id = ids.bruno!;
    const [order] = (await list(q(id))).json<{ orders: { orderNumber: number }[] }>().orders;
    const number = order!.orderNumber;
    expect(number).toBeGreaterThanOrEqual(1001);
    expect(await found(q(String(number)))).toEqual([id]);
    expect(await found(q(`#${number}`))).toEqual([id]);
    expect(await found(q(` # ${number} `))).toEqual([id]);
    expect(await found(q('#999999'))).toEqual([]);
  });

  it("finds orders by part of the buyer's name or e-mail, in any case", async () => {
    expect(await found(q('olive'))).toEqual([ids.olive]);
    expect(await found(q('OYL'))).toEqual([ids.olive]);
    expect(await found(q('bruno@example.com'))).toEqual([ids.bruno]);
    expect(await found(q('@SAILORS.'))).toEqual([ids.olive]);
    expect(await found(q('  Olive   Oyl '))).toEqual([ids.olive]);
    expect(await found(q('nobody at all'))).toEqual([]);
  });

  it('finds orders by the product name or SKU of any of their lines, in any case', async () => {
    expect(await found(q('trail shirt'))).toEqual([ids.olive]);
    expect(await found(q('ts-blue'))).toEqual([ids.olive]);
    expect(await found(q('TATTOO'))).toEqual([ids.bruno]);
  });

  it('reads %, _ and \\ in the search as themselves, never as wildcards', async () => {
    expect(await found(q('%'))).toEqual([ids.percent]);
    expect(await found(q('100%'))).toEqual([ids.percent]);
    expect(await found(q('_'))).toEqual([ids.underscore]);
    expect(await found(q('a_s'))).toEqual([ids.underscore]);
    expect(await found(q('%_%'))).toEqual([]);
    expect(await found(q('\\'))).toEqual([ids.backslash]);
    expect(await found(q("' or 1=1 --"))).toEqual([]);
  });

  it('takes the days of from and to in the shop time zone, both days included', async () => {
    // 03:30 UTC on 10 March is 9 March in New York; 05:30 UTC is 10 March there.
    expect(await found('?from=2026-03-09&to=2026-03-09')).toEqual([ids.lateNight]);
    expect(await found('?from=2026-03-10')).toEqual([ids.earlyMorning]);
    expect(await found('?to=2026-03-02')).toEqual([ids.bruno, ids.olive]);
    expect(await found('?from=2026-03-02&to=2026-03-03')).toEqual([ids.percent, ids.bruno]);
    expect(await found('?from=2026-03-02&to=2026-03-03&q=bruno')).toEqual([ids.bruno]);
  });

  it('is for admins only: 401 without a session, 403 for a shopper', async () => {
    expect((await list(q('olive'), {})).statusCode).toBe(401);
    const refused = await list(q('olive'), shopper.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Not authorized as an admin' });
  });

  it('refuses a bad filter with 400 and a message', async () => {
    const refused = async (query: string, message: RegExp) => {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toMatch(message);
    };
    await refused('?status=lost', /Unknown order status/);
    await refused('?status=', /Unknown order status/);
    await refused('?from=2026-02-30', /from must be a day/);
    await refused('?to=yesterday', /to must be a day/);
    await refused('?from=2026-3-1', /from must be a day/);
    await refused('?from=2026-03-02&to=2026-03-01', /from must not be a later day than to/);
    await refused(q('x'.repeat(201)), /at most 200 characters/);
    await refused('?q=a&q=b', /^Invalid q:/);
  });
});

describe('GET /api/orders, two orders a page: each state, and the pages of a search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAGE_SIZE: '2' });
  });
  afterAll(() => t.close());

  it('pages through the matches only, keeping the page count of the search', async () => {
    const db = t.database.db;
    const admin = await createSignedInUser(db, { isAdmin: true });
    const mugs: string[] = [];
    for (let day = 1; day <= 5; day++) {
      const at = new Date(Date.UTC(2026, 3, day));
      const mug = await storeOrder(db, {
        createdAt: at,
        lines: [{ name: 'Blue Mug', price: '3.00' }],
      });
      mugs.unshift(mug.id);
      await storeOrder(db, { createdAt: at, lines: [{ name: 'Red Plate', price: '4.00' }] });
    }
    const page = async (n: number) =>
      (
        await t.app.inject({ url: `/api/orders?q=mug&pageNumber=${n}`, headers: admin.headers })
      ).json<{ orders: { _id: string }[]; pages: number }>();
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => p.pages)).toEqual([3, 3, 3]);
    expect(pages.flatMap((p) => p.orders.map((order) => order._id))).toEqual(mugs);
  });

  it('lists only the orders in the state asked for, by the rule the STATUS column reads', async () => {
    const db = t.database.db;
    const admin = await createSignedInUser(db, { isAdmin: true });
    const now = new Date();
    // A function, so that each paid order gets a capture id of its own.
    const values = (status: OrderStatus): StoredOrder['values'] =>
      ({
        'not-paid': {},
        paid: paidAt(now),
        sent: sentAt(now),
        delivered: deliveredAt(now),
        'partially-refunded': deliveredAt(now),
        refunded: paidAt(now),
        cancelled: cancelledAt(now),
      })[status];
    // Two orders in each state: one of Kim, one of Lee.
    const byState = new Map<OrderStatus, { kim: string; lee: string }>();
    for (const status of ORDER_STATUSES) {
      const store = async (buyerName: string) => {
        const order = await storeOrder(db, {
          buyerName,
          lines: [{ name: 'Lamp', price: '40.00' }],
          values: values(status),
        });
        if (status === 'partially-refunded') {
          await storeRefund(db, order.id, '10.00');
          await storeRefund(db, order.id, '30.00', 'failed');
        }
        if (status === 'refunded') await storeRefund(db, order.id, '40.00');
        return order.id;
      };
      byState.set(status, { kim: await store(`Kim ${status}`), lee: await store(`Lee ${status}`) });
    }
    for (const status of ORDER_STATUSES) {
      const get = async (query: string) => {
        const res = await t.app.inject({ url: `/api/orders${query}`, headers: admin.headers });
        expect(res.statusCode, query).toBe(200);
        return res
          .json<{ orders: { _id: string }[] }>()
          .orders.map((order) => order._id)
          .sort();
      };
      const { kim, lee } = byState.get(status)!;
      expect(await get(`?status=${status}`), status).toEqual([kim, lee].sort());
      expect(await get(`?status=${status}&q=kim`), status).toEqual([kim]);
    }
  });
});

describe('the order search reads its indexes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const plan = (q: string) =>
    planOf(
      t.database.db,
      orderPageIds(t.database.db, {
        offset: 0,
        limit: 8,
        filter: { q, timeZone: 'UTC' },
      }).toSQL(),
    );

  it("finds names, e-mails, products and SKUs through the orders' search document (decision 0051)", async () => {
    expect(await plan('headphones')).toContain('order_search_documents_idx');
  });

  it('finds the start of an order id through the primary key', async () => {
    expect(await plan('ABCD1234')).toContain('orders_pkey');
  });
});
