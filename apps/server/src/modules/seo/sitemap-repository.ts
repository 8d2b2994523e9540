import { and, asc, count, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { brands, categories } from '../../db/schema/taxonomy.ts';
import { shownToShoppers } from '../products/shown-to-shoppers.ts';

export interface SitemapRow {
  /** A product's id or a category's or brand's slug. */
  key: string;
  updatedAt: Date;
}

export async function countProducts(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(shownToShoppers);
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
  // Drafts are left out: a search engine must not find them (shown-to-shoppers.ts).
  return 'afterId' in from
    ? query.where(and(gt(products.id, from.afterId), shownToShoppers))
    : query.where(shownToShoppers).offset(from.offset);
}
