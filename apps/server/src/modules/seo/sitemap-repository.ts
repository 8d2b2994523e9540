import { asc, count, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { brands, categories } from '../../db/schema/taxonomy.ts';

export interface SitemapRow {
  /** A product's id or a category's or brand's slug. */
  key: string;
  updatedAt: Date;
}

export async function countProducts(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products);
  return row?.total ?? 0;
}

/** Every category and brand, by slug (a few hundred at most). */
export async function findTaxonomyPages(db: Database) {
  const columns = (table: typeof categories) => ({
    key: table.slug,
    updatedAt: table.updatedAt,
  });
  const [categoryRows, brandRows] = await Promise.all([
    db.select(columns(categories)).from(categories).orderBy(asc(categories.slug)),
    db.select(columns(brands)).from(brands).orderBy(asc(brands.slug)),
  ]);
  return { categories: categoryRows, brands: brandRows };
}

/**
 * Products by id, `limit` at a time: the first batch of a sitemap file skips `offset` rows (an
 * index-only walk of the primary key), the next ones start after the last id seen.
 */
export function findProductBatch(
  db: Database,
  from: { offset: number } | { afterId: string },
  limit: number,
): Promise<SitemapRow[]> {
  const query = db
    .select({ key: products.id, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.id))
    .limit(limit);
  return 'afterId' in from ? query.where(gt(products.id, from.afterId)) : query.offset(from.offset);
}
