import {
  isProductSort,
  MAX_FILTER_SLUGS,
  MAX_OPTION_FILTERS,
  optionFilterParameters,
  parseOptionFilters,
  PRICE_BOUND_PATTERN,
  type OptionFilters,
  type ProductSort,
} from '@proshop/domain/catalogue-query';
import { isSlug } from '@proshop/domain/slugs';

/**
 * The product list's filters and sort as the address holds them
 * (`?category=a,b&brand=x&option=Size:M,L&option=Colour:Blue&minPrice=10&maxPrice=50&inStock=1
 * &minRating=4&sort=price-asc`), so a
 * list can be shared, reloaded and reached again with Back. The rules are GET /api/products'
 * (packages/domain/src/catalogue-query.ts, zod-free so that the home page's first load can read
 * them: docs/decisions/0014-zod-out-of-the-first-load.md); a bad value is dropped, not refused.
 */
export interface CatalogueFilters {
  /** Category slugs, each once, in the order chosen. */
  categories: string[];
  brands: string[];
  /** Option values (Size: M or L), option name → values, each in the order chosen. */
  options: OptionFilters;
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
  options: {},
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

/**
 * The `option` parameters (`Size:M,L`, one per option): one the server would refuse is left
 * out, the others kept, up to MAX_OPTION_FILTERS options.
 */
function optionFilters(parameters: string[]): OptionFilters {
  const filters: OptionFilters = {};
  for (const parameter of parameters) {
    const parsed = parseOptionFilters([parameter]);
    if (typeof parsed === 'string') continue;
    for (const [name, values] of Object.entries(parsed)) {
      if (filters[name] || Object.keys(filters).length >= MAX_OPTION_FILTERS) continue;
      filters[name] = values;
    }
  }
  return filters;
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
    options: optionFilters(params.getAll('option')),
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
  for (const option of optionFilterParameters(filters.options)) pairs.push(['option', option]);
  if (filters.minPrice !== undefined) pairs.push(['minPrice', filters.minPrice]);
  if (filters.maxPrice !== undefined) pairs.push(['maxPrice', filters.maxPrice]);
  if (filters.inStock) pairs.push(['inStock', '1']);
  if (filters.minRating !== undefined) pairs.push(['minRating', String(filters.minRating)]);
  if (filters.sort !== DEFAULT_SORT) pairs.push(['sort', filters.sort]);
  return pairs;
}

/**
 * The query string of `filters` ('' when there are none), the default sort and the page's own
 * category or brand left out. Commas between slugs and values and the colon after an option's
 * name stay readable (`category=a,b`, `option=Size:M,L`).
 */
export function catalogueSearch(filters: CatalogueFilters, fixed: FixedFilter = {}): string {
  const pairs = queryPairs(filters, fixed);
  if (pairs.length === 0) return '';
  const encode = (value: string) =>
    encodeURIComponent(value).replaceAll('%2C', ',').replaceAll('%3A', ':');
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

/**
 * The parameters of GET /api/products: one value each, but `option`, which is repeated (one per
 * option: `option=Size:M,L&option=Colour:Blue`).
 */
export type ProductListParams = Record<string, string | string[]>;

/** The parameters of GET /api/products for `filters` (the page's own ones added) and a page. */
export function productListParams(
  filters: CatalogueFilters,
  fixed: FixedFilter,
  keyword: string | undefined,
  pageNumber: string,
): ProductListParams {
  const applied = withFixed(filters, fixed);
  const pairs = queryPairs(applied, {});
  const options = pairs.filter(([name]) => name === 'option').map(([, value]) => value);
  return {
    ...(keyword ? { keyword } : {}),
    pageNumber,
    ...Object.fromEntries(pairs.filter(([name]) => name !== 'option')),
    ...(options.length > 0 ? { option: options } : {}),
  };
}

/** The query string of GET /api/products' parameters, `option` once per value. */
export function productListSearch(params: ProductListParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const one of typeof value === 'string' ? [value] : value) search.append(name, one);
  }
  return search;
}

/** `list` with `slug` added at the end, or taken out when it is there. */
export function toggleSlug(list: string[], slug: string): string[] {
  return list.includes(slug) ? list.filter((other) => other !== slug) : [...list, slug];
}

/**
 * The option filters with `value` of `option` added at the end, or taken out when it is there
 * (an option with no value left is no filter).
 */
export function toggleOptionValue(
  options: OptionFilters,
  option: string,
  value: string,
): OptionFilters {
  const values = toggleSlug(options[option] ?? [], value);
  const { [option]: _removed, ...others } = options;
  return values.length > 0 ? { ...options, [option]: values } : others;
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
  for (const [option, values] of Object.entries(filters.options)) {
    for (const value of values) {
      chips.push({
        key: `option:${option}:${value}`,
        label: `${option}: ${value}`,
        removeLabel: `Remove filter: ${option} ${value}`,
        without: { ...filters, options: toggleOptionValue(filters.options, option, value) },
      });
    }
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
