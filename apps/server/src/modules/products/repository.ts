import { count, desc, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import type { ProductRow } from './product-mapper.ts';

/** Escapes LIKE wildcards so that a keyword such as `50%_off\` is matched literally. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function keywordFilter(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = likePattern(keyword);
  return or(
    ilike(products.name, pattern),
    ilike(products.brand, pattern),
    ilike(products.category, pattern),
    ilike(products.description, pattern),
  );
}

export interface ProductPageQuery {
  keyword?: string | undefined;
  offset: number;
  limit: number;
}

export async function findProductPage(
  db: Database,
  query: ProductPageQuery,
): Promise<{ rows: ProductRow[]; total: number }> {
  const where = keywordFilter(query.keyword);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function countProducts(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products);
  return row?.total ?? 0;
}
