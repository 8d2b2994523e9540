import { defaultSku, type OptionChoice } from '@proshop/domain/variants';
import { and, asc, eq, inArray, isNotNull, ne, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productVariants } from '../../db/schema/products.ts';

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

/**
 * Sets the stock of a product's implicit variant (the spec's edit form); makes the variant if
 * the product somehow has none. The product's row must be locked (repository.ts lockProduct).
 */
export async function setImplicitStock(
  db: Database,
  productId: string,
  countInStock: number,
): Promise<void> {
  const updated = await db
    .update(productVariants)
    .set({ countInStock, updatedAt: new Date() })
    .where(and(eq(productVariants.productId, productId), sql`${productVariants.options} = '{}'`))
    .returning({ id: productVariants.id });
  if (updated.length === 0) await insertImplicitVariant(db, productId, { countInStock });
}

/** Variants showing a picture the product no longer has show its main picture instead. */
export async function clearDroppedVariantPictures(
  db: Database,
  productId: string,
  pictures: readonly string[],
): Promise<void> {
  await db
    .update(productVariants)
    .set({ image: null, updatedAt: new Date() })
    .where(
      and(
        eq(productVariants.productId, productId),
        isNotNull(productVariants.image),
        not(inArray(productVariants.image, [...pictures])),
      ),
    );
}

/** Of these SKUs, those (as stored) that variants of other products have, in any case. */
export async function findSkusOfOtherProducts(
  db: Database,
  productId: string,
  skus: readonly string[],
): Promise<string[]> {
  if (skus.length === 0) return [];
  const rows = await db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        ne(productVariants.productId, productId),
        sql`lower(${productVariants.sku}) = any(${sql.param(skus.map((sku) => sku.toLowerCase()))}::text[])`,
      ),
    );
  return rows.map((row) => row.sku);
}

/** A variant's values as the admin's table sets them. */
export interface VariantValues {
  sku: string;
  options: OptionChoice;
  /** Decimal string, or null for the product's price. */
  price: string | null;
  countInStock: number;
  image: string | null;
  active: boolean;
  position: number;
  /** Grams per unit (issue #38); null weighs nothing; absent on insert: null. */
  weightGrams?: number | null;
}

export async function deleteVariantsById(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(productVariants).where(inArray(productVariants.id, [...ids]));
}

/**
 * Gives these variants a SKU and a choice no variant can have (a SKU holds no space, an option
 * name no ':'), so that the next statement can hand their SKUs and choices round among them:
 * PostgreSQL checks a unique index row by row, not once the statement is done.
 */
export async function parkVariants(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(productVariants)
    .set({
      sku: sql`' ' || ${productVariants.id}::text`,
      options: sql`jsonb_build_object(':', ${productVariants.id}::text)`,
    })
    .where(inArray(productVariants.id, [...ids]));
}

/** Writes the values of existing variants of a product, in one statement. */
export async function updateVariantValues(
  db: Database,
  productId: string,
  variants: readonly (VariantValues & { id: string })[],
): Promise<void> {
  if (variants.length === 0) return;
  await db.execute(sql`
    update ${productVariants} set
      sku = given.sku, options = given.options, price = given.price,
      count_in_stock = given.count_in_stock, image = given.image, active = given.active,
      position = given.position, weight_grams = given.weight_grams, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(
      variants.map((variant) => ({
        id: variant.id,
        sku: variant.sku,
        options: variant.options,
        price: variant.price,
        count_in_stock: variant.countInStock,
        image: variant.image,
        active: variant.active,
        position: variant.position,
        weight_grams: variant.weightGrams ?? null,
      })),
    )}::jsonb) as given(id uuid, sku text, options jsonb, price numeric, count_in_stock integer,
      image text, active boolean, position smallint, weight_grams integer)
    where ${productVariants.id} = given.id and ${productVariants.productId} = ${productId}`);
}

export async function insertVariants(
  db: Database,
  productId: string,
  variants: readonly VariantValues[],
): Promise<void> {
  if (variants.length === 0) return;
  await db.insert(productVariants).values(variants.map((variant) => ({ ...variant, productId })));
}
