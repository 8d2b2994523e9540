import { z } from 'zod';
import { ORDER_STATUSES } from './order-status.ts';
import { pageNumberSchema } from './pagination.ts';

/**
 * The admin's order search and filters: one copy for GET /api/orders (a page of the list),
 * GET /api/orders/export.csv (every match) and the web screen that keeps them in its address.
 */

/** Longest search text: an order id is 36 characters, a name or an e-mail rarely 100. */
export const ORDER_SEARCH_MAX_LENGTH = 200;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a day of the calendar written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** A day of the shop's time zone (SHOP_TIMEZONE): `from` counts from its start, `to` to its end. */
const daySchema = (field: 'from' | 'to') =>
  z
    .string()
    .refine(isCalendarDay, `${field} must be a day written YYYY-MM-DD, such as 2026-03-01`)
    .optional();

const filterShape = {
  /**
   * Free text: an order id or its first characters (at least 4), part of the buyer's name or
   * e-mail, or part of a line's product name or SKU; any case. Control characters read as
   * spaces, and a blank text means no search.
   */
  q: z
    .string()
    .max(ORDER_SEARCH_MAX_LENGTH, `The search may be at most ${ORDER_SEARCH_MAX_LENGTH} characters`)
    .optional(),
  /** Only the orders in this state (the STATUS column's rule, order-status.ts). */
  status: z.enum(ORDER_STATUSES, 'Unknown order status').optional(),
  /** `requested`: only the orders with a return request waiting for the admin's decision. */
  returns: z.enum(['requested'], 'Unknown return filter').optional(),
  /** Placed on this day or later. */
  from: daySchema('from'),
  /** Placed on this day or earlier. */
  to: daySchema('to'),
};

const fromNotAfterTo = {
  check: (filters: { from?: string | undefined; to?: string | undefined }) =>
    filters.from === undefined || filters.to === undefined || filters.from <= filters.to,
  message: { message: 'from must not be a later day than to', path: ['from'] },
};

/** Query of GET /api/orders/export.csv: the list's filters, without a page. */
export const orderFiltersSchema = z
  .object(filterShape)
  .refine(fromNotAfterTo.check, fromNotAfterTo.message);
export type OrderFilters = z.infer<typeof orderFiltersSchema>;

/** Query of GET /api/orders (admin): one page of the orders that match, newest first. */
export const orderListQuerySchema = z
  .object({ ...filterShape, pageNumber: pageNumberSchema })
  .refine(fromNotAfterTo.check, fromNotAfterTo.message);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** The parameter names of the filters, in the order an address writes them. */
export const ORDER_FILTER_KEYS = ['q', 'status', 'returns', 'from', 'to'] as const;
