import { stockToGiveBack } from '@proshop/domain/stock-given-back';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems } from '../../db/schema/orders.ts';
import {
  giveStockBack,
  lockProductsOf,
  takeStock,
  type LowStockWatch,
  type StockShortage,
  unitsBy,
} from '../products/stock.ts';
import type { BackInStock } from '../wishlist/back-in-stock.ts';
import type { OrderItemRow } from './order-mapper.ts';

/**
 * The stock of an order's lines (decision 0040): what each line took from stock and gave back is
 * kept on the line (order_items.stock_taken, stock_given_back), so that a refund, a return, a
 * cancellation and a chargeback of one order, in any order or at once, never give back more than
 * was taken. The variants' stock itself is the products module's (products/stock.ts).
 */

/** Adds units to what the order's lines took from stock, or gave back (order_items). */
async function recordLineStock(
  tx: Database,
  what: 'taken' | 'givenBack',
  lines: readonly OrderItemRow[],
) {
  if (lines.length === 0) return;
  await tx
    .update(orderItems)
    .set(
      what === 'taken'
        ? { stockTaken: sql`${orderItems.stockTaken} + line.qty` }
        : { stockGivenBack: sql`${orderItems.stockGivenBack} + line.qty` },
    )
    .from(
      sql`unnest(${sql.param(lines.map((line) => line.id))}::uuid[], ${sql.param(lines.map((line) => line.qty))}::int[])
        as line(id, qty)`,
    )
    .where(sql`${orderItems.id} = line.id`)
    .execute();
}

/**
 * The units of these lines (`qty`: the units asked for) that may go back into stock: at most
 * what each line still holds (the domain's stockToGiveBack), read from the lines locked now, so
 * that a refund, a return, a cancellation and a chargeback of one order, in any order or at once,
 * never give back more than was taken. Lines that share an id are asked for together.
 */
async function unitsToGiveBack(
  tx: Database,
  items: readonly OrderItemRow[],
): Promise<OrderItemRow[]> {
  const wanted = unitsBy(items, (item) => item.id);
  const held = await tx
    .select({
      id: orderItems.id,
      taken: orderItems.stockTaken,
      givenBack: orderItems.stockGivenBack,
    })
    .from(orderItems)
    .where(sql`${orderItems.id} = any(${sql.param([...wanted.keys()])}::uuid[])`)
    .orderBy(orderItems.id)
    .for('update');
  const back = new Map(held.map((line) => [line.id, stockToGiveBack(line, wanted.get(line.id)!)]));
  const lineOf = new Map(items.map((item) => [item.id, item]));
  return [...back].filter(([, qty]) => qty > 0).map(([id, qty]) => ({ ...lineOf.get(id)!, qty }));
}

/**
 * Takes the stock of an order's lines at payment (products/stock.ts takeStock) and records on each
 * line what it took, in the caller's transaction.
 */
export function takeOrderStock(
  tx: Database,
  items: readonly OrderItemRow[],
  lowStock: LowStockWatch,
): Promise<StockShortage | undefined> {
  return takeStock(tx, items, lowStock, (sold) => recordLineStock(tx, 'taken', sold));
}

/**
 * Gives back the stock of an order's lines (a capture that did not pay, a refund with restock, a
 * cancelled paid order, a chargeback): `qty` of each is the units asked for, of which only what
 * the line still holds goes back (unitsToGiveBack). The products are locked first, as takeStock
 * locks them, then the lines, so the two cannot deadlock.
 */
export async function giveOrderStockBack(
  tx: Database,
  items: readonly OrderItemRow[],
  backInStock: BackInStock,
): Promise<void> {
  const asked = items.filter((item) => item.productId !== null);
  if (asked.length === 0) return;
  await lockProductsOf(tx, asked);
  const live = await unitsToGiveBack(tx, asked);
  if (live.length === 0) return;
  await recordLineStock(tx, 'givenBack', live);
  await giveStockBack(tx, live, backInStock);
}
