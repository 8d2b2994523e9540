import type { ProductFacets, ProductSort } from '@proshop/domain/product-schemas';
import type { ProductOption } from '@proshop/domain/variants';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { newestProductsFirst, productColumns, type ProductRow } from './product-mapper.ts';
import {
  allConditions,
  filterConditions,
  SORT_ORDERS,
  type CatalogueFilters,
} from './catalogue-filters.ts';
import { findFacets } from './facets.ts';
import { findSearchPage } from './search-page.ts';
import { productSearch, type ProductSearch } from './search.ts';
import { productHasLowStock } from './low-stock.ts';
import { shownToShoppers } from './shown-to-shoppers.ts';
import type { ProductStatus } from '@proshop/domain/product-status';

export interface ProductPageQuery {
  keyword?: string | undefined;
  filters: CatalogueFilters;
  sort: ProductSort;
  offset: number;
  limit: number;
}

/** The order of a page: a sort's own, or newest first (best matches first with a keyword). */
function pageOrder(sort: ProductSort, search: ProductSearch | undefined): SQL[] {
  if (sort !== 'newest') return SORT_ORDERS[sort];
  return search ? [asc(search.rank), ...newestProductsFirst] : newestProductsFirst;
}

/**
 * The rows of one page in one query. Not awaited here, so that a test can read the plan of
 * exactly this query.
 */
export function productPageRows(
  db: Database,
  query: {
    search?: ProductSearch | undefined;
    where?: SQL | undefined;
    sort?: ProductSort;
    offset: number;
    limit: number;
  },
) {
  const { search } = query;
  return db
    .select(productColumns)
    .from(products)
    .where(and(search?.where, query.where))
    .orderBy(...pageOrder(query.sort ?? 'newest', search))
    .limit(query.limit)
    .offset(query.offset);
}

/** One page of products, how many match in all, and the filter panel's facets. */
export async function findProductPage(
  db: Database,
  query: ProductPageQuery,
): Promise<{ rows: ProductRow[]; total: number; facets: ProductFacets }> {
  const search = query.keyword ? productSearch(query.keyword) : undefined;
  const conditions = filterConditions(query.filters);
  // Drafts are nowhere in the shop: not in the page, its count or any facet.
  const where = and(allConditions(conditions), shownToShoppers);
  const facetsAndTotal = findFacets(
    db,
    and(search?.where, shownToShoppers),
    query.filters,
    conditions,
  );
  if (search?.indexed && query.sort === 'newest') {
    // Best matches first, read rank by rank (search-page.ts); the filters narrow every rank.
    const filtered = { ...search, where: and(search.where, where)! };
    const [page, { facets }] = await Promise.all([
      findSearchPage(db, filtered, query),
      facetsAndTotal,
    ]);
    return { ...page, facets };
  }
  // The facets' pass counts the matches too: the page is the only other query.
  const [rows, { facets, total }] = await Promise.all([
    productPageRows(db, {
      search,
      where,
      sort: query.sort,
      offset: query.offset,
      limit: query.limit,
    }),
    facetsAndTotal,
  ]);
  return { rows, total, facets };
}

/** A product row with whether a variant on offer is low on stock (the admin's screens). */
export type AdminProductRow = ProductRow & { lowStock: boolean };

const adminProductColumns = (shopThreshold: number) => ({
  ...productColumns,
  lowStock: sql<boolean>`${productHasLowStock(shopThreshold)}`,
});

/**
 * A page of every product, newest first; `lowStockOnly`: those with a variant low on stock;
 * `status`: only the drafts or only the active ones.
 */
export async function findAdminProductPage(
  db: Database,
  query: {
    lowStockOnly: boolean;
    status?: ProductStatus | undefined;
    shopThreshold: number;
    offset: number;
    limit: number;
  },
): Promise<{ rows: AdminProductRow[]; total: number }> {
  const where = and(
    query.lowStockOnly ? productHasLowStock(query.shopThreshold) : undefined,
    query.status ? eq(products.status, query.status) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    adminProductPageRows(db, where, query),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * A deferred join (docs/decisions/0050): the page's ids are found first, the skipped rows read
 * from products_created_at_idx alone, and only the page's products are then read with their
 * slugs and low-stock mark; selected in one pass, every skipped row would be read and get its
 * subqueries (page 3,125: 25,000 of them). Not awaited here, so that a test can read its plan.
 */
export function adminProductPageRows(
  db: Database,
  where: SQL | undefined,
  query: { shopThreshold: number; offset: number; limit: number },
) {
  const page = db
    .select({ pageId: products.id })
    .from(products)
    .where(where)
    .orderBy(...newestProductsFirst)
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  return db
    .select(adminProductColumns(query.shopThreshold))
    .from(products)
    .innerJoin(page, eq(page.pageId, products.id))
    .orderBy(...newestProductsFirst);
}

export async function findAdminProductById(
  db: Database,
  id: string,
  shopThreshold: number,
): Promise<AdminProductRow | undefined> {
  const [row] = await db
    .select(adminProductColumns(shopThreshold))
    .from(products)
    .where(eq(products.id, id));
  return row;
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
      .where(shownToShoppers)
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

/**
 * A product's pictures and options, its row locked until the transaction ends. Every writer of a
 * product's variants (the edit, the variants' table, payment, restock) locks the product first,
 * so that none of them waits on another in the opposite order (docs/decisions/0019).
 */
export async function lockProduct(
  db: Database,
  id: string,
): Promise<{ images: string[]; options: ProductOption[]; status: ProductStatus } | undefined> {
  const [row] = await db
    .select({ images: products.images, options: products.options, status: products.status })
    .from(products)
    .where(eq(products.id, id))
    .for('no key update');
  return row;
}

/** A product's pictures, its row locked until the transaction ends (an edit replaces them). */
export async function findProductPicturesForUpdate(
  db: Database,
  id: string,
): Promise<string[] | undefined> {
  return (await lockProduct(db, id))?.images;
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
