import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import { csvProductColumns, type CsvProduct } from './csv-product-columns.ts';
import type { VariantRow } from './variants-repository.ts';

/** What the import compares a line with: a stored product and its variants in their order. */
export type CurrentProduct = CsvProduct & { variants: VariantRow[] };

/** Of these ids, those of stored products. */
export async function findExistingProductIds(
  db: Database,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** The products that have variants of these SKUs (any case), by lower-cased SKU. */
export async function findSkuOwners(
  db: Database,
  skus: readonly string[],
): Promise<Map<string, { productId: string; name: string }>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({
      sku: sql<string>`lower(${productVariants.sku})`,
      productId: productVariants.productId,
      name: products.name,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      sql`lower(${productVariants.sku}) = any(${sql.param(skus.map((sku) => sku.toLowerCase()))}::text[])`,
    );
  return new Map(rows.map(({ sku, ...owner }) => [sku, owner]));
}

/**
 * Locks the products in id order, as payments do (products/stock.ts), so that an import and
 * payments of the same products never deadlock; their variants are held with them
 * (docs/decisions/0019).
 */
export async function lockProductsInOrder(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]))
    .orderBy(products.id)
    .for('no key update');
}

/** The products with these ids and their variants, by id. */
export async function findCurrentProducts(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, CurrentProduct>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(csvProductColumns)
    .from(products)
    .where(inArray(products.id, [...ids]));
  const variants = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, [...ids]))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const current = new Map<string, CurrentProduct>(
    rows.map((row) => [row.id, { ...row, variants: [] }]),
  );
  for (const variant of variants) current.get(variant.productId)?.variants.push(variant);
  return current;
}
