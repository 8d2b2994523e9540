import { typedOrderNumber } from '@proshop/domain/order-number';
import type { OrderFilters } from '@proshop/domain/order-search-schemas';
import type { OrderStatus } from '@proshop/domain/order-status';
import { and, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/like-pattern.ts';
import { orders, refunds, returnRequests } from '../../db/schema/orders.ts';

/**
 * The admin's order search and filters as SQL conditions on `orders`, one copy for the list's
 * pages and the CSV export (docs/decisions/0022-order-search-and-export.md).
 */

/** The filters of a request, and the shop's time zone that its days are days of. */
export interface OrderFilter extends OrderFilters {
  timeZone: string;
}

/**
 * The SQL of `orderStatus` (@proshop/domain/order-status): refunds PayPal accepted (pending or
 * completed) count, cancelled and refunded come before the shipping state.
 */
function statusCondition(status: OrderStatus): SQL {
  const refunded = sql`coalesce((select sum(r.amount) from ${refunds} r
    where r.order_id = ${orders.id} and r.status in ('pending', 'completed')), 0)`;
  const live = sql`${orders.cancelledAt} is null`;
  const noRefund = sql`${live} and ${refunded} = 0`;
  switch (status) {
    case 'cancelled':
      return sql`${orders.cancelledAt} is not null`;
    case 'refunded':
      return sql`${live} and ${refunded} > 0 and ${refunded} >= ${orders.totalPrice}`;
    case 'partially-refunded':
      return sql`${live} and ${refunded} > 0 and ${refunded} < ${orders.totalPrice}`;
    case 'delivered':
      return sql`${noRefund} and ${orders.isDelivered}`;
    case 'sent':
      return sql`${noRefund} and ${orders.isSent} and not ${orders.isDelivered}`;
    case 'paid':
      return sql`${noRefund} and ${orders.isPaid} and not ${orders.isSent}`;
    case 'not-paid':
      return sql`${live} and not ${orders.isPaid}`;
  }
}

/** The first moment of `day` (YYYY-MM-DD) plus `days` in the shop's time zone (DST-proof). */
const startOfDay = (day: string, days: number, timeZone: string) =>
  sql`((${day}::date + ${days}::integer)::timestamp at time zone ${timeZone})`;

/** The search text as one phrase: control characters and runs of spaces read as one space. */
export function searchPhrase(text: string | undefined): string {
  return (text ?? '')
    .replace(/[\p{Cc}\p{Cs}]/gu, ' ')
    .trim()
    .replace(/\s+/gu, ' ');
}

const UUID_SHAPE = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';
/** Fewer hex digits would find ids by chance: 'face' is a prefix of 1 id in 65,536. */
const MIN_ID_PREFIX = 4;

/**
 * The ids that start with `text`, when it can be the start of an order id (any case, with its
 * hyphens where an id has them or without any, after an optional '#'), as the range of uuids
 * from …0000 to …ffff: the primary key's index answers it.
 */
export function idPrefixRange(text: string): { low: string; high: string } | undefined {
  const typed = text.replace(/^#/, '').toLowerCase();
  const inShape = [...typed].every((char, i) =>
    UUID_SHAPE[i] === '-' ? char === '-' : /[0-9a-f]/.test(char),
  );
  const hex = /^[0-9a-f]{1,32}$/.test(typed)
    ? typed
    : typed.length <= UUID_SHAPE.length && inShape
      ? typed.replaceAll('-', '')
      : '';
  if (hex.length < MIN_ID_PREFIX) return undefined;
  const uuid = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return { low: uuid(hex.padEnd(32, '0')), high: uuid(hex.padEnd(32, 'f')) };
}

/**
 * The orders the search text finds: by number ('1001' or '#1001'), by id (or its start), the buyer's name or e-mail, or a line's
 * product name or SKU, as a substring in any case. Each way is its own indexed query and the
 * order must be in one of them (`union all`: PostgreSQL reads each from its index, where one
 * query with OR would read every order).
 */
function searchCondition(phrase: string): SQL {
  const pattern = sql`lower(${containsPattern(phrase)})`;
  // The buyer's and the lines' texts in one document per order (migration 0029, decision 0051):
  // one narrow row per order to read, where the lines' index found every matching line's row.
  const ways = [
    sql`select d.order_id from ${sql.identifier('order_search_documents')} d where d.document like ${pattern}`,
  ];
  const number = typedOrderNumber(phrase);
  if (number !== undefined) {
    ways.push(sql`select ${orders.id} from ${orders} where ${orders.orderNumber} = ${number}`);
  }
  const ids = idPrefixRange(phrase);
  if (ids) {
    ways.push(
      sql`select ${orders.id} from ${orders} where ${orders.id} between ${ids.low}::uuid and ${ids.high}::uuid`,
    );
  }
  return sql`${orders.id} in (${sql.join(ways, sql` union all `)})`;
}

/** Every filter given, as one condition on `orders`; undefined when none is. */
export function orderFilterCondition(filter: OrderFilter | undefined): SQL | undefined {
  if (!filter) return undefined;
  const phrase = searchPhrase(filter.q);
  return and(
    filter.status ? statusCondition(filter.status) : undefined,
    // A return waiting for the admin's decision (return_requests_order_idx finds an order's).
    filter.returns === 'requested'
      ? sql`exists (select 1 from ${returnRequests} rr
          where rr.order_id = ${orders.id} and rr.status = 'requested')`
      : undefined,
    filter.from
      ? sql`${orders.createdAt} >= ${startOfDay(filter.from, 0, filter.timeZone)}`
      : undefined,
    filter.to ? sql`${orders.createdAt} < ${startOfDay(filter.to, 1, filter.timeZone)}` : undefined,
    phrase ? searchCondition(phrase) : undefined,
  );
}
