import type { ProductOption, OptionChoice } from '@proshop/domain/variants';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, refunds } from '../../db/schema/orders.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { lowStockThresholdOf, variantIsLowStock } from '../products/low-stock.ts';

/**
 * The dashboard's figures, summed by PostgreSQL: no order is loaded to be counted. Paid orders
 * are read through orders_paid_at_idx (paid_at and the columns summed, where is_paid), without
 * their rows; every condition below names `is_paid` itself, not a parameter, so that the
 * partial indexes apply to any plan (decision 0021).
 */

/**
 * The days the figures cover, in the shop's time zone: from `start` (the previous period's first
 * day) up to `end` (the day after the period), split at `split` (the period's first day).
 */
export interface Window {
  timeZone: string;
  start: string;
  split: string;
  end: string;
  /** Sales and refunds by the hour (YYYY-MM-DDTHH:00, hourKey) rather than by the day. */
  hourly?: boolean;
}

/** The instant a calendar day of the shop begins (its midnight in the shop's time zone). */
export const midnight = (window: Window, day: string) =>
  sql`(${day}::timestamp at time zone ${window.timeZone})`;

/** The shop's calendar day of an instant. */
const shopDay = (window: Window, instant: SQL) =>
  sql`(${instant} at time zone ${window.timeZone})::date`;

/** A date as YYYY-MM-DD (the driver would make a Date of it, at the process's midnight). */
const dayText = (date: SQL) => sql`to_char(${date}, 'YYYY-MM-DD')`;

/** The bucket of an instant: its shop's day, or its hour of the shop's clock (hourly). */
export const shopBucket = (window: Window, instant: SQL) =>
  window.hourly
    ? sql`to_char(${instant} at time zone ${window.timeZone}, 'YYYY-MM-DD"T"HH24:00')`
    : dayText(shopDay(window, instant));

const paidWithin = (window: Window) =>
  sql`o.is_paid and o.paid_at >= ${midnight(window, window.start)} and o.paid_at < ${midnight(window, window.end)}`;

export interface SalesDay {
  day: string;
  orders: number;
  /** Sums of numeric(12,2) columns, exact as text. */
  gross: string;
  discounts: string;
}

/** Orders paid each day of the window, their items' prices and discounts. */
export const salesByDay = (window: Window) =>
  sql`select day, orders, gross, discounts
    from (
      select ${shopBucket(window, sql`o.paid_at`)} as day, count(*)::int as orders,
        sum(o.items_price)::text as gross, sum(o.discount_price)::text as discounts
      from ${orders} o
      where ${paidWithin(window)}
      group by 1
    ) days`;

export function findSalesByDay(db: Database, window: Window): Promise<SalesDay[]> {
  return queryRows<SalesDay & Record<string, unknown>>(db, salesByDay(window));
}

export interface RefundDay {
  day: string;
  /** The refunds' amounts less the shipping and tax they gave back (decision 0021). */
  items: string;
}

/**
 * Refunds the provider accepted (pending or completed), by the day they were made. A refund's
 * shipping is the order's shipping price; the tax is taken off in the proportion the order's
 * tax bears to its discounted items, which the shared refund rule gave back with them
 * (packages/domain/src/refunds.ts): a whole order refunded counts its items less discount.
 */
export function findRefundsByDay(db: Database, window: Window): Promise<RefundDay[]> {
  return queryRows<RefundDay & Record<string, unknown>>(
    db,
    sql`select ${shopBucket(window, sql`r.created_at`)} as day,
        sum(round(
          (r.amount - case when r.shipping then o.shipping_price else 0 end)
          * (o.items_price - o.discount_price)
          / nullif(o.items_price - o.discount_price + o.tax_price, 0), 2))::text as items
      from ${refunds} r join ${orders} o on o.id = r.order_id
      where r.status in ('pending', 'completed')
        and r.created_at >= ${midnight(window, window.start)}
        and r.created_at < ${midnight(window, window.end)}
      group by 1`,
  );
}

export interface LineFigures {
  kind: 'total' | 'top';
  productId: string | null;
  name: string | null;
  /** Units in the period. */
  units: number;
  /** Units in the previous period ('total' only). */
  unitsBefore: number;
  /** What they sold for in the period ('top' only). */
  revenue: string | null;
}

/**
 * One pass over the lines of the window's paid orders, grouped by product: the units sold in
 * each period (the 'total' row), and the products that sold for most in the current one (their
 * lines' prices less the lines' discount shares), named from the products only once chosen.
 * Lines of a deleted product are grouped by their name.
 */
export const lineFigures = (window: Window, top: number) => {
  const current = sql`o.paid_at >= ${midnight(window, window.split)}`;
  return sql`with per_product as (
      select i.product_id, case when i.product_id is null then i.name end as lost_name,
        sum(i.qty) filter (where ${current}) as units,
        sum(i.qty) filter (where not ${current}) as units_before,
        sum(i.price * i.qty - i.discount) filter (where ${current}) as revenue
      from ${orders} o join ${orderItems} i on i.order_id = o.id
      where ${paidWithin(window)}
      group by 1, 2
    ), best as (
      select * from per_product where revenue is not null
      order by revenue desc, units desc, product_id
      limit ${top}
    )
    select 'total' as kind, null::uuid as "productId", null::text as name,
      coalesce(sum(units), 0)::int as units, coalesce(sum(units_before), 0)::int as "unitsBefore",
      null::text as revenue
    from per_product
    union all
    select 'top', b.product_id, coalesce(p.name, b.lost_name), b.units::int, 0, b.revenue::text
    from best b left join ${products} p on p.id = b.product_id`;
};

export function findLineFigures(db: Database, window: Window, top: number): Promise<LineFigures[]> {
  return queryRows<LineFigures & Record<string, unknown>>(db, lineFigures(window, top));
}

/**
 * Customers whose first paid order was paid from `from` until `until`: those who paid then and
 * had no paid order before. A customer is an account, or a guest by the e-mail of the order
 * (issue #37; e-mails are kept lower-cased), and an account and the guest orders of an e-mail it
 * ordered with are one customer: a guest who paid in the span is counted with the account that
 * paid in it with that e-mail, and not at all when that e-mail (as a guest or an account) paid
 * before. An order is paid after it was placed, so earlier orders are looked up by the indexes on
 * (user_id, created_at) and on buyer_email, from that instant back.
 */
const newCustomersBetween = (window: Window, from: string, until: string) => {
  const start = midnight(window, from);
  return sql`(with buyers as (
      select distinct o.user_id, lower(o.buyer_email) as email from ${orders} o
      where o.is_paid and o.paid_at >= ${start} and o.paid_at < ${midnight(window, until)}
    ), customers as (
      select coalesce(
          b.user_id::text,
          (select a.user_id::text from buyers a
            where a.email = b.email and a.user_id is not null order by a.user_id limit 1),
          b.email
        ) as customer,
        exists (
          select 1 from ${orders} e
          where (e.user_id = b.user_id or e.buyer_email = b.email)
            and e.created_at < ${start} and e.is_paid and e.paid_at < ${start}
        ) as paid_before
      from buyers b
    )
    select count(*) from (
      select customer from customers group by customer having not bool_or(paid_before)
    ) c)::int`;
};

/** New customers of the period and of the previous one. */
export async function countNewCustomers(
  db: Database,
  window: Window,
): Promise<{ current: number; previous: number }> {
  const [row] = await queryRows<{ current: number; previous: number }>(
    db,
    sql`select ${newCustomersBetween(window, window.split, window.end)} as current,
      ${newCustomersBetween(window, window.start, window.split)} as previous`,
  );
  return row ?? { current: 0, previous: 0 };
}

/** Paid, neither sent nor cancelled. */
const WAITING = sql`o.is_paid and not o.is_sent and o.cancelled_at is null`;

/** How many orders wait to be sent: read from orders_waiting_idx alone. */
export const waitingCount = () =>
  sql`select count(*)::int as count from ${orders} o where ${WAITING}`;

export async function countWaitingOrders(db: Database): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, waitingCount());
  return row?.count ?? 0;
}

export function findOldestWaitingOrders(db: Database, limit: number) {
  return queryRows<{ id: string; buyerName: string; paidAt: string; totalPrice: string }>(
    db,
    sql`select o.id, o.buyer_name as "buyerName",
        to_char(o.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "paidAt",
        o.total_price::text as "totalPrice"
      from ${orders} o where ${WAITING}
      order by o.paid_at, o.id
      limit ${limit}`,
  );
}

export interface LowStockRow {
  productId: string;
  productName: string;
  productOptions: ProductOption[];
  variantId: string;
  sku: string;
  options: OptionChoice;
  countInStock: number;
  threshold: number;
}

/** The variants low on stock (products/low-stock.ts), the fewest units first, and how many. */
export async function findLowStock(db: Database, shopThreshold: number, limit: number) {
  const low = variantIsLowStock(shopThreshold);
  const joined = sql`${products.id} = ${productVariants.productId}`;
  // Two queries side by side: counted in the list's pass, PostgreSQL would look every variant's
  // product up one by one rather than join them in one go.
  const [counted, rows] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(productVariants)
      .innerJoin(products, joined)
      .where(low),
    db
      .select({
        productId: products.id,
        productName: products.name,
        productOptions: products.options,
        variantId: productVariants.id,
        sku: productVariants.sku,
        options: productVariants.options,
        countInStock: productVariants.countInStock,
        threshold: lowStockThresholdOf(shopThreshold),
      })
      .from(productVariants)
      .innerJoin(products, joined)
      .where(low)
      .orderBy(productVariants.countInStock, products.name, productVariants.position)
      .limit(limit),
  ]);
  return { count: counted[0]?.count ?? 0, rows: rows satisfies LowStockRow[] };
}
