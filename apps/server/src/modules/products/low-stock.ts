import { sql, type SQL } from 'drizzle-orm';
import { products, productVariants } from '../../db/schema/products.ts';

/**
 * A variant on offer that is low on stock (packages/domain/src/low-stock.ts): at or below its
 * product's threshold, else the shop's LOW_STOCK_THRESHOLD. Reads both tables: use it where
 * product_variants is joined to products.
 */
export function variantIsLowStock(shopThreshold: number): SQL {
  return sql`(${productVariants.active} and ${productVariants.countInStock} <= coalesce(${products.lowStockThreshold}, ${shopThreshold}))`;
}

/** A product with a variant on offer that is low on stock (for lists filtered on it). */
export function productHasLowStock(shopThreshold: number): SQL {
  return sql`exists (select 1 from ${productVariants}
    where ${productVariants.productId} = ${products.id} and ${variantIsLowStock(shopThreshold)})`;
}
