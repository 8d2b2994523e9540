/**
 * The values GET /api/products takes besides the keyword: one copy for the server's schema
 * (product-schemas.ts) and the web's address handling (features/products/catalogue-query.ts).
 * No zod here, so the home page's first load can read it (decision 0014).
 */

/** The orders a product list can be sorted in; `newest` is the default (best matches first with a keyword). */
export const PRODUCT_SORTS = [
  'newest',
  'price-asc',
  'price-desc',
  'rating',
  'best-selling',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export function isProductSort(value: string | null | undefined): value is ProductSort {
  return PRODUCT_SORTS.some((sort) => sort === value);
}

/** At most this many slugs in one filter: each is a condition of the query. */
export const MAX_FILTER_SLUGS = 20;

/** A price bound as a query string holds it: digits with at most 2 decimals. */
export const PRICE_BOUND_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;
