import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { newestProductsFirst, productColumns, type ProductRow } from './product-mapper.ts';
import { findSearchPage } from './search-page.ts';
import { productSearch, type ProductSearch } from './search.ts';

export interface ProductPageQuery {
  keyword?: string | undefined;
  offset: number;
  limit: number;
}

/**
 * The rows of one page in one query: newest first, or with a keyword best matches first (every
 * match ranked). Not awaited here, so that a test can read the plan of exactly this query.
 */
export function productPageRows(
  db: Database,
  query: { search?: ProductSearch | undefined; offset: number; limit: number },
) {
  const { search } = query;
  return db
    .select(productColumns)
    .from(products)
    .where(search?.where)
    .orderBy(...(search ? [asc(search.rank), ...newestProductsFirst] : newestProductsFirst))
    .limit(query.limit)
    .offset(query.offset);
}

/** One page of products and how many match in all. */
export async function findProductPage(
  db: Database,
  query: ProductPageQuery,
): Promise<{ rows: ProductRow[]; total: number }> {
  const search = query.keyword ? productSearch(query.keyword) : undefined;
  if (search?.indexed) return findSearchPage(db, search, query);
  // No keyword, or only words too short for the trigram indexes (the table is read whole anyway):
  // the page and the count as two queries side by side.
  const [rows, totals] = await Promise.all([
    productPageRows(db, { search, offset: query.offset, limit: query.limit }),
    db.select({ total: count() }).from(products).where(search?.where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function countProducts(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products);
  return row?.total ?? 0;
}

/** The best-rated products; among equals, the most reviewed, then the newest. */
export function findTopProducts(db: Database, limit: number): Promise<ProductRow[]> {
  return (
    db
      .select(productColumns)
      .from(products)
      // The order of products_rating_idx (`desc nulls last`), then newest.
      .orderBy(
        sql`${products.rating} desc nulls last`,
        sql`${products.numReviews} desc nulls last`,
        desc(products.createdAt),
      )
      .limit(limit)
  );
}

export async function findProductById(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id));
  return row;
}

export type NewProductValues = Omit<typeof products.$inferInsert, 'id' | 'createdAt'>;

export async function insertProduct(db: Database, values: NewProductValues): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning(productColumns);
  return row!;
}

export async function updateProductById(
  db: Database,
  id: string,
  values: Partial<NewProductValues>,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set(values)
    .where(eq(products.id, id))
    .returning(productColumns);
  return row;
}

/** True when a product was deleted. Its order lines keep their copies (product_id set null). */
export async function deleteProductById(db: Database, id: string): Promise<boolean> {
  const deleted = await db
    .delete(products)
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return deleted.length > 0;
}
