import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared-per-database.ts';
import { orderEvents, orderItems, orders, products, productVariants } from '../../db/schema.ts';
import { lineVariantColumns } from '../products/line-variant-columns.ts';
import type { OrderItemRow, OrderRow } from './order-mapper.ts';
import { findAfterSaleOfOrders, NOTHING_AFTER_SALE, type AfterSale } from './after-sale.ts';
import { orderEventValues, type NewOrderEvent } from './order-events.ts';
import { orderFilterCondition, type OrderFilter } from './order-search.ts';

// The statements of a checkout are prepared by name (`.prepare(name)`): on PostgreSQL each
// connection then parses and plans them once, not on every call, which was about half of
// PostgreSQL's work per checkout (bench/README.md). A name must always stand for the same text,
// so a query whose values vary in number passes them as one array (`= any`, `unnest`). PGlite
// ignores the names.

export type NewOrder = typeof orders.$inferInsert & { id: string };
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId' | 'position'>;

export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
  afterSale: AfterSale;
}

/** An array of values as one parameter, e.g. for `= any(...)`. */
const list = (values: readonly unknown[]) => sql.param([...values]);

/**
 * The products of an order request, each with the variants the request can mean, in one query:
 * the variants named (`variantIds`) and, for a product without options, its one variant (the
 * request names none). A product comes back once with `variant` null when none of its variants
 * is among them (a product with options and no choice, or a variant of another product).
 */
export async function findProductsForOrder(
  db: Database,
  productIds: readonly string[],
  variantIds: readonly string[],
) {
  return db
    .select({
      product: {
        id: products.id,
        name: products.name,
        image: products.image,
        price: products.price,
        options: products.options,
        categoryId: products.categoryId,
      },
      variant: lineVariantColumns(),
    })
    .from(products)
    .leftJoin(
      productVariants,
      and(
        eq(productVariants.productId, products.id),
        sql`(${productVariants.id} = any(${list(variantIds)}::uuid[])
          or ${products.options} = '[]'::jsonb)`,
      ),
    )
    .where(sql`${products.id} = any(${list(productIds)}::uuid[])`)
    .prepare('order_products_variants')
    .execute();
}

/**
 * Stores an order, its lines and its 'placed' event in one statement, the lines and the event in
 * WITH clauses: one round trip, and no transaction needed, since a statement is stored whole or
 * not at all. The ids are made here, so the lines can name their order and the lines stored need
 * not be read back.
 */
export async function insertOrder(
  db: Database,
  order: NewOrder,
  items: readonly NewOrderItem[],
): Promise<OrderWithItems> {
  const itemRows: OrderItemRow[] = items.map((item, position) => ({
    productId: null,
    variantId: null,
    sku: null,
    options: [],
    discount: '0',
    ...item,
    id: randomUUID(),
    orderId: order.id,
    position,
  }));
  const column = (key: keyof OrderItemRow) => list(itemRows.map((row) => row[key]));
  // One array per column, in the table's order of columns (Drizzle inserts into all of them):
  // the same text for any number of lines. The option values go as JSON texts read as jsonb:
  // an array of arrays would reach the drivers as a two-dimensional array, not as jsonb values.
  const options = list(itemRows.map((row) => JSON.stringify(row.options)));
  const lines = db.$with('lines').as(
    db.insert(orderItems).select(
      sql`select * from unnest(${column('id')}::uuid[], ${column('orderId')}::uuid[],
        ${column('productId')}::uuid[], ${column('variantId')}::uuid[], ${column('name')}::text[],
        ${column('sku')}::text[], ${options}::jsonb[], ${column('image')}::text[],
        ${column('price')}::numeric[], ${column('qty')}::int[], ${column('discount')}::numeric[],
        ${column('position')}::smallint[])`,
    ),
  );
  // The first event of the order's timeline, in the same statement: placed by its buyer. Its
  // time is the order's own (now()), as later events take the moment they are written.
  const placed = db.$with('placed').as(
    db.insert(orderEvents).values(
      orderEventValues(
        {
          orderId: order.id,
          kind: 'placed',
          actor: 'buyer',
          actorId: order.userId,
          actorName: order.buyerName,
        },
        sql`now()`,
      ),
    ),
  );
  const [row] = await db
    .with(lines, placed)
    .insert(orders)
    .values(order)
    .returning()
    .prepare('order_insert')
    .execute();
  if (!row) throw new Error('The order was not stored');
  return { order: row, items: itemRows, afterSale: NOTHING_AFTER_SALE };
}

export async function findOrderByIdempotencyKey(db: Database, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

/**
 * A line of an order with the stock its variant has on offer now: 0 once the variant is switched
 * off, null once it (or its product) is deleted.
 */
export type OrderLineWithStock = OrderItemRow & { inStock: number | null };

function orderWithLinesQuery(db: Database) {
  return db
    .select({
      order: orders,
      item: orderItems,
      inStock: sql<number | null>`case when ${productVariants.active}
        then ${productVariants.countInStock} when not ${productVariants.active} then 0 end`,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(eq(orders.id, sql.placeholder('id')))
    .orderBy(asc(orderItems.position));
}
const orderWithLines = preparedPerDatabase((db) =>
  orderWithLinesQuery(db).prepare('order_with_lines'),
);
const orderWithLinesLocked = preparedPerDatabase((db) =>
  orderWithLinesQuery(db).for('update', { of: orders }).prepare('order_with_lines_locked'),
);

/**
 * The order and its lines in one query, each line with its variant's stock. `forUpdate` locks
 * the order (not the products) until the transaction ends.
 */
export async function findOrderWithLines(
  db: Database,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ order: OrderRow; items: OrderLineWithStock[] } | undefined> {
  const query = options.forUpdate ? orderWithLinesLocked(db) : orderWithLines(db);
  const rows = await query.execute({ id });
  const [first] = rows;
  if (!first) return undefined;
  const items = rows.flatMap(({ item, inStock }) => (item ? [{ ...item, inStock }] : []));
  return { order: first.order, items };
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

export async function updateOrder(db: Database, id: string, values: Partial<NewOrder>) {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  return row;
}

/**
 * Keeps the provider's payment with the order (only that payment can pay it) and adds `event`
 * (payment started) to its timeline, in one statement.
 */
export async function setOrderPayment(
  db: Database,
  id: string,
  payment: { paymentProvider: string; providerOrderId: string },
  event: NewOrderEvent,
): Promise<void> {
  const started = db.$with('started').as(db.insert(orderEvents).values(orderEventValues(event)));
  await db
    .with(started)
    .update(orders)
    .set({ ...payment, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .prepare('order_set_payment')
    .execute();
}
