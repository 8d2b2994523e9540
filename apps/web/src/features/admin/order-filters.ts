import {
  ORDER_FILTER_KEYS,
  orderFiltersSchema,
  type OrderFilters,
} from '@proshop/domain/order-search-schemas';

/** The filters as the address holds them: each one given and not blank, as typed. */
export type OrderFilterValues = Partial<Record<(typeof ORDER_FILTER_KEYS)[number], string>>;

/** The filters of an address's query string (`?q=&status=&from=&to=`), blank ones left out. */
export function filterValues(search: URLSearchParams | FormData): OrderFilterValues {
  const values: OrderFilterValues = {};
  for (const key of ORDER_FILTER_KEYS) {
    const value = search.get(key);
    if (typeof value === 'string' && value.trim() !== '') values[key] = value;
  }
  return values;
}

/** The query string of these filters, in a fixed order: '' without any, else `?q=…&status=…`. */
export function filterSearch(values: OrderFilterValues): string {
  const params = new URLSearchParams();
  for (const key of ORDER_FILTER_KEYS) {
    const value = values[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The filters checked by the server's own schema, or what is wrong with them (an address typed
 * or kept from before), so the screen can say so without asking the server.
 */
export function checkFilters(
  values: OrderFilterValues,
): { filters: OrderFilters } | { problem: string } {
  const parsed = orderFiltersSchema.safeParse(values);
  if (parsed.success) return { filters: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? 'These filters are not valid' };
}
