import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { queryRows } from '../../db/sql-rows.ts';
import {
  midnight,
  shopBucket,
  type LineFigures,
  type RefundDay,
  type SalesDay,
  type Window,
} from './repository.ts';

/**
 * The dashboard's figures read from the rollups of migration 0028 (docs/decisions/0049): paid
 * orders, refunds and units by the UTC hour (sales_hours), each product's units and revenue by
 * the UTC hour (product_sales_hours), kept by triggers in the transaction of every write that
 * changes them. A shop's day or hour is a run of whole UTC hours when its zone is a whole number
 * of hours off UTC, so the rollups answer exactly what the live queries of repository.ts answer;
 * for the other zones (India's +05:30, Nepal's +05:45, ...) the dashboard keeps the live queries.
 * Not in the Drizzle schema: derived data, which the shop's export leaves out and an import
 * rebuilds through the same triggers.
 */

const salesHours = sql.identifier('sales_hours');
const productSalesHours = sql.identifier('product_sales_hours');
/** The product of the lines of a deleted product, grouped by their name (`lost_name`). */
const NIL_PRODUCT = '00000000-0000-0000-0000-000000000000';

const within = (window: Window) =>
  sql`h.hour >= ${midnight(window, window.start)} and h.hour < ${midnight(window, window.end)}`;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Whether the zone's clock was a whole number of hours off UTC on the first of every month of
 * the years from `from` to `to` (YYYY-MM-DD): zones change their offset by the season, so a
 * half-hour offset (or a half-hour summer time, Lord Howe's) shows on one of them.
 */
export function wholeHourZone(timeZone: string, from: string, to: string): boolean {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    for (let month = 0; month < 12; month += 1) {
      const name = format
        .formatToParts(new Date(Date.UTC(year, month, 1, 12)))
        .find((part) => part.type === 'timeZoneName')?.value;
      // 'GMT' or 'GMT+05:30'.
      if (name === undefined || (name !== 'GMT' && !name.endsWith(':00'))) return false;
    }
  }
  return true;
}

/** Each bucket's paid orders, their prices and discounts, and the refunds made in it. */
export async function findSalesAndRefundsFromRollups(
  db: Database,
  window: Window,
): Promise<{ sales: SalesDay[]; refunds: RefundDay[] }> {
  const rows = await queryRows<SalesDay & RefundDay & Record<string, unknown>>(
    db,
    sql`select ${shopBucket(window, sql`h.hour`)} as day, sum(h.orders)::int as orders,
        sum(h.gross)::text as gross, sum(h.discounts)::text as discounts,
        sum(h.refunds)::text as items
      from ${salesHours} h
      where ${within(window)}
      group by 1`,
  );
  return {
    sales: rows.map(({ day, orders, gross, discounts }) => ({ day, orders, gross, discounts })),
    refunds: rows.map(({ day, items }) => ({ day, items })),
  };
}

/**
 * The units of each period (from the hours' totals) and the products that sold for most in the
 * current one, as repository.ts's lineFigures answers them: each product's hours of the current
 * period only, summed without the products, which are looked up once the best are chosen. The
 * lines of a deleted product are under the nil id and their name (the lines' trigger moved them
 * there when the product went).
 */
export const lineFiguresFromRollups = (window: Window, top: number) => {
  const current = sql`h.hour >= ${midnight(window, window.split)}`;
  return sql`with per_product as (
      select nullif(h.product_id, ${NIL_PRODUCT}::uuid) as product_id, h.lost_name,
        sum(h.units) as units, sum(h.revenue) as revenue
      from ${productSalesHours} h
      where ${current} and h.hour < ${midnight(window, window.end)}
      group by h.product_id, h.lost_name
      having sum(h.units) > 0
    ), best as (
      select * from per_product
      order by revenue desc, units desc, product_id
      limit ${top}
    )
    select 'total' as kind, null::uuid as "productId", null::text as name,
      coalesce(sum(h.units) filter (where ${current}), 0)::int as units,
      coalesce(sum(h.units) filter (where not ${current}), 0)::int as "unitsBefore",
      null::text as revenue
    from ${salesHours} h
    where ${within(window)}
    union all
    select 'top', b.product_id, coalesce(p.name, b.lost_name), b.units::int, 0, b.revenue::text
    from best b left join ${products} p on p.id = b.product_id`;
};

export function findLineFiguresFromRollups(
  db: Database,
  window: Window,
  top: number,
): Promise<LineFigures[]> {
  return queryRows<LineFigures & Record<string, unknown>>(db, lineFiguresFromRollups(window, top));
}
