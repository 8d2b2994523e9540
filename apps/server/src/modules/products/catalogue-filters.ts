import type { OptionFilters } from '@proshop/domain/catalogue-query';
import type { ProductListQuery, ProductSort } from '@proshop/domain/product-schemas';
import { centsToDecimalString, toCents } from '@proshop/domain/money';
import { TAXONOMY_LABELS, type TaxonomyKind } from '@proshop/domain/taxonomy-schemas';
import { and, asc, desc, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import { invalid } from '../../errors/app-error.ts';
import { taxonomyTable } from '../taxonomy/tables.ts';
import { offeredValue } from './variant-summary.ts';
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
  /** Option name → the values a variant may have (any of them), e.g. `{ Size: ['M', 'L'] }`. */
  options?: OptionFilters | undefined;
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
    options: query.option,
  };
}

/**
 * The filters as SQL conditions, kept apart by facet: the facets count each of category, brand
 * and price with every other condition but its own (docs/decisions/0018).
 */
export interface FilterConditions {
  category?: SQL | undefined;
  brand?: SQL | undefined;
  /**
   * The price bounds: a variant on offer within them, which must also be in stock and have the
   * chosen option values when those are asked (one variant for all). Undefined without bounds.
   */
  price?: SQL | undefined;
  /**
   * Rating, and what a variant must offer without the price bounds (in stock, option values):
   * no facet of their own here (the option facets are counted apart), so they narrow everything.
   */
  others?: SQL | undefined;
}

const money = (amount: number) => centsToDecimalString(toCents(amount));

/** What the filters ask of one variant, leaving out the price bounds or one option's values. */
export interface VariantFilter {
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  inStock?: boolean | undefined;
  options?: OptionFilters | undefined;
}

export const selectedOptions = (options: OptionFilters | undefined) =>
  Object.entries(options ?? {}).filter(([, values]) => values.length > 0);

/**
 * The conditions on one row of product_variants (joined to, or correlated with, its product):
 * on offer, at a price within the bounds (its own, or else the product's), in stock, with one of
 * the chosen values of each chosen option. Option names and values are matched exactly.
 */
export function variantConditions(filter: VariantFilter): SQL[] {
  const sells = sql`coalesce(${productVariants.price}, ${products.price})`;
  return [
    sql`${productVariants.active}`,
    ...(filter.minPrice === undefined ? [] : [sql`${sells} >= ${money(filter.minPrice)}`]),
    ...(filter.maxPrice === undefined ? [] : [sql`${sells} <= ${money(filter.maxPrice)}`]),
    ...(filter.inStock ? [sql`${productVariants.countInStock} > 0`] : []),
    ...selectedOptions(filter.options).map(
      ([name, values]) =>
        sql`${productVariants.options} ->> ${name} = any(${sql.param(values)}::text[])`,
    ),
  ];
}

/**
 * What the products' summary (variant-summary.ts) says of `filter`: conditions every product
 * offering such a variant meets. In stock: some stock on offer. Price bounds: its range of
 * prices meets them. Options: one of the chosen values of each chosen option is on offer (the
 * `<> '{}'` lets the planner read products_option_values_idx).
 */
export function summaryConditions(filter: VariantFilter): SQL[] {
  const chosen = selectedOptions(filter.options);
  return [
    ...(filter.inStock ? [sql`${products.countInStock} > 0`] : []),
    ...(filter.maxPrice === undefined ? [] : [lte(products.minPrice, money(filter.maxPrice))]),
    ...(filter.minPrice === undefined ? [] : [gte(products.maxPrice, money(filter.minPrice))]),
    ...(chosen.length === 0 ? [] : [sql`${products.optionValues} <> '{}'::text[]`]),
    ...chosen.map(
      ([name, values]) =>
        sql`${products.optionValues} && ${sql.param(values.map((value) => offeredValue(name, value)))}::text[]`,
    ),
  ];
}

/**
 * A product offers a variant meeting every condition of `filter`: one variant must meet them all
 * (M in stock, not M out of stock and L in stock). The summary answers first (columns of
 * products_facets_idx, and option_values), and alone when it is exact: without options chosen,
 * or with one option chosen and no stock asked, once every price on offer is within the bounds
 * (without a variant on offer, the product is priced at its own price and has no stock or option
 * values, as the summary says). Otherwise the product's variants are read
 * (product_variants_product_idx); within the bounds, that is only for products whose prices
 * straddle one (PostgreSQL evaluates an OR's terms in the order written, and puts the costly
 * EXISTS after the summary's conditions).
 */
export function offers(filter: VariantFilter): SQL | undefined {
  const hasPrice = filter.minPrice !== undefined || filter.maxPrice !== undefined;
  const chosen = selectedOptions(filter.options);
  const summary = summaryConditions(filter);
  const summaryIsExact = chosen.length === 0 || (chosen.length === 1 && !filter.inStock);
  if (summaryIsExact && !hasPrice) return and(...summary);
  const variantExists = sql`exists (select 1 from ${productVariants}
    where ${productVariants.productId} = ${products.id} and ${and(...variantConditions(filter))})`;
  if (!summaryIsExact) return and(...summary, variantExists);
  const everyPriceWithin = and(
    filter.minPrice === undefined ? undefined : gte(products.minPrice, money(filter.minPrice)),
    filter.maxPrice === undefined ? undefined : lte(products.maxPrice, money(filter.maxPrice)),
  );
  return and(...summary, or(everyPriceWithin, variantExists));
}

export function filterConditions(filters: CatalogueFilters): FilterConditions {
  const ids = (records: NamedRecord[] | undefined) => records?.map((record) => record.id);
  const categoryIds = ids(filters.categories);
  const brandIds = ids(filters.brands);
  const { minPrice, maxPrice, inStock, options } = filters;
  const hasPrice = minPrice !== undefined || maxPrice !== undefined;
  return {
    category: categoryIds && inArray(products.categoryId, categoryIds),
    brand: brandIds && inArray(products.brandId, brandIds),
    price: hasPrice ? offers({ minPrice, maxPrice, inStock, options }) : undefined,
    others: and(
      ratingCondition(filters),
      // Implied by `price` when there are bounds, but the price facet's range needs it alone.
      offers({ inStock, options }),
    ),
  };
}

/** The rating filter: a condition on the product alone. */
export function ratingCondition(filters: CatalogueFilters): SQL | undefined {
  return filters.minRating === undefined
    ? undefined
    : gte(products.rating, filters.minRating.toFixed(2));
}

/** Every condition together: the products a page lists. */
export function allConditions(conditions: FilterConditions): SQL | undefined {
  return and(conditions.category, conditions.brand, conditions.price, conditions.others);
}

/**
 * The order of each sort but `newest` (which search-page.ts and repository.ts read by rank and
 * date). Each starts with the columns of an index (products_min_price_idx, products_rating_idx,
 * products_units_sold_idx) so that a page can be read from it; the id ends every order, so that
 * pages never show a product twice or skip one. Both price sorts read the lowest price a
 * variant on offer sells at: the "From" price a card shows.
 */
export const SORT_ORDERS: Record<Exclude<ProductSort, 'newest'>, SQL[]> = {
  'price-asc': [asc(products.minPrice), asc(products.id)],
  'price-desc': [desc(products.minPrice), desc(products.id)],
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
