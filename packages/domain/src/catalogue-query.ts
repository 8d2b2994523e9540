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

/** At most this many option filters (`option=Size:M`) and values in each. */
export const MAX_OPTION_FILTERS = 3;

/** Option filters: option name → the values any of which a variant may have. */
export type OptionFilters = Record<string, string[]>;

/**
 * `option` parameters (`Size:M,L`, one per option) as option name → values, or a message saying
 * what is wrong. The name ends at the first ':'; values are separated by commas (option names
 * hold neither, values no comma: domain/variants.ts).
 */
export function parseOptionFilters(parameters: readonly string[]): OptionFilters | string {
  const filters: OptionFilters = {};
  const usage = 'option must be an option name and values, such as Size:M,L';
  if (parameters.length > MAX_OPTION_FILTERS)
    return `option: at most ${MAX_OPTION_FILTERS} at once`;
  for (const parameter of parameters) {
    const colon = parameter.indexOf(':');
    if (colon <= 0 || parameter.length > 500) return usage;
    const name = parameter.slice(0, colon).trim();
    const values = [
      ...new Set(
        parameter
          .slice(colon + 1)
          .split(',')
          .map((value) => value.trim())
          .filter(Boolean),
      ),
    ];
    if (!name || values.length === 0 || values.length > MAX_FILTER_SLUGS) return usage;
    if (filters[name]) return `option: name ${name} once, with its values separated by commas`;
    filters[name] = values;
  }
  return filters;
}

/** The `option` parameters of option filters (the inverse of parseOptionFilters). */
export function optionFilterParameters(filters: OptionFilters): string[] {
  return Object.entries(filters)
    .filter(([, values]) => values.length > 0)
    .map(([name, values]) => `${name}:${values.join(',')}`);
}
