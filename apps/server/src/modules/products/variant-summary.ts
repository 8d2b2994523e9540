import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, productVariants } from '../../db/schema/products.ts';

/**
 * Between an option's name and its value in `products.option_values` ('Size:M'): option names
 * hold no ':' (OPTION_NAME_PATTERN), so the first one ends the name.
 */
export const OPTION_VALUE_SEPARATOR = ':';

/** An option value on offer as `products.option_values` holds it. */
export function offeredValue(name: string, value: string): string {
  return `${name}${OPTION_VALUE_SEPARATOR}${value}`;
}

/**
 * Writes the products' summary of their variants (schema.ts: count_in_stock, min_price,
 * max_price, variant_count, option_values) from the variants as they are now in this
 * transaction. Every change
 * of variants (the admin's table, stock taken or given back, the product's own price, a seed or
 * an import) calls it before committing, so that lists, filters and sorts, which read only the
 * products, never see another stock or price than the product page. Without a variant on offer
 * the product sells at nothing: its stock is 0 and its prices are its own price.
 */
export async function refreshVariantSummaries(
  db: Database,
  productIds: readonly string[],
  batchSize = SUMMARY_BATCH,
): Promise<void> {
  // Sorted, so that batches lock the products' rows in id order, as payments do (stock.ts).
  const ids = productIds.length > batchSize ? [...productIds].sort() : productIds;
  for (let first = 0; first < ids.length; first += batchSize) {
    await refreshBatch(db, ids.slice(first, first + batchSize));
  }
}

/**
 * Products whose summaries one statement writes (docs/decisions/0048): 2,000 took 0.5 s a
 * statement on PostgreSQL on a busy 2-core machine (20,000: 7 s), far inside the pool's 15 s
 * query timeout, where 100,000 in one statement went past it; smaller batches cost more in all
 * (500: 8 s for 20,000 products against 4.8 s).
 */
export const SUMMARY_BATCH = 2_000;

async function refreshBatch(db: Database, productIds: readonly string[]): Promise<void> {
  const offered = sql`${productVariants.active}`;
  const sells = sql`coalesce(${productVariants.price}, ${products.price})`;
  await db.execute(sql`
    update ${products} set
      count_in_stock = summary.stock,
      min_price = coalesce(summary.min_price, ${products.price}),
      max_price = coalesce(summary.max_price, ${products.price}),
      variant_count = summary.variants,
      option_values = array(
        select distinct choice.key || ${OPTION_VALUE_SEPARATOR}::text || choice.value
        from ${productVariants}
        cross join lateral jsonb_each_text(${productVariants.options}) as choice
        where ${productVariants.productId} = summary.product_id and ${offered}
        order by 1)
    from (
      select ${productVariants.productId} as product_id,
        coalesce(sum(${productVariants.countInStock}) filter (where ${offered}), 0)::int as stock,
        min(${sells}) filter (where ${offered}) as min_price,
        max(${sells}) filter (where ${offered}) as max_price,
        count(*)::int as variants
      from ${productVariants}
      join ${products} on ${products.id} = ${productVariants.productId}
      where ${productVariants.productId} = any(${sql.param([...productIds])}::uuid[])
      group by ${productVariants.productId}
    ) as summary
    where ${products.id} = summary.product_id`);
}
