import { asc, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import type { ProductRow } from './product-mapper.ts';
import { productSearch } from './search.ts';

// Every column but the search text, which is only ever read by the database.
const { searchText: _searchText, ...productColumns } = getTableColumns(products);

export interface ProductPageQuery {
  keyword?: string | undefined;
  offset: number;
  limit: number;
}

/**
 * The rows of one page: best matches first with a keyword, otherwise newest first. Not awaited
 * here, so that a test can read the plan of exactly this query.
 */
export function productPageRows(db: Database, query: ProductPageQuery) {
  const search = query.keyword ? productSearch(query.keyword) : undefined;
  // Exactly the order of products_created_at_idx (drizzle-kit made it `desc nulls last`), so
  // that page 1 reads 8 index entries instead of sorting the catalogue.
  const newestFirst = [sql`${products.createdAt} desc nulls last`, asc(products.id)];
  return db
    .select(productColumns)
    .from(products)
    .where(search?.where)
    .orderBy(...(search ? [asc(search.rank), ...newestFirst] : newestFirst))
    .limit(query.limit)
    .offset(query.offset);
}

/** One page of products and how many match in all. */
export async function findProductPage(
  db: Database,
  query: ProductPageQuery,
): Promise<{ rows: ProductRow[]; total: number }> {
  const search = query.keyword ? productSearch(query.keyword) : undefined;
  const [rows, totals] = await Promise.all([
    productPageRows(db, query),
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
