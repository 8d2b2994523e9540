import type { FacetValue, ProductFacets } from '@proshop/domain/product-schemas';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { brands, categories } from '../../db/schema/taxonomy.ts';
import type { CatalogueFilters, FilterConditions, NamedRecord } from './catalogue-filters.ts';
import { findOptionFacets } from './option-facets.ts';

const ALL = sql`true`;
const countWhere = (...conditions: (SQL | undefined)[]) =>
  sql<number>`count(*) filter (where ${and(ALL, ...conditions)})`.mapWith(Number);

/** grouping(category_id, brand_id) of each grouping set: which facet a row counts. */
const BY_CATEGORY = 1;
const BY_BRAND = 2;
const OVERALL = 3;

interface FacetCounts {
  categories: Map<string, number>;
  brands: Map<string, number>;
  price: { min: number; max: number } | null;
  /** How many products match every filter: the list's length. */
  total: number;
}

/**
 * Every count of the filter panel but the options' (option-facets.ts) in one pass over the
 * products that match the keyword and the filters without a facet here (in stock, rating, option
 * values): grouped by category, by brand and not at all, each count keeping every filter but its
 * own (docs/decisions/0018).
 */
async function countFacets(
  db: Database,
  search: SQL | undefined,
  conditions: FilterConditions,
): Promise<FacetCounts> {
  const { category, brand, price } = conditions;
  const rows = await db
    .select({
      set: sql<number>`grouping(${products.categoryId}, ${products.brandId})`.mapWith(Number),
      categoryId: products.categoryId,
      brandId: products.brandId,
      forCategory: countWhere(brand, price),
      forBrand: countWhere(category, price),
      total: countWhere(category, brand, price),
      // From the lowest to the highest price a variant on offer sells at.
      minPrice: sql<
        string | null
      >`min(${products.minPrice}) filter (where ${and(ALL, category, brand)})`,
      maxPrice: sql<
        string | null
      >`max(${products.maxPrice}) filter (where ${and(ALL, category, brand)})`,
    })
    .from(products)
    .where(and(search, conditions.others))
    .groupBy(sql`grouping sets ((${products.categoryId}), (${products.brandId}), ())`);
  const counts: FacetCounts = { categories: new Map(), brands: new Map(), price: null, total: 0 };
  for (const row of rows) {
    if (row.set === BY_CATEGORY && row.categoryId && row.forCategory > 0) {
      counts.categories.set(row.categoryId, row.forCategory);
    } else if (row.set === BY_BRAND && row.brandId && row.forBrand > 0) {
      counts.brands.set(row.brandId, row.forBrand);
    } else if (row.set === OVERALL) {
      counts.total = row.total;
      if (row.minPrice !== null && row.maxPrice !== null) {
        counts.price = { min: Number(row.minPrice), max: Number(row.maxPrice) };
      }
    }
  }
  return counts;
}

/** Names and slugs of the counted records (categories and brands have the same columns); a chosen one is listed even when nothing is left in it. */
async function facetValues(
  db: Database,
  table: typeof categories,
  counts: Map<string, number>,
  chosen: NamedRecord[] | undefined,
): Promise<FacetValue[]> {
  const ids = [...counts.keys()];
  const named: NamedRecord[] =
    ids.length === 0
      ? []
      : await db
          .select({ id: table.id, slug: table.slug, name: table.name })
          .from(table)
          .where(inArray(table.id, ids));
  for (const record of chosen ?? []) {
    if (!counts.has(record.id)) named.push(record);
  }
  return named
    .map((record) => ({
      slug: record.slug,
      name: record.name,
      count: counts.get(record.id) ?? 0,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug));
}

/** The facets of a list, and how many products match every filter. */
export async function findFacets(
  db: Database,
  search: SQL | undefined,
  filters: CatalogueFilters,
  conditions: FilterConditions,
): Promise<{ facets: ProductFacets; total: number }> {
  const [counts, options] = await Promise.all([
    countFacets(db, search, conditions),
    findOptionFacets(db, search, filters, conditions),
  ]);
  const [categoryValues, brandValues] = await Promise.all([
    facetValues(db, categories, counts.categories, filters.categories),
    facetValues(db, brands, counts.brands, filters.brands),
  ]);
  return {
    facets: { categories: categoryValues, brands: brandValues, options, price: counts.price },
    total: counts.total,
  };
}
