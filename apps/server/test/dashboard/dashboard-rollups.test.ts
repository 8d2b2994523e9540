import { sql, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products, refunds } from '../../src/db/schema.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import {
  findLineFigures,
  findRefundsByDay,
  findSalesByDay,
  type Window,
} from '../../src/modules/dashboard/repository.ts';
import {
  findLineFiguresFromRollups,
  findSalesAndRefundsFromRollups,
  wholeHourZone,
} from '../../src/modules/dashboard/rollups.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

// The dashboard's rollups (migration 0028, docs/decisions/0049) against a recount of the orders,
// lines and refunds they sum, after payments made all at once, refunds, payments dated again, a
// product deleted and an order written paid with its lines after it (as an import writes it).

type Shopper = Awaited<ReturnType<typeof createSignedInUser>>;

// As many as the payment tests pay at once (order-payment.test.ts): more wait longer than the
// pool's 3 s for a connection on a loaded machine, and answer 503.
const PAYMENTS = 60;

describe(`the dashboard's rollups (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: Shopper;
  const db = () => t.database.db;

  /** Every hour's figures as the rollup holds them, and as a recount of the orders makes them. */
  const hoursOf = () =>
    queryRows<Record<string, unknown>>(
      db(),
      sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24') as hour,
          sum(orders)::int as orders, sum(gross)::text as gross,
          sum(discounts)::text as discounts, sum(units)::int as units,
          sum(refunds)::text as refunds
        from sales_hours
        group by hour
        having (sum(orders), sum(gross), sum(discounts), sum(units), sum(refunds)) <> (0, 0, 0, 0, 0)
        order by 1`,
    );
  const recountedHours = () =>
    queryRows<Record<string, unknown>>(
      db(),
      sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24') as hour,
          sum(orders)::int as orders, sum(gross)::numeric(14, 2)::text as gross,
          sum(discounts)::numeric(14, 2)::text as discounts, sum(units)::int as units,
          sum(refunds)::numeric(14, 2)::text as refunds
        from (
          select date_trunc('hour', o.paid_at) as hour, 1 as orders, o.items_price as gross,
            o.discount_price as discounts,
            (select coalesce(sum(i.qty), 0) from order_items i where i.order_id = o.id) as units,
            0 as refunds
          from orders o where o.is_paid
          union all
          select date_trunc('hour', r.created_at), 0, 0, 0, 0,
            round((r.amount - case when r.shipping then o.shipping_price else 0 end)
              * (o.items_price - o.discount_price)
              / nullif(o.items_price - o.discount_price + o.tax_price, 0), 2)
          from refunds r join orders o on o.id = r.order_id
          where r.status in ('pending', 'completed')
        ) parts
        group by 1
        order by 1`,
    );
  const productHoursOf = () =>
    queryRows<Record<string, unknown>>(
      db(),
      sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24') as hour,
          nullif(product_id, '00000000-0000-0000-0000-000000000000') as product_id,
          nullif(lost_name, '') as lost_name, sum(units)::int as units, sum(revenue)::text as revenue
        from product_sales_hours
        group by hour, product_id, lost_name
        having sum(units) <> 0 or sum(revenue) <> 0
        order by 1, 2, 3`,
    );
  const recountedProductHours = () =>
    queryRows<Record<string, unknown>>(
      db(),
      sql`select to_char(date_trunc('hour', o.paid_at) at time zone 'UTC', 'YYYY-MM-DD HH24') as hour,
          i.product_id, case when i.product_id is null then i.name end as lost_name,
          sum(i.qty)::int as units, sum(i.price * i.qty - i.discount)::numeric(14, 2)::text as revenue
        from orders o join order_items i on i.order_id = o.id
        where o.is_paid
        group by 1, 2, 3
        order by 1, 2, 3`,
    );

  async function expectRecounted() {
    expect(await hoursOf()).toEqual(await recountedHours());
    expect(await productHoursOf()).toEqual(await recountedProductHours());
  }

  beforeAll(async () => {
    t = await createTestApp({ SHOP_TIMEZONE: 'UTC' });
    admin = await createSignedInUser(db(), { isAdmin: true, name: 'Admin' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it(`adds ${PAYMENTS} payments made at once, refunds, dates moved and a deleted product as a recount does`, async () => {
    const lamp = await createProduct(db(), { name: 'Lamp', price: '40.00', countInStock: 1000 });
    const mug = await createProduct(db(), { name: 'Mug', price: '10.00', countInStock: 1000 });
    const shoppers = await Promise.all(
      [0, 1, 2, 3].map((n) => createSignedInUser(db(), { name: `Shopper ${n}` })),
    );
    const placed: { id: string; shopper: Shopper }[] = [];
    for (let n = 0; n < PAYMENTS; n += 1) {
      const shopper = shoppers[n % shoppers.length]!;
      const order = await ordersApi.placeOrder(t.app, shopper.headers, [
        { product: lamp, qty: 1 + (n % 3) },
        ...(n % 2 === 0 ? [{ product: mug, qty: 2 }] : []),
      ]);
      placed.push({ id: order._id, shopper });
    }
    const started: string[] = [];
    for (const { id, shopper } of placed) {
      const res = await ordersApi.startPayment(t.app, shopper.headers, id);
      expect(res.statusCode, res.body).toBe(200);
      started.push(res.json<{ providerOrderId: string }>().providerOrderId);
    }
    // Every capture at once: each adds to the same hour's rollup, none may be lost.
    const paid = await Promise.all(
      placed.map(({ id, shopper }, n) => ordersApi.pay(t.app, shopper.headers, id, started[n]!)),
    );
    expect(paid.map((res) => res.statusCode)).toEqual(placed.map(() => 200));
    const [hour] = await hoursOf();
    expect(hour).toMatchObject({ orders: PAYMENTS });
    await expectRecounted();

    // Refunds: one of an amount, one with the shipping, one refused afterwards.
    const refund = async (orderId: string, payload: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/refunds`,
        headers: admin.headers,
        payload: { reason: 'Rollup test', ...payload },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ _id: string }>()._id;
    };
    await refund(placed[0]!.id, { amount: 5 });
    await refund(placed[1]!.id, { amount: 12.5 });
    const refused = await refund(placed[2]!.id, { amount: 3 });
    await db().update(refunds).set({ status: 'failed' }).where(eq(refunds.id, refused));
    // Dated again, as the dashboard's tests date them: the rollups follow.
    await db()
      .update(orders)
      .set({ paidAt: new Date('2024-06-09T03:30:00Z') })
      .where(eq(orders.id, placed[3]!.id));
    await db()
      .update(refunds)
      .set({ createdAt: new Date('2024-06-10T08:00:00Z') })
      .where(eq(refunds.orderId, placed[0]!.id));
    await expectRecounted();

    // A product deleted: its lines keep their name, without the product.
    await db().delete(products).where(eq(products.id, mug.id));
    // An order written paid, its lines after it (an import, a seed).
    const [imported] = await db()
      .insert(orders)
      .values({
        ...(await db().select().from(orders).where(eq(orders.id, placed[4]!.id)))[0]!,
        id: undefined,
        orderNumber: undefined,
        idempotencyKey: null,
        providerOrderId: null,
        captureId: null,
        paidAt: new Date('2024-05-01T10:15:00Z'),
      } as never)
      .returning({ id: orders.id });
    await db()
      .insert(orderItems)
      .values(
        (await db().select().from(orderItems).where(eq(orderItems.orderId, placed[4]!.id))).map(
          (line) => ({ ...line, id: undefined, orderId: imported!.id }) as never,
        ),
      );
    await expectRecounted();

    // The dashboard's reads of the rollups answer what its live queries answer.
    const window: Window = {
      timeZone: 'UTC',
      start: '2024-01-01',
      split: '2024-06-01',
      end: '2030-01-01',
    };
    const rolled = await findSalesAndRefundsFromRollups(db(), window);
    const bySales = (rows: { day: string }[]) =>
      rows.toSorted((a, b) => a.day.localeCompare(b.day));
    const nonZero = <T extends object>(rows: T[], keys: (keyof T)[]) =>
      rows.filter((row) => keys.some((key) => Number(row[key]) !== 0));
    expect(bySales(nonZero(rolled.sales, ['orders', 'gross', 'discounts']))).toEqual(
      bySales(await findSalesByDay(db(), window)),
    );
    expect(bySales(nonZero(rolled.refunds, ['items']))).toEqual(
      bySales(await findRefundsByDay(db(), window)),
    );
    expect(await findLineFiguresFromRollups(db(), window, 5)).toEqual(
      await findLineFigures(db(), window, 5),
    );
  });

  it('serves the zones a whole number of hours off UTC, and leaves the others to the live sums', () => {
    expect(wholeHourZone('America/New_York', '2023-01-01', '2024-12-31')).toBe(true);
    expect(wholeHourZone('UTC', '2024-01-01', '2024-12-31')).toBe(true);
    expect(wholeHourZone('Asia/Kolkata', '2024-01-01', '2024-12-31')).toBe(false);
    // Half an hour of summer time.
    expect(wholeHourZone('Australia/Lord_Howe', '2024-01-01', '2024-12-31')).toBe(false);
  });
});
