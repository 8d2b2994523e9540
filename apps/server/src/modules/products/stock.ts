import { becameLowStock } from '@proshop/domain/low-stock';
import {
  lineLabel,
  optionValues,
  type OptionChoice,
  type ProductOption,
} from '@proshop/domain/variants';
import { and, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import { refreshVariantSummaries } from './variant-summary.ts';
import { lowStockThresholdOf } from './low-stock.ts';
import type { BackInStock } from '../wishlist/back-in-stock.ts';
import type { LowStockVariant } from './low-stock-alert.ts';

/** A line of an order as the stock reads it (the orders module's line rows fit it). */
export interface StockLine {
  productId: string | null;
  variantId: string | null;
  name: string;
  options: Parameters<typeof lineLabel>[1];
  sku: string | null;
  qty: number;
}

/**
 * Who hears of the variants a sale takes low on stock (issue #19): the shop's threshold and the
 * alert, queued in the sale's transaction (notify-buyer.ts).
 */
export interface LowStockWatch {
  shopThreshold: number;
  alert(tx: Database, variants: LowStockVariant[]): Promise<void>;
}

/** The line short of stock, as the buyer and the shop read it: its label and SKU. */
export type StockShortage = { name: string; sku: string | null };

const shortageOf = (item: StockLine): StockShortage => ({
  name: lineLabel(item.name, item.options),
  sku: item.sku,
});

/** Units per key, adding up lines that share one (old data may repeat a product). */
export function unitsBy<Line extends { qty: number }>(
  items: readonly Line[],
  keyOf: (item: Line) => string,
) {
  const units = new Map<string, number>();
  for (const item of items) units.set(keyOf(item), (units.get(keyOf(item)) ?? 0) + item.qty);
  return units;
}

/**
 * Locks the products in id order, so that no two orders deadlock. Every writer of variants
 * (the admin's table, the product's edit, payments, restocks) locks the product row first
 * (docs/decisions/0019), so holding the products also keeps their variants to this transaction.
 */
/** Locks the products of these lines, as takeStock and giveStockBack do first. */
export async function lockProductsOf(tx: Database, items: readonly StockLine[]) {
  const ids = [...new Set(items.flatMap((item) => (item.productId ? [item.productId] : [])))];
  await lockProducts(tx, ids);
}

async function lockProducts(tx: Database, ids: readonly string[]) {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.id} = any(${sql.param([...ids])}::uuid[])`)
    .orderBy(products.id)
    .for('no key update')
    .prepare('lock_stock')
    .execute();
}

/**
 * Adds units sold to the products (negative units: given back, never below 0): what paid
 * orders took from stock is what the shop sold (the best-selling sort).
 */
async function countSold(tx: Database, units: ReadonlyMap<string, number>) {
  if (units.size === 0) return;
  await tx
    .update(products)
    .set({
      unitsSold: sql`greatest(${products.unitsSold} + line.qty, 0)`,
      updatedAt: new Date(),
    })
    .from(
      sql`unnest(${sql.param([...units.keys()])}::uuid[], ${sql.param([...units.values()])}::int[])
        as line(id, qty)`,
    )
    .where(sql`${products.id} = line.id`)
    .prepare('count_sold')
    .execute();
}

/**
 * Takes the stock of every line of an order from its variant, or none. The first statement locks
 * the order's products in id order, so that two orders sharing products cannot deadlock; it
 * takes `FOR NO KEY UPDATE`, the lock an UPDATE takes anyway (`FOR UPDATE` would also wait for,
 * and deadlock with, the foreign-key checks of orders being placed for the same products and
 * variants). The second is a conditional UPDATE of the variants, which only this transaction can
 * change now that it holds their products: each count goes down only if the variant is on offer
 * and enough is left, so concurrent buyers on any number of server instances can never take it
 * below zero (the CHECK constraint is the last guard). Then the products' units sold and their
 * summary of the variants (stock, prices) are written, on rows this transaction already holds.
 * A single statement, an UPDATE reading from a sorted `FOR NO KEY UPDATE` subquery, still
 * deadlocked under load (bench/checkout.ts): its UPDATE reads the rows as they were when the
 * statement began, not as the subquery locked them, so the order of the locks is not kept.
 * Call it inside the transaction that records the payment: a shortage is answered, and the
 * caller's refusal rolls back the lines already taken. A line whose product or variant was
 * deleted is short. Variants the sale takes low on stock are told to `lowStock`, in the same
 * transaction.
 */
export async function takeStock<Line extends StockLine>(
  tx: Database,
  items: readonly Line[],
  lowStock: LowStockWatch,
  onTaken?: (lines: Line[]) => Promise<void>,
): Promise<StockShortage | undefined> {
  const deleted = items.find((item) => item.productId === null || item.variantId === null);
  if (deleted) return shortageOf(deleted);
  // One row per variant: an UPDATE changes a row only once.
  const wanted = unitsBy(items, (item) => item.variantId!);
  const productIds = [...new Set(items.map((item) => item.productId!))];
  await lockProducts(tx, productIds);
  const taken = await tx
    .update(productVariants)
    .set({
      countInStock: sql`${productVariants.countInStock} - line.qty`,
      updatedAt: new Date(),
    })
    .from(
      sql`unnest(${sql.param([...wanted.keys()])}::uuid[], ${sql.param([...wanted.values()])}::int[])
        as line(id, qty), ${products}`,
    )
    .where(
      and(
        sql`${productVariants.id} = line.id`,
        sql`${products.id} = ${productVariants.productId}`,
        sql`${productVariants.active}`,
        sql`${productVariants.countInStock} >= line.qty`,
      ),
    )
    .returning({
      id: productVariants.id,
      productId: productVariants.productId,
      sku: productVariants.sku,
      choice: productVariants.options,
      left: productVariants.countInStock,
      qty: sql<number>`line.qty`,
      productName: sql<string>`${products.name}`,
      productOptions: sql<ProductOption[]>`${products.options}`,
      threshold: lowStockThresholdOf(lowStock.shopThreshold),
    })
    .prepare('take_stock_watched')
    .execute();
  await alertLowStock(tx, taken, lowStock);
  const takenIds = new Set(taken.map((row) => row.id));
  if (takenIds.size > 0) {
    // Only what was taken counts as sold: a paid order with a short line (a webhook's late
    // capture) keeps the lines that were taken.
    const sold = items.filter((item) => takenIds.has(item.variantId!));
    await onTaken?.(sold);
    await countSold(
      tx,
      unitsBy(sold, (item) => item.productId!),
    );
    await refreshVariantSummaries(tx, productIds);
  }
  const short = items.find((item) => !takenIds.has(item.variantId!));
  return short && shortageOf(short);
}

/**
 * Tells the shop, in the sale's transaction, of the variants this sale took from above their
 * threshold to at or below it: one e-mail for the sale, none for sales below the threshold.
 * Exactly one sale crosses it: the products' row locks (lockProducts) put every sale of a
 * variant one after the other, each seeing the stock the one before left.
 */
async function alertLowStock(
  tx: Database,
  taken: readonly {
    productId: string;
    sku: string;
    choice: OptionChoice;
    left: number;
    qty: number;
    productName: string;
    productOptions: ProductOption[];
    threshold: number;
  }[],
  watch: LowStockWatch,
) {
  const low = taken.flatMap((row): LowStockVariant[] => {
    const { threshold } = row;
    if (!becameLowStock(row.left + Number(row.qty), row.left, threshold)) return [];
    return [
      {
        productId: row.productId,
        productName: row.productName,
        sku: row.sku,
        options: optionValues(row.productOptions, row.choice),
        left: row.left,
        threshold,
      },
    ];
  });
  if (low.length > 0) await watch.alert(tx, low);
}

/**
 * Gives back the stock `takeStock` took for these lines (a capture that did not pay, a refund
 * with restock, a cancelled paid order, a chargeback) to their variants, switched off or not:
 * `qty` of each is the units asked for, of which only what the line still holds goes back
 * (unitsToGiveBack). A deleted variant's units have nowhere to go; deleted products are skipped.
 * Locks the products in id order first, as takeStock does, so the two cannot deadlock. Stock that
 * comes back answers the customers waiting for it (`backInStock`), in the same transaction.
 */
export async function giveStockBack(
  tx: Database,
  items: readonly StockLine[],
  backInStock: BackInStock,
): Promise<void> {
  const live = items.filter((item) => item.productId !== null);
  if (live.length === 0) return;
  const productIds = [...new Set(live.map((item) => item.productId!))];
  await lockProducts(tx, productIds);
  const back = unitsBy(
    live.filter((item) => item.variantId !== null),
    (item) => item.variantId!,
  );
  if (back.size > 0) {
    await tx
      .update(productVariants)
      .set({
        countInStock: sql`${productVariants.countInStock} + line.qty`,
        updatedAt: new Date(),
      })
      .from(
        sql`unnest(${sql.param([...back.keys()])}::uuid[], ${sql.param([...back.values()])}::int[])
          as line(id, qty)`,
      )
      .where(sql`${productVariants.id} = line.id`)
      .prepare('give_stock_back')
      .execute();
  }
  const unsold = unitsBy(live, (item) => item.productId!);
  await countSold(tx, new Map([...unsold].map(([id, qty]) => [id, -qty])));
  await refreshVariantSummaries(tx, productIds);
  await backInStock.announce(tx, productIds);
}

/**
 * The first line whose variant has too little stock on offer (as read with the order, no
 * lock): deleted, switched off, or fewer units than the order's lines of it want.
 */
export function findShortage(
  items: readonly (StockLine & { inStock: number | null })[],
): StockShortage | undefined {
  const wanted = unitsBy(
    items.filter((item) => item.variantId !== null),
    (item) => item.variantId!,
  );
  const short = items.find(
    (item) =>
      item.productId === null ||
      item.variantId === null ||
      (item.inStock ?? 0) < (wanted.get(item.variantId) ?? item.qty),
  );
  return short && shortageOf(short);
}
