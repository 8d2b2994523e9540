import { Readable } from 'node:stream';
import {
  OPTION_CSV_COLUMNS,
  PICTURE_SEPARATOR,
  PRODUCT_CSV_COLUMNS,
} from '@proshop/domain/product-csv';
import { optionValues } from '@proshop/domain/variants';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import { csvLine, UTF8_BOM } from '../../http/csv.ts';
import { csvProductColumns, type CsvProduct } from './csv-product-columns.ts';
import { newestProductsFirst } from './product-mapper.ts';
import type { VariantRow } from './variants-repository.ts';

/** Products read per query: a catalogue of any size is written without holding it in memory. */
const BATCH = 500;

type ExportedProduct = CsvProduct & {
  /** created_at as PostgreSQL writes it, to the microsecond (a Date keeps milliseconds only). */
  createdAt: string;
};

/**
 * The product's lines: one per variant (one for a product without options), in its order. The
 * product's own columns are on its first line only, as in Shopify's CSV: a change is made in one
 * cell, and the import reads them from whichever of the product's lines gives them.
 */
function productLines(product: ExportedProduct, variants: readonly VariantRow[]): string {
  const own = [
    product.name,
    product.brand,
    product.category,
    product.description,
    product.price,
    product.images.join(PICTURE_SEPARATOR),
    product.lowStockThreshold,
    product.status,
  ];
  return variants
    .map((variant, index) => {
      const chosen = optionValues(product.options, variant.options);
      const options = OPTION_CSV_COLUMNS.flatMap((_, position) => [
        chosen[position]?.name ?? '',
        chosen[position]?.value ?? '',
      ]);
      return csvLine([
        product.id,
        '',
        ...(index === 0 ? own : own.map(() => '')),
        variant.sku,
        ...options,
        variant.price,
        variant.countInStock,
        variant.image,
        variant.active ? 'yes' : 'no',
      ]);
    })
    .join('');
}

/**
 * The next products after `after` in the admin list's order (newest first, then by id: the
 * order of products_created_at_idx), found from where the last batch ended, not by an offset.
 */
function nextProducts(db: Database, after: ExportedProduct | undefined) {
  return db
    .select({
      ...csvProductColumns,
      createdAt: sql<string>`${products.createdAt}::text`,
    })
    .from(products)
    .where(
      after &&
        sql`(${products.createdAt} < ${after.createdAt}::timestamptz
          or (${products.createdAt} = ${after.createdAt}::timestamptz and ${products.id} > ${after.id}))`,
    )
    .orderBy(...newestProductsFirst)
    .limit(BATCH);
}

async function* exportChunks(db: Database): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(PRODUCT_CSV_COLUMNS);
  let after: ExportedProduct | undefined;
  for (;;) {
    const batch = await nextProducts(db, after);
    if (batch.length === 0) return;
    const variants = await db
      .select()
      .from(productVariants)
      .where(
        inArray(
          productVariants.productId,
          batch.map((product) => product.id),
        ),
      )
      .orderBy(
        asc(productVariants.productId),
        asc(productVariants.position),
        asc(productVariants.id),
      );
    const byProduct = new Map<string, VariantRow[]>();
    for (const variant of variants) {
      const list = byProduct.get(variant.productId);
      if (list) list.push(variant);
      else byProduct.set(variant.productId, [variant]);
    }
    yield batch.map((product) => productLines(product, byProduct.get(product.id) ?? [])).join('');
    after = batch.at(-1);
  }
}

/**
 * GET /api/products/export.csv: every product, one line per variant, in the columns the import
 * reads (packages/domain/src/product-csv.ts), newest product first; read batch by batch as the
 * client takes the file.
 */
export function exportProducts(db: Database, now: Date): { stream: Readable; fileName: string } {
  return {
    stream: Readable.from(exportChunks(db)),
    fileName: `products-${now.toISOString().slice(0, 10)}.csv`,
  };
}
