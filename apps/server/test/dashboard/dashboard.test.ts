import { randomUUID } from 'node:crypto';
import type { Dashboard } from '@proshop/domain/dashboard-schemas';
import { computeOrderPrices } from '@proshop/domain/prices';
import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts, orders, refunds } from '../../src/db/schema.ts';
import { lineFigures, salesByDay, waitingCount } from '../../src/modules/dashboard/repository.ts';
import {
  createProduct,
  createProductWithVariants,
  createSignedInUser,
} from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { planOf } from '../helpers/query-plan.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

// The sales dashboard (docs/decisions/0021) of a shop in New York (UTC−4 in June), on
// 15 June 2024 at noon there. Orders are placed and paid through the API, then their payment
// dates are set to known instants; some fall on another day in New York than in UTC.

type Headers = Record<string, string>;
type Shopper = Awaited<ReturnType<typeof createSignedInUser>>;
type Product = { id: string; price: string };
type OrderAnswer = { _id: string; orderItems: { _id: string; price: number; qty: number }[] };

const NOW = new Date('2024-06-15T16:00:00Z');

describe(`GET /api/dashboard (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: Shopper;
  const shoppers: Record<'a' | 'b' | 'c' | 'd', Shopper> = {} as never;
  const placed: Record<string, OrderAnswer> = {};
  let lamp: Product;
  let kettle: Product;
  let mug: Product;
  let shirt: Awaited<ReturnType<typeof createProductWithVariants>>;
  let pen: Product;
  let discountCode: string;

  const db = () => t.database.db;
  const dashboard = (query: string, headers: Headers = admin.headers) =>
    t.app.inject({ url: `/api/dashboard${query}`, headers });
  const figuresOf = async (query: string) => {
    const res = await dashboard(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Dashboard>();
  };

  /** Places and pays an order, then dates its payment (and its placing, an hour before). */
  async function paidOrder(
    key: string,
    shopper: Shopper,
    lines: { product: Product; qty: number }[],
    paidAt: string,
    code?: string,
  ) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: {
        ...ordersApi.orderBody(lines),
        ...(code
          ? {
              discountCode: code,
              ...computeOrderPrices(
                lines.map(({ product, qty }) => ({ price: Number(product.price), qty })),
                { kind: 'percentage', value: 10 },
              ),
            }
          : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<OrderAnswer>();
    const paid = await ordersApi.payOrder(t.app, shopper.headers, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    const at = new Date(paidAt);
    await db()
      .update(orders)
      .set({ paidAt: at, createdAt: new Date(at.getTime() - 3_600_000) })
      .where(eq(orders.id, order._id));
    placed[key] = paid.json<OrderAnswer>();
    return placed[key];
  }

  /** Refunds through the API (201), then dates the refund. */
  async function refund(orderKey: string, payload: object, madeAt: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed[orderKey]!._id}/refunds`,
      headers: admin.headers,
      payload: { reason: 'Test refund', ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<{ _id: string; amount: number; status: string }>();
    await db()
      .update(refunds)
      .set({ createdAt: new Date(madeAt) })
      .where(eq(refunds.id, made._id));
    return made;
  }

  const lineOf = (orderKey: string, price: number) =>
    placed[orderKey]!.orderItems.find((line) => line.price === price)!._id;

  beforeAll(async () => {
    t = await createTestApp(
      { SHOP_TIMEZONE: 'America/New_York', LOW_STOCK_THRESHOLD: '5' },
      { clock: { now: () => NOW } },
    );
    admin = await createSignedInUser(db(), { isAdmin: true, name: 'Admin' });
    for (const key of ['a', 'b', 'c', 'd'] as const) {
      shoppers[key] = await createSignedInUser(db(), { name: `Shopper ${key.toUpperCase()}` });
    }
    lamp = await createProduct(db(), { name: 'Desk Lamp', price: '40.00', countInStock: 20 });
    kettle = await createProduct(db(), { name: 'Kettle', price: '19.99', countInStock: 8 });
    mug = await createProduct(db(), { name: 'Mug', price: '10.00', countInStock: 50 });
    // Low on stock by its own threshold (10), above the shop's (5).
    pen = await createProduct(db(), {
      name: 'Pen',
      price: '2.00',
      countInStock: 6,
      lowStockThreshold: 10,
    });
    // Not low by its own threshold (1), though below the shop's.
    await createProduct(db(), { name: 'Poster', countInStock: 3, lowStockThreshold: 1 });
    shirt = await createProductWithVariants(
      db(),
      [{ name: 'Size', values: ['S', 'M', 'L'] }],
      [
        { sku: 'SHIRT-S', options: { Size: 'S' }, countInStock: 2 },
        { sku: 'SHIRT-M', options: { Size: 'M' }, countInStock: 10 },
        // Not on offer: never low.
        { sku: 'SHIRT-L', options: { Size: 'L' }, countInStock: 0, active: false },
      ],
      { name: 'Trail Shirt', price: '25.00' },
    );
    discountCode = `DASH-${randomUUID().slice(0, 8).toUpperCase()}`;
    await db().insert(discounts).values({ code: discountCode, kind: 'percentage', value: '10.00' });

    const { a, b, c, d } = shoppers;
    // 03:00 UTC on 9 June is 23:00 on 8 June in New York: the previous period.
    await paidOrder(
      'o1',
      a,
      [
        { product: lamp, qty: 2 },
        { product: kettle, qty: 1 },
      ],
      '2024-06-09T03:00:00Z',
    );
    await paidOrder('o2', a, [{ product: mug, qty: 3 }], '2024-06-12T15:00:00Z');
    // 10 % off the lamp; 23:30 on 14 June in New York.
    await paidOrder('o3', b, [{ product: lamp, qty: 1 }], '2024-06-15T03:30:00Z', discountCode);
    // 01:00 on 9 June in New York: the first day of the last 7.
    await paidOrder('o4', c, [{ product: kettle, qty: 2 }], '2024-06-09T05:00:00Z');
    // D paid before the previous period began: not a new customer.
    await paidOrder('o6', d, [{ product: mug, qty: 1 }], '2024-05-20T12:00:00Z');
    await paidOrder('o7', d, [{ product: mug, qty: 1 }], '2024-06-13T12:00:00Z');
    await paidOrder('o8', c, [{ product: kettle, qty: 1 }], '2024-06-15T14:00:00Z');
    // Placed, never paid: counts nowhere.
    await ordersApi.placeOrder(t.app, b.headers, [{ product: mug, qty: 5 }]);

    // One lamp of o1 (46.00 with its tax), on 10 June.
    const r1 = await refund(
      'o1',
      { lines: [{ orderItem: lineOf('o1', 40), qty: 1 }] },
      '2024-06-10T12:00:00Z',
    );
    expect(r1.amount).toBe(46);
    // All of o3 with its shipping (66.40: 36.00 + 5.40 tax + 25.00), today.
    const r2 = await refund(
      'o3',
      { lines: [{ orderItem: lineOf('o3', 40), qty: 1 }], shipping: true },
      '2024-06-15T15:00:00Z',
    );
    expect(r2.amount).toBe(66.4);
    // 5.00 of goodwill on o4 (39.98 + 6.00 tax): 5 × 39.98 / 45.98 = 4.35 of items. 03:00 UTC
    // on 15 June is 14 June in New York.
    await refund('o4', { amount: 5 }, '2024-06-15T03:00:00Z');
    // Refused by the provider, or not answered yet: neither counts.
    const failed = await refund('o7', { amount: 3 }, '2024-06-13T13:00:00Z');
    await db().update(refunds).set({ status: 'failed' }).where(eq(refunds.id, failed._id));
    const open = await refund('o2', { amount: 2 }, '2024-06-13T13:00:00Z');
    await db().update(refunds).set({ status: 'requested' }).where(eq(refunds.id, open._id));

    // o7 is sent and o6 cancelled (and refunded): neither waits to be sent.
    await db()
      .update(orders)
      .set({ isSent: true, sentAt: NOW })
      .where(eq(orders.id, placed.o7!._id));
    await db()
      .update(orders)
      .set({ cancelledAt: NOW, cancelledBy: 'admin' })
      .where(eq(orders.id, placed.o6!._id));
  });
  afterAll(() => t?.close());

  it('sums the last 7 days in the shop’s time zone and compares them with the 7 days before', async () => {
    const body = await figuresOf('?range=7d');
    expect(body.period).toEqual({
      range: '7d',
      from: '2024-06-09',
      to: '2024-06-15',
      previousFrom: '2024-06-02',
      previousTo: '2024-06-08',
      unit: 'day',
      timeZone: 'America/New_York',
    });
    // Now: o2 30.00, o3 40.00 − 4.00, o4 39.98, o7 10.00, o8 19.99; refunds of items 40.00 +
    // 36.00 + 4.35. Before: o1 99.99.
    expect(body.figures).toEqual({
      grossSales: { current: 139.97, previous: 99.99, change: 40 },
      discounts: { current: 4, previous: 0, change: null },
      refunds: { current: 80.35, previous: 0, change: null },
      netSales: { current: 55.62, previous: 99.99, change: -44.4 },
      orders: { current: 5, previous: 1, change: 400 },
      averageOrderValue: { current: 27.19, previous: 99.99, change: -72.8 },
      itemsSold: { current: 8, previous: 3, change: 166.7 },
      // B and C paid for the first time; A's first order was in the previous period (new then).
      newCustomers: { current: 2, previous: 1, change: 100 },
    });
    expect(body.series).toEqual([
      { start: '2024-06-09', end: '2024-06-09', netSales: 39.98, orders: 1 },
      { start: '2024-06-10', end: '2024-06-10', netSales: -40, orders: 0 },
      { start: '2024-06-11', end: '2024-06-11', netSales: 0, orders: 0 },
      { start: '2024-06-12', end: '2024-06-12', netSales: 30, orders: 1 },
      { start: '2024-06-13', end: '2024-06-13', netSales: 10, orders: 1 },
      { start: '2024-06-14', end: '2024-06-14', netSales: 31.65, orders: 1 },
      { start: '2024-06-15', end: '2024-06-15', netSales: -16.01, orders: 1 },
    ]);
  });

  it('counts an order on the day it was paid in the shop’s time zone, not in UTC', async () => {
    // 9 June in UTC, 8 June in New York.
    const eighth = await figuresOf('?range=custom&from=2024-06-08&to=2024-06-08');
    expect(eighth.figures.orders.current).toBe(1);
    expect(eighth.figures.grossSales.current).toBe(99.99);
    const ninth = await figuresOf('?range=custom&from=2024-06-09&to=2024-06-09');
    expect(ninth.figures.orders.current).toBe(1);
    expect(ninth.figures.grossSales.current).toBe(39.98);
    expect(ninth.period).toMatchObject({ previousFrom: '2024-06-08', previousTo: '2024-06-08' });
    expect(ninth.figures.orders.previous).toBe(1);
  });

  it('compares today so far with yesterday, and charts today by the hour of the shop’s clock', async () => {
    const body = await figuresOf('?range=today');
    expect(body.period).toMatchObject({
      from: '2024-06-15',
      previousFrom: '2024-06-14',
      unit: 'hour',
    });
    expect(body.figures.netSales).toEqual({ current: -16.01, previous: 31.65, change: -150.6 });
    expect(body.figures.orders).toEqual({ current: 1, previous: 1, change: 0 });
    // o8 paid at 14:00 UTC, 10:00 in New York; o3's refund at 15:00 UTC, 11:00 there.
    const hour = (h: number) => `2024-06-15T${String(h).padStart(2, '0')}:00`;
    expect(body.series).toEqual(
      Array.from({ length: 24 }, (_, h) => ({
        start: hour(h),
        end: hour(h),
        netSales: h === 10 ? 19.99 : h === 11 ? -36 : 0,
        orders: h === 10 ? 1 : 0,
      })),
    );
  });

  it('shows 90 days by week (from Monday) and 12 months by month, empty ones with 0', async () => {
    const weeks = await figuresOf('?range=90d');
    expect(weeks.period).toMatchObject({ from: '2024-03-18', unit: 'week' });
    expect(weeks.series).toHaveLength(13);
    expect(weeks.series[0]).toEqual({
      start: '2024-03-18',
      end: '2024-03-24',
      netSales: 0,
      orders: 0,
    });
    const byStart = (start: string) => weeks.series.find((bucket) => bucket.start === start);
    expect(byStart('2024-05-20')).toMatchObject({ netSales: 10, orders: 1 });
    expect(byStart('2024-06-03')).toMatchObject({ netSales: 139.97, orders: 2 });
    expect(byStart('2024-06-10')).toEqual({
      start: '2024-06-10',
      end: '2024-06-15',
      netSales: 15.64,
      orders: 4,
    });

    const months = await figuresOf('?range=12m');
    expect(months.period).toMatchObject({ from: '2023-07-01', to: '2024-06-15', unit: 'month' });
    expect(months.series.map((bucket) => bucket.start)).toEqual([
      '2023-07-01',
      '2023-08-01',
      '2023-09-01',
      '2023-10-01',
      '2023-11-01',
      '2023-12-01',
      '2024-01-01',
      '2024-02-01',
      '2024-03-01',
      '2024-04-01',
      '2024-05-01',
      '2024-06-01',
    ]);
    expect(months.series.at(-2)).toMatchObject({ netSales: 10, orders: 1 });
    expect(months.series.at(-1)).toMatchObject({ netSales: 155.61, orders: 6 });
    // Nothing was sold in the year before: no change to give, and all four are new.
    expect(months.figures.netSales).toEqual({ current: 165.61, previous: 0, change: null });
    expect(months.figures.newCustomers).toEqual({ current: 4, previous: 0, change: null });
  });

  it('lists the products that sold for most, less their discounts', async () => {
    const body = await figuresOf('?range=7d');
    expect(body.topProducts).toEqual([
      { productId: kettle.id, name: 'Kettle', units: 3, revenue: 59.97 },
      { productId: mug.id, name: 'Mug', units: 4, revenue: 40 },
      { productId: lamp.id, name: 'Desk Lamp', units: 1, revenue: 36 },
    ]);
  });

  it('lists the paid orders not sent nor cancelled, the oldest first', async () => {
    const body = await figuresOf('?range=today');
    expect(body.waiting.count).toBe(5);
    expect(body.waiting.oldest.map((order) => order._id)).toEqual(
      ['o1', 'o4', 'o2', 'o3', 'o8'].map((key) => placed[key]!._id),
    );
    expect(body.waiting.oldest[0]).toEqual({
      _id: placed.o1!._id,
      buyerName: 'Shopper A',
      paidAt: '2024-06-09T03:00:00.000Z',
      totalPrice: 139.99,
    });
  });

  it('lists the variants on offer at or below their threshold, the fewest units first', async () => {
    const body = await figuresOf('?range=today');
    // The kettle: 8 less the 4 sold.
    expect(body.lowStock).toEqual({
      count: 3,
      variants: [
        {
          productId: shirt.product.id,
          productName: 'Trail Shirt',
          variantId: shirt.variants[0]!.id,
          sku: 'SHIRT-S',
          options: [{ name: 'Size', value: 'S' }],
          countInStock: 2,
          threshold: 5,
        },
        expect.objectContaining({
          productId: kettle.id,
          countInStock: 4,
          threshold: 5,
          options: [],
        }),
        expect.objectContaining({
          productId: pen.id,
          productName: 'Pen',
          countInStock: 6,
          threshold: 10,
        }),
      ],
    });
  });

  it('shows only the five best products, and at most five waiting orders', async () => {
    const buyer = await createSignedInUser(db());
    const extra: Product[] = [];
    for (let i = 1; i <= 6; i += 1) {
      extra.push(
        await createProduct(db(), { name: `Extra ${i}`, price: `${i}.00`, countInStock: 50 }),
      );
    }
    for (const [i, product] of extra.entries()) {
      await paidOrder(`x${i}`, buyer, [{ product, qty: 1 }], '2024-04-02T12:00:00Z');
    }
    const body = await figuresOf('?range=custom&from=2024-04-02&to=2024-04-02');
    expect(body.topProducts.map((row) => row.name)).toEqual([
      'Extra 6',
      'Extra 5',
      'Extra 4',
      'Extra 3',
      'Extra 2',
    ]);
    expect(body.figures.itemsSold.current).toBe(6);
    expect(body.waiting.count).toBe(11);
    expect(body.waiting.oldest).toHaveLength(5);
    expect(body.waiting.oldest[0]!.paidAt).toBe('2024-04-02T12:00:00.000Z');
  });

  it('reads paid orders and their lines through the index of payment days, waiting orders through theirs', async () => {
    if (testDatabaseKind !== 'postgres') return;
    const window = {
      timeZone: 'America/New_York',
      start: '2024-06-02',
      split: '2024-06-09',
      end: '2024-06-16',
    };
    const dialect = new PgDialect();
    for (const query of [salesByDay(window), lineFigures(window, 5)]) {
      expect(await planOf(db(), dialect.sqlToQuery(query))).toContain('orders_paid_at_idx');
    }
    expect(await planOf(db(), dialect.sqlToQuery(waitingCount()))).toContain('orders_waiting_idx');
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ url: '/api/dashboard' })).statusCode).toBe(401);
    const res = await dashboard('', shoppers.a.headers);
    expect(res.statusCode).toBe(403);
  });

  it('refuses an unknown range or a custom range without its days, with the reason', async () => {
    const cases: [string, string][] = [
      ['?range=2w', 'Range must be one of today, 7d, 30d, 90d, 12m, custom'],
      ['?range=custom&to=2024-06-01', 'A custom range needs a start date (from)'],
      ['?range=custom&from=2024-06-01', 'A custom range needs an end date (to)'],
      ['?range=custom&from=2024-02-30&to=2024-03-01', 'Start date must be YYYY-MM-DD'],
      [
        '?range=custom&from=2024-06-02&to=2024-06-01',
        'End date must be on or after the start date',
      ],
      ['?range=custom&from=2010-01-01&to=2024-06-01', 'A custom range is at most 5 years long'],
    ];
    for (const [query, message] of cases) {
      const res = await dashboard(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
  });

  it('takes the last 30 days when no range is given', async () => {
    const body = await figuresOf('');
    expect(body.period).toMatchObject({ range: '30d', from: '2024-05-17', to: '2024-06-15' });
    expect(body.series).toHaveLength(30);
  });
});
