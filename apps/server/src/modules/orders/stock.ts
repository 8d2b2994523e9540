import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import type { OrderItemRow } from './order-mapper.ts';

export type StockShortage = { name: string };

/**
 * Takes the stock of every line of an order, or none: each product's count goes down only if
 * enough is left (a conditional UPDATE, so concurrent buyers on any number of server instances
 * can never take it below zero; the CHECK constraint is the last guard). Products are locked in
 * id order so that two orders sharing products cannot deadlock. Call it inside the transaction
 * that records the payment: a refusal rolls everything back.
 */
export async function takeStock(
  tx: Database,
  items: readonly OrderItemRow[],
): Promise<StockShortage | undefined> {
  const deleted = items.find((item) => item.productId === null);
  if (deleted) return { name: deleted.name };
  const lines = [...items].sort((a, b) => (a.productId! < b.productId! ? -1 : 1));
  for (const line of lines) {
    const taken = await tx
      .update(products)
      .set({ countInStock: sql`${products.countInStock} - ${line.qty}`, updatedAt: new Date() })
      .where(and(eq(products.id, line.productId!), gte(products.countInStock, line.qty)))
      .returning({ id: products.id });
    if (taken.length === 0) return { name: line.name };
  }
  return undefined;
}

/** The first line whose product has too little stock left right now (no lock taken). */
export async function findShortage(
  db: Database,
  items: readonly OrderItemRow[],
): Promise<StockShortage | undefined> {
  const ids = items.flatMap((item) => (item.productId ? [item.productId] : []));
  const rows = ids.length
    ? await db
        .select({ id: products.id, countInStock: products.countInStock })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const stock = new Map(rows.map((row) => [row.id, row.countInStock]));
  const short = items.find(
    (item) => item.productId === null || (stock.get(item.productId) ?? 0) < item.qty,
  );
  return short && { name: short.name };
}
