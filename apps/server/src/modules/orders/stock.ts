import { and, sql, type Param } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import type { OrderItemRow } from './order-mapper.ts';
import type { OrderLineWithStock } from './repository.ts';

export type StockShortage = { name: string };

/** Locks the products (an array parameter of ids) in id order, so that no two orders deadlock. */
async function lockProducts(tx: Database, ids: Param) {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.id} = any(${ids}::uuid[])`)
    .orderBy(products.id)
    .for('no key update')
    .prepare('lock_stock')
    .execute();
}

/**
 * Takes the stock of every line of an order, or none, in two statements whatever the number of
 * lines. The first locks the products in id order, so that two orders sharing products cannot
 * deadlock; it takes `FOR NO KEY UPDATE`, the lock an UPDATE takes anyway (`FOR UPDATE` would
 * also wait for, and deadlock with, the foreign-key checks of orders being placed for the same
 * products). The second is a conditional UPDATE of rows this transaction already holds: each
 * count goes down only if enough is left, so concurrent buyers on any number of server
 * instances can never take it below zero (the CHECK constraint is the last guard). A single
 * statement, an UPDATE reading from a sorted `FOR NO KEY UPDATE` subquery, still deadlocked
 * under load (bench/checkout.ts): its UPDATE reads the rows as they were when the statement
 * began, not as the subquery locked them, so the order of the locks is not kept.
 * Call it inside the transaction that records the payment: a shortage is answered, and the
 * caller's refusal rolls back the lines already taken.
 */
export async function takeStock(
  tx: Database,
  items: readonly OrderItemRow[],
): Promise<StockShortage | undefined> {
  const deleted = items.find((item) => item.productId === null);
  if (deleted) return { name: deleted.name };
  // One row per product, even if old data repeats a product: an UPDATE changes a row only once.
  const wanted = new Map<string, number>();
  for (const item of items) {
    wanted.set(item.productId!, (wanted.get(item.productId!) ?? 0) + item.qty);
  }
  const ids = sql.param([...wanted.keys()]);
  await lockProducts(tx, ids);
  const taken = await tx
    .update(products)
    .set({
      countInStock: sql`${products.countInStock} - line.qty`,
      // What stock a paid order takes is what the shop sold (the best-selling sort).
      unitsSold: sql`${products.unitsSold} + line.qty`,
      updatedAt: new Date(),
    })
    .from(sql`unnest(${ids}::uuid[], ${sql.param([...wanted.values()])}::int[]) as line(id, qty)`)
    .where(and(sql`${products.id} = line.id`, sql`${products.countInStock} >= line.qty`))
    .returning({ id: products.id })
    .prepare('take_stock')
    .execute();
  const takenIds = new Set(taken.map((row) => row.id));
  const short = items.find((item) => !takenIds.has(item.productId!));
  return short && { name: short.name };
}

/**
 * Gives back the stock `takeStock` took for these lines (a capture that did not pay). Products
 * deleted since are skipped. Locks in id order, as takeStock does, so the two cannot deadlock.
 */
export async function giveStockBack(tx: Database, items: readonly OrderItemRow[]): Promise<void> {
  const back = new Map<string, number>();
  for (const item of items) {
    if (item.productId) back.set(item.productId, (back.get(item.productId) ?? 0) + item.qty);
  }
  if (back.size === 0) return;
  const ids = sql.param([...back.keys()]);
  await lockProducts(tx, ids);
  await tx
    .update(products)
    .set({
      countInStock: sql`${products.countInStock} + line.qty`,
      unitsSold: sql`greatest(${products.unitsSold} - line.qty, 0)`,
      updatedAt: new Date(),
    })
    .from(sql`unnest(${ids}::uuid[], ${sql.param([...back.values()])}::int[]) as line(id, qty)`)
    .where(sql`${products.id} = line.id`);
}

/** The first line whose product has too little stock left (as read with the order, no lock). */
export function findShortage(items: readonly OrderLineWithStock[]): StockShortage | undefined {
  const short = items.find((item) => item.productId === null || (item.inStock ?? 0) < item.qty);
  return short && { name: short.name };
}
