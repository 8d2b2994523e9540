import { sql, type SQL } from 'drizzle-orm';
import { products, productVariants } from '../../db/schema/products.ts';

/**
 * The threshold that applies to a variant: its product's own, else the shop's
 * LOW_STOCK_THRESHOLD. The one copy of it: every query that reads a variant's threshold (the
 * products' low-stock filter, the dashboard's list, the sale's low-stock alert) takes it from here.
 * Reads products: use it where products is in the query.
 */
export function lowStockThresholdOf(shopThreshold: number): SQL<number> {
  return sql<number>`coalesce(${products.lowStockThreshold}, ${shopThreshold})::int`;
}

/**
 * A variant on offer that is low on stock (packages/domain/src/low-stock.ts): at or below its
 * product's threshold, else the shop's LOW_STOCK_THRESHOLD. Reads both tables: use it where
 * product_variants is joined to products.
 */
export function variantIsLowStock(shopThreshold: number): SQL {
  return sql`(${productVariants.active} and ${productVariants.countInStock} <= ${lowStockThresholdOf(shopThreshold)})`;
}

/** A product with a variant on offer that is low on stock (for lists filtered on it). */
export function productHasLowStock(shopThreshold: number): SQL {
  return sql`exists (select 1 from ${productVariants}
    where ${productVariants.productId} = ${products.id} and ${variantIsLowStock(shopThreshold)})`;
}
