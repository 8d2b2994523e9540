import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, products } from '../../db/schema.ts';
import type { OrderItemRow, OrderRow } from './order-mapper.ts';

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId' | 'position'>;

export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

export async function findProductsForOrder(db: Database, ids: readonly string[]) {
  return db
    .select({
      id: products.id,
      name: products.name,
      image: products.image,
      price: products.price,
      countInStock: products.countInStock,
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

export async function insertOrder(
  tx: Database,
  order: NewOrder,
  items: readonly NewOrderItem[],
): Promise<OrderWithItems> {
  const [row] = await tx.insert(orders).values(order).returning();
  if (!row) throw new Error('The order was not stored');
  const itemRows = await tx
    .insert(orderItems)
    .values(items.map((item, position) => ({ ...item, orderId: row.id, position })))
    .returning();
  return { order: row, items: itemRows };
}

export async function findOrderByIdempotencyKey(db: Database, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

/** The order, locked until the transaction ends when `forUpdate` is set. */
export async function findOrder(db: Database, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findItemsOfOrders(db: Database, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
}

/** Orders newest first with their lines, in two queries whatever the number of orders. */
export async function listOrders(db: Database, userId?: string): Promise<OrderWithItems[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(userId ? eq(orders.userId, userId) : undefined)
    // As the index orders_created_idx is written (DESC NULLS LAST), so PostgreSQL reads it in order.
    .orderBy(sql`${orders.createdAt} desc nulls last`, asc(orders.id));
  const items = await findItemsOfOrders(
    db,
    rows.map((row) => row.id),
  );
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) {
    const lines = byOrder.get(item.orderId);
    if (lines) lines.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return rows.map((order) => ({ order, items: byOrder.get(order.id) ?? [] }));
}

export async function updateOrder(db: Database, id: string, values: Partial<NewOrder>) {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  return row;
}
