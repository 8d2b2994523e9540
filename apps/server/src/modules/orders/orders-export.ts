import { Readable } from 'node:stream';
import { centsToDecimalString, lineTotal, toCents } from '@proshop/domain/money';
import {
  ORDER_STATUS_LABELS,
  orderStatus,
  refundStanding,
  type OrderStateWithRefunds,
} from '@proshop/domain/order-status';
import type { StoredTaxLine } from '@proshop/domain/shipping-schemas';
import { rateText, taxLineLabel } from '@proshop/domain/shipping-text';
import { optionsLabel } from '@proshop/domain/variants';
import { and, asc, count, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { csvLine, UTF8_BOM } from '../../http/csv.ts';
import type { OrderItemRow } from './order-mapper.ts';
import { orderFilterCondition, type OrderFilter } from './order-search.ts';
import { findRefundsOfOrders, type RefundWithLines } from './refund-records.ts';
import { findItemsOfOrders } from './repository.ts';

/**
 * GET /api/orders/export.csv: the orders that match the admin's filters, one CSV line per order
 * line, streamed (docs/decisions/0022-order-search-and-export.md). The orders are read newest
 * first in keyset pages of EXPORT_BATCH_ORDERS, each page a few short queries outside any
 * transaction, and the next page is read only when the client has taken the previous one: a
 * download of 200,000 orders holds one page in memory, not the file.
 */

export const EXPORT_BATCH_ORDERS = 1_000;

/**
 * The columns. The order's own amounts (discount, items, tax, shipping, total, refunded) are on
 * its first line only, so that a column's sum in a spreadsheet is the shop's sum; everything that
 * tells which order a line belongs to (id, number, dates, buyer, address, status) is on every line.
 */
const header = (timeZone: string) => [
  'Order ID',
  // The number alone (1001, shown as #1001 elsewhere): a spreadsheet sorts and filters it as one.
  'Order number',
  `Placed (${timeZone})`,
  `Paid (${timeZone})`,
  'Customer',
  'Email',
  'Address',
  'City',
  'Postal code',
  'Country',
  'Line',
  'Product',
  'SKU',
  'Options',
  'Qty',
  'Price',
  'Line discount',
  'Line total',
  'Discount code',
  'Order discount',
  'Items',
  'Tax',
  'Shipping',
  'Order total',
  'Refunded',
  'Currency',
  'Status',
  // Issue #38, after the older columns so that a sheet reading them by position still does.
  'Shipping method',
  'Shipping tax',
  'Tax lines',
  'Prices include tax',
  'Line tax',
  'Line tax rate',
];

/** A moment in the shop's time zone as a spreadsheet reads a date and time. */
const localTime = (moment: SQLWrapper, timeZone: string) =>
  sql<string | null>`to_char(${moment} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * A moment to the microsecond, as PostgreSQL keeps it (a JavaScript Date keeps milliseconds, and
 * orders a microsecond apart would be skipped): where a keyset page starts.
 */
const exactTime = <T extends string | null = string>(moment: SQLWrapper) =>
  sql<T>`to_char(${moment} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Where the next page starts: after this order, newest first (created_at desc, then id). */
interface Place {
  createdAt: string;
  id: string;
}

/** One page of the matching orders, newest first, from `after` on, none newer than `asOf`. */
function readOrders(
  db: Database,
  filter: OrderFilter,
  asOf: string,
  after: Place | undefined,
  limit: number,
) {
  // `<=` alone bounds the index range; the rest steps over the orders of the same moment
  // already written.
  const from = after
    ? sql`${orders.createdAt} <= ${after.createdAt}::timestamptz and (${orders.createdAt} < ${after.createdAt}::timestamptz or ${orders.id} > ${after.id}::uuid)`
    : sql`${orders.createdAt} <= ${asOf}::timestamptz`;
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      placedAt: localTime(orders.createdAt, filter.timeZone),
      paidAt: localTime(orders.paidAt, filter.timeZone),
      exactTime: exactTime<string>(orders.createdAt),
      buyerName: orders.buyerName,
      buyerEmail: orders.buyerEmail,
      address: orders.address,
      city: orders.city,
      postalCode: orders.postalCode,
      country: orders.country,
      discountCode: orders.discountCode,
      discountPrice: orders.discountPrice,
      itemsPrice: orders.itemsPrice,
      taxPrice: orders.taxPrice,
      shippingPrice: orders.shippingPrice,
      shippingMethodName: orders.shippingMethodName,
      shippingTax: orders.shippingTax,
      taxLines: orders.taxLines,
      pricesIncludeTax: orders.pricesIncludeTax,
      totalPrice: orders.totalPrice,
      currency: orders.currency,
      isPaid: orders.isPaid,
      isSent: orders.isSent,
      isDelivered: orders.isDelivered,
      cancelledAt: orders.cancelledAt,
    })
    .from(orders)
    .where(and(orderFilterCondition(filter), from))
    .orderBy(sql`${orders.createdAt} desc nulls last`, asc(orders.id))
    .limit(limit);
}
type ExportedOrder = Awaited<ReturnType<typeof readOrders>>[number];

/** The order's state by the one rule of the STATUS column, and what was given back. */
function stateOf(order: ExportedOrder, refunds: readonly RefundWithLines[]) {
  const state: OrderStateWithRefunds = {
    totalPrice: Number(order.totalPrice),
    isPaid: order.isPaid,
    isSent: order.isSent,
    isDelivered: order.isDelivered,
    isCancelled: order.cancelledAt !== null,
    refunds: refunds.map(({ refund }) => ({
      amount: Number(refund.amount),
      status: refund.status,
      createdAt: refund.createdAt.toISOString(),
      completedAt: refund.completedAt?.toISOString() ?? null,
    })),
  };
  const standing = refundStanding(state);
  return {
    status: ORDER_STATUS_LABELS[orderStatus(state)],
    refunded: centsToDecimalString(standing.kind === 'none' ? 0 : standing.refundedCents),
  };
}

/** "VAT 20%: 3.33; VAT 20% on shipping: 1.00": each tax of the order, what it applied to. */
const taxLinesText = (lines: readonly StoredTaxLine[]) =>
  lines.map((line) => `${taxLineLabel(line, false)}: ${line.amount}`).join('; ');

/** The order's lines as CSV (one line with empty product cells for an order without lines). */
function orderCsv(
  order: ExportedOrder,
  items: readonly OrderItemRow[],
  refunds: readonly RefundWithLines[],
): string {
  const { status, refunded } = stateOf(order, refunds);
  const lines: (OrderItemRow | undefined)[] = items.length > 0 ? [...items] : [undefined];
  return lines
    .map((item, index) => {
      const first = index === 0;
      const money = (amount: string) => (first ? amount : null);
      return csvLine([
        order.id,
        order.orderNumber,
        order.placedAt,
        order.paidAt,
        order.buyerName,
        order.buyerEmail,
        order.address,
        order.city,
        order.postalCode,
        order.country,
        index + 1,
        item?.name,
        item?.sku,
        item ? optionsLabel(item.options) : null,
        item?.qty,
        item?.price,
        item?.discount,
        item
          ? centsToDecimalString(lineTotal(toCents(item.price), item.qty) - toCents(item.discount))
          : null,
        order.discountCode,
        money(order.discountPrice),
        money(order.itemsPrice),
        money(order.taxPrice),
        money(order.shippingPrice),
        money(order.totalPrice),
        money(refunded),
        order.currency,
        status,
        order.shippingMethodName,
        money(order.shippingTax),
        first ? taxLinesText(order.taxLines) : null,
        order.pricesIncludeTax ? 'yes' : 'no',
        item?.tax,
        item && item.taxBasisPoints !== null
          ? `${item.taxName ?? ''} ${rateText(item.taxBasisPoints)}`.trim()
          : null,
      ]);
    })
    .join('');
}

async function* csvChunks(
  db: Database,
  filter: OrderFilter,
  asOf: string | null,
  batchSize: number,
): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(header(filter.timeZone));
  if (asOf === null) return;
  let after: Place | undefined;
  for (;;) {
    const batch = await readOrders(db, filter, asOf, after, batchSize);
    const last = batch.at(-1);
    if (!last) return;
    const ids = batch.map((order) => order.id);
    const items = new Map<string, OrderItemRow[]>();
    for (const item of await findItemsOfOrders(db, ids)) {
      const list = items.get(item.orderId);
      if (list) list.push(item);
      else items.set(item.orderId, [item]);
    }
    // Only a paid order can have been refunded.
    const refunds = await findRefundsOfOrders(
      db,
      batch.filter((order) => order.isPaid).map((order) => order.id),
    );
    yield batch
      .map((order) => orderCsv(order, items.get(order.id) ?? [], refunds.get(order.id) ?? []))
      .join('');
    if (batch.length < batchSize) return;
    after = { createdAt: last.exactTime, id: last.id };
  }
}

/** Today in the shop's time zone, YYYY-MM-DD, for the file's name. */
function dayIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((found) => found.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export interface OrdersExport {
  /** How many CSV lines follow the header: order lines of the matching orders (X-Total-Count). */
  lines: number;
  fileName: string;
  /** The file, read from the database as the client takes it. */
  stream: Readable;
}

/**
 * Counts the lines of the matching orders, then answers the stream that writes them. The count
 * also fixes the newest order written, so an order placed during the download is not in it; an
 * order that changes state meanwhile is written as its page finds it.
 */
export async function exportOrders(
  db: Database,
  filter: OrderFilter,
  options: { now: Date; batchSize?: number },
): Promise<OrdersExport> {
  const [totals] = await db
    .select({
      lines: count(),
      asOf: exactTime<string | null>(sql`max(${orders.createdAt})`),
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(orderFilterCondition(filter));
  const chunks = csvChunks(
    db,
    filter,
    totals?.asOf ?? null,
    options.batchSize ?? EXPORT_BATCH_ORDERS,
  );
  return {
    lines: totals?.lines ?? 0,
    fileName: `orders-${dayIn(filter.timeZone, options.now)}.csv`,
    // Bytes, not objects: the stream then buffers 64 KB and pulls the next page only when the
    // socket has taken what came before (back-pressure).
    stream: Readable.from(chunks, { objectMode: false }),
  };
}
