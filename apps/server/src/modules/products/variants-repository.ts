import { defaultSku } from '@proshop/domain/variants';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productVariants } from '../../db/schema.ts';

export type VariantRow = typeof productVariants.$inferSelect;

/** A product's variants in the admin's order, switched-off ones included. */
export function findVariantsOfProduct(db: Database, productId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

/**
 * The one variant of a product without options, which holds its stock (decision 0019). Call
 * refreshVariantSummaries afterwards, in the same transaction.
 */
export async function insertImplicitVariant(
  db: Database,
  productId: string,
  values: { countInStock: number; sku?: string },
): Promise<VariantRow> {
  const [row] = await db
    .insert(productVariants)
    .values({
      productId,
      sku: values.sku ?? defaultSku(productId),
      countInStock: values.countInStock,
    })
    .returning();
  return row!;
}
