import type { ProductListQuery, ProductSort } from '@proshop/domain/product-schemas';
import { centsToDecimalString, toCents } from '@proshop/domain/money';
import { TAXONOMY_LABELS, type TaxonomyKind } from '@proshop/domain/taxonomy-schemas';
import { and, asc, desc, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { invalid } from '../../errors/app-error.ts';
import { taxonomyTable } from '../taxonomy/tables.ts';
import { newestProductsFirst } from './product-mapper.ts';

/** A category or brand a filter names, as the facets show it. */
export interface NamedRecord {
  id: string;
  slug: string;
  name: string;
}

/** The filters of a product list with the slugs turned into records. */
export interface CatalogueFilters {
  categories?: NamedRecord[] | undefined;
  brands?: NamedRecord[] | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  inStock?: boolean | undefined;
  minRating?: number | undefined;
}

/**
 * The records the slugs of a filter name. A slug naming nothing is refused with its name, as
 * every unknown value of the list's query is: a link to a category since deleted says so
 * rather than listing nothing without a word.
 */
async function recordsOfSlugs(
  db: Database,
  kind: TaxonomyKind,
  slugs: readonly string[] | undefined,
): Promise<NamedRecord[] | undefined> {
  if (!slugs?.length) return undefined;
  const table = taxonomyTable(kind);
  const found = await db
    .select({ id: table.id, slug: table.slug, name: table.name })
    .from(table)
    .where(inArray(table.slug, [...slugs]));
  const unknown = slugs.filter((slug) => !found.some((record) => record.slug === slug));
  if (unknown.length > 0) {
    throw invalid(`Unknown ${TAXONOMY_LABELS[kind].one.toLowerCase()}: ${unknown.join(', ')}`);
  }
  return found;
}

export async function resolveFilters(
  db: Database,
  query: ProductListQuery,
): Promise<CatalogueFilters> {
  const [categories, brands] = await Promise.all([
    recordsOfSlugs(db, 'category', query.category),
    recordsOfSlugs(db, 'brand', query.brand),
  ]);
  return {
    categories,
    brands,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    inStock: query.inStock,
    minRating: query.minRating,
  };
}

/**
 * The filters as SQL conditions, kept apart by facet: the facets count each of category, brand
 * and price with every other condition but its own (docs/decisions/0018).
 */
export interface FilterConditions {
  category?: SQL | undefined;
  brand?: SQL | undefined;
  price?: SQL | undefined;
  /** In stock and rating: no facet of their own, so they narrow everything. */
  others?: SQL | undefined;
}

const money = (amount: number) => centsToDecimalString(toCents(amount));

export function filterConditions(filters: CatalogueFilters): FilterConditions {
  const ids = (records: NamedRecord[] | undefined) => records?.map((record) => record.id);
  const categoryIds = ids(filters.categories);
  const brandIds = ids(filters.brands);
  return {
    category: categoryIds && inArray(products.categoryId, categoryIds),
    brand: brandIds && inArray(products.brandId, brandIds),
    price: and(
      filters.minPrice === undefined ? undefined : gte(products.price, money(filters.minPrice)),
      filters.maxPrice === undefined ? undefined : lte(products.price, money(filters.maxPrice)),
    ),
    others: and(
      filters.inStock ? sql`${products.countInStock} > 0` : undefined,
      filters.minRating === undefined
        ? undefined
        : gte(products.rating, filters.minRating.toFixed(2)),
    ),
  };
}

/** Every condition together: the products a page lists. */
export function allConditions(conditions: FilterConditions): SQL | undefined {
  return and(conditions.category, conditions.brand, conditions.price, conditions.others);
}

/**
 * The order of each sort but `newest` (which search-page.ts and repository.ts read by rank and
 * date). Each starts with the columns of an index (products_price_idx, products_rating_idx,
 * products_units_sold_idx) so that a page can be read from it; the id ends every order, so that
 * pages never show a product twice or skip one.
 */
export const SORT_ORDERS: Record<Exclude<ProductSort, 'newest'>, SQL[]> = {
  'price-asc': [asc(products.price), asc(products.id)],
  'price-desc': [desc(products.price), desc(products.id)],
  rating: [
    sql`${products.rating} desc nulls last`,
    sql`${products.numReviews} desc nulls last`,
    ...newestProductsFirst,
  ],
  'best-selling': [
    sql`${products.unitsSold} desc nulls last`,
    sql`${products.createdAt} desc nulls last`,
    asc(products.id),
  ],
};
