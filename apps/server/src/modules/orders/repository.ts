import { asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import type { OrderItemRow, OrderRow } from './order-mapper.ts';
import { findAfterSaleOfOrders, NOTHING_AFTER_SALE, type AfterSale } from './after-sale-records.ts';
import { orderFilterCondition, type OrderFilter } from './order-search.ts';

// The statements of a checkout are prepared by name (`.prepare(name)`): on PostgreSQL each
// connection then parses and plans them once, not on every call, which was about half of
// PostgreSQL's work per checkout (bench/README.md). A name must always stand for the same text,
// so a query whose values vary in number passes them as one array (`= any`, `unnest`). PGlite
// ignores the names.

export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
  afterSale: AfterSale;
}

export async function findItemsOfOrders(db: Database, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
}

// Exactly the order of orders_created_idx and orders_user_created_idx (drizzle-kit wrote them
// `desc nulls last`), so that PostgreSQL reads a page in index order instead of sorting.
const newestFirst = [sql`${orders.createdAt} desc nulls last`, asc(orders.id)];

/**
 * Each order with its lines and refunds, read in two queries whatever the number of orders (no
 * N+1).
 */
async function withLines(db: Database, rows: readonly OrderRow[]): Promise<OrderWithItems[]> {
  const ids = rows.map((row) => row.id);
  const items = await findItemsOfOrders(db, ids);
  const afterSale = await findAfterSaleOfOrders(db, ids);
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) {
    const lines = byOrder.get(item.orderId);
    if (lines) lines.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return rows.map((order) => ({
    order,
    items: byOrder.get(order.id) ?? [],
    afterSale: afterSale.get(order.id) ?? NOTHING_AFTER_SALE,
  }));
}

/** A shopper's orders newest first with their lines, in two queries. */
export async function listOrdersOfUser(db: Database, userId: string): Promise<OrderWithItems[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(...newestFirst);
  return withLines(db, rows);
}

export interface OrderPageQuery {
  offset: number;
  limit: number;
  /** Only the orders that match the admin's search and filters. */
  filter?: OrderFilter | undefined;
}

/**
 * The ids of one page of every order, newest first. Only orders_created_idx is read (an
 * index-only scan): the orders before the page are stepped over without reading them from the
 * table. Not awaited here, so that a test can read the plan of exactly this query.
 */
export function orderPageIds(db: Database, page: OrderPageQuery) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(orderFilterCondition(page.filter))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
}

/** One page of every order, newest first, with their lines, and how many orders there are. */
export async function findOrderPage(
  db: Database,
  page: OrderPageQuery,
): Promise<{ rows: OrderWithItems[]; total: number }> {
  const pageIds = orderPageIds(db, page).as('page_ids');
  const [rows, totals] = await Promise.all([
    db
      .select(getTableColumns(orders))
      .from(orders)
      .innerJoin(pageIds, eq(orders.id, pageIds.id))
      .orderBy(...newestFirst),
    db.select({ total: count() }).from(orders).where(orderFilterCondition(page.filter)),
  ]);
  return { rows: await withLines(db, rows), total: totals[0]?.total ?? 0 };
}
