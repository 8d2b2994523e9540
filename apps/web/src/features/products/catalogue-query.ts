import {
  isProductSort,
  MAX_FILTER_SLUGS,
  PRICE_BOUND_PATTERN,
  type ProductSort,
} from '@proshop/domain/catalogue-query';
import { isSlug } from '@proshop/domain/slugs';

/**
 * The product list's filters and sort as the address holds them
 * (`?category=a,b&brand=x&minPrice=10&maxPrice=50&inStock=1&minRating=4&sort=price-asc`), so a
 * list can be shared, reloaded and reached again with Back. The rules are GET /api/products'
 * (packages/domain/src/catalogue-query.ts, zod-free so that the home page's first load can read
 * them: docs/decisions/0014-zod-out-of-the-first-load.md); a bad value is dropped, not refused.
 */
export interface CatalogueFilters {
  /** Category slugs, each once, in the order chosen. */
  categories: string[];
  brands: string[];
  /** Price bounds as typed: digits with at most 2 decimals. */
  minPrice: string | undefined;
  maxPrice: string | undefined;
  inStock: boolean;
  /** A whole number of stars from 1 to 4. */
  minRating: number | undefined;
  sort: ProductSort;
}

/** The sorts offered, in the Sort select's order; the first is the default. */
export const SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'rating', label: 'Top rated' },
  { value: 'best-selling', label: 'Best selling' },
];

export const DEFAULT_SORT: ProductSort = 'newest';

/** The minimum ratings offered ("4 stars & up" ...). */
export const RATING_OPTIONS = [4, 3, 2, 1] as const;

export const NO_FILTERS: CatalogueFilters = {
  categories: [],
  brands: [],
  minPrice: undefined,
  maxPrice: undefined,
  inStock: false,
  minRating: undefined,
  sort: DEFAULT_SORT,
};

/** A page's own category or brand (`/category/{slug}`): always applied, never in the query. */
export interface FixedFilter {
  category?: string;
  brand?: string;
}

/** A price bound as the server takes it, or undefined for one it would refuse. */
export function priceBound(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim() ?? '';
  return PRICE_BOUND_PATTERN.test(trimmed) ? trimmed : undefined;
}

function slugList(value: string | null): string[] {
  if (!value) return [];
  const slugs = value
    .split(',')
    .map((slug) => slug.trim())
    .filter(isSlug);
  return [...new Set(slugs)].slice(0, MAX_FILTER_SLUGS);
}

function sortOf(value: string | null): ProductSort {
  return isProductSort(value) ? value : DEFAULT_SORT;
}

/**
 * The filters of a query string. A value the server would refuse (a link edited by hand) is
 * left out rather than turned into an error page; price bounds the wrong way round are swapped.
 */
export function readCatalogueQuery(params: URLSearchParams): CatalogueFilters {
  let minPrice = priceBound(params.get('minPrice'));
  let maxPrice = priceBound(params.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && Number(minPrice) > Number(maxPrice)) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  const rating = Number(params.get('minRating'));
  return {
    categories: slugList(params.get('category')),
    brands: slugList(params.get('brand')),
    minPrice,
    maxPrice,
    inStock: params.get('inStock') === '1',
    minRating: RATING_OPTIONS.find((option) => option === rating),
    sort: sortOf(params.get('sort')),
  };
}

/** The query's pairs in a fixed order, without the page's own category or brand. */
function queryPairs(filters: CatalogueFilters, fixed: FixedFilter): [string, string][] {
  const pairs: [string, string][] = [];
  const categories = filters.categories.filter((slug) => slug !== fixed.category);
  const brands = filters.brands.filter((slug) => slug !== fixed.brand);
  if (categories.length > 0) pairs.push(['category', categories.join(',')]);
  if (brands.length > 0) pairs.push(['brand', brands.join(',')]);
  if (filters.minPrice !== undefined) pairs.push(['minPrice', filters.minPrice]);
  if (filters.maxPrice !== undefined) pairs.push(['maxPrice', filters.maxPrice]);
  if (filters.inStock) pairs.push(['inStock', '1']);
  if (filters.minRating !== undefined) pairs.push(['minRating', String(filters.minRating)]);
  if (filters.sort !== DEFAULT_SORT) pairs.push(['sort', filters.sort]);
  return pairs;
}

/**
 * The query string of `filters` ('' when there are none), the default sort and the page's own
 * category or brand left out. Commas between slugs stay readable (`category=a,b`).
 */
export function catalogueSearch(filters: CatalogueFilters, fixed: FixedFilter = {}): string {
  const pairs = queryPairs(filters, fixed);
  if (pairs.length === 0) return '';
  const encode = (value: string) => encodeURIComponent(value).replaceAll('%2C', ',');
  return `?${pairs.map(([name, value]) => `${name}=${encode(value)}`).join('&')}`;
}

/** The filters with the page's own category or brand added (first) to its list. */
export function withFixed(filters: CatalogueFilters, fixed: FixedFilter): CatalogueFilters {
  const add = (slug: string | undefined, list: string[]) =>
    slug === undefined ? list : [slug, ...list.filter((other) => other !== slug)];
  return {
    ...filters,
    categories: add(fixed.category, filters.categories),
    brands: add(fixed.brand, filters.brands),
  };
}

/** The parameters of GET /api/products for `filters` (the page's own ones added) and a page. */
export function productListParams(
  filters: CatalogueFilters,
  fixed: FixedFilter,
  keyword: string | undefined,
  pageNumber: string,
): Record<string, string> {
  const applied = withFixed(filters, fixed);
  return {
    ...(keyword ? { keyword } : {}),
    pageNumber,
    ...Object.fromEntries(queryPairs(applied, {})),
  };
}

/** `list` with `slug` added at the end, or taken out when it is there. */
export function toggleSlug(list: string[], slug: string): string[] {
  return list.includes(slug) ? list.filter((other) => other !== slug) : [...list, slug];
}

/** The filters cleared, the sort kept: it orders the list, it does not narrow it. */
export function clearFilters(filters: CatalogueFilters): CatalogueFilters {
  return { ...NO_FILTERS, sort: filters.sort };
}

/** Whether anything narrows the list besides the keyword and the page's own category or brand. */
export function hasFilters(filters: CatalogueFilters, fixed: FixedFilter = {}): boolean {
  return queryPairs({ ...filters, sort: DEFAULT_SORT }, fixed).length > 0;
}

/** One active filter as a removable chip. */
export interface FilterChip {
  key: string;
  /** What the chip shows, e.g. `Brand: Apple`. */
  label: string;
  /** The chip button's accessible name, e.g. `Remove filter: Brand Apple`. */
  removeLabel: string;
  /** The filters once this one is removed. */
  without: CatalogueFilters;
}

/** The names of slugs, as the facets answer them; a slug not among them shows as itself. */
export interface FacetNames {
  categories: Map<string, string>;
  brands: Map<string, string>;
}

/**
 * The chips of the active filters, in the panel's order. The page's own category or brand has
 * none: it is what the page is, not a filter one can take away. `money` formats a price bound.
 */
export function filterChips(
  filters: CatalogueFilters,
  names: FacetNames,
  fixed: FixedFilter,
  money: (amount: string) => string,
): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const slug of filters.categories) {
    if (slug === fixed.category) continue;
    const name = names.categories.get(slug) ?? slug;
    chips.push({
      key: `category:${slug}`,
      label: `Category: ${name}`,
      removeLabel: `Remove filter: Category ${name}`,
      without: { ...filters, categories: filters.categories.filter((other) => other !== slug) },
    });
  }
  for (const slug of filters.brands) {
    if (slug === fixed.brand) continue;
    const name = names.brands.get(slug) ?? slug;
    chips.push({
      key: `brand:${slug}`,
      label: `Brand: ${name}`,
      removeLabel: `Remove filter: Brand ${name}`,
      without: { ...filters, brands: filters.brands.filter((other) => other !== slug) },
    });
  }
  const { minPrice, maxPrice } = filters;
  if (minPrice !== undefined || maxPrice !== undefined) {
    const range =
      minPrice === undefined
        ? `up to ${money(maxPrice ?? '')}`
        : maxPrice === undefined
          ? `from ${money(minPrice)}`
          : `${money(minPrice)} to ${money(maxPrice)}`;
    chips.push({
      key: 'price',
      label: `Price: ${range}`,
      removeLabel: `Remove filter: Price ${range}`,
      without: { ...filters, minPrice: undefined, maxPrice: undefined },
    });
  }
  if (filters.inStock) {
    chips.push({
      key: 'inStock',
      label: 'In stock only',
      removeLabel: 'Remove filter: In stock only',
      without: { ...filters, inStock: false },
    });
  }
  if (filters.minRating !== undefined) {
    chips.push({
      key: 'minRating',
      label: `Rating: ${filters.minRating} & up`,
      removeLabel: `Remove filter: Rating ${filters.minRating} and up`,
      without: { ...filters, minRating: undefined },
    });
  }
  return chips;
}
