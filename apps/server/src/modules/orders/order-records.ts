import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared-per-database.ts';
import { orderEvents, orderItems, orders } from '../../db/schema/orders.ts';
import { productVariants } from '../../db/schema/products.ts';
import type { NewOrder, OrderItemRow, OrderRow } from './order-mapper.ts';
import { orderEventValues, type NewOrderEvent } from './order-events.ts';

/**
 * An order's row as the modules that change a placed order read and write it (payments,
 * after-sale): the order with its lines, locked or not, and the updates of its columns.
 */

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

/**
 * Up to `limit` orders placed over `age.days` days ago (a guest's, over `age.guestHours` hours)
 * and still unpaid (no capture under way, not cancelled), oldest first, locked until the transaction ends; rows another instance holds are
 * skipped, so several instances share the unpaid-orders pass.
 */
export function claimUnpaidOrders(
  tx: Database,
  age: { days: number; guestHours: number },
  limit: number,
) {
  return tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.isPaid, false),
        isNull(orders.cancelledAt),
        isNull(orders.captureAttemptId),
        or(
          lt(orders.createdAt, sql`now() - make_interval(days => ${age.days})`),
          // A guest's order goes sooner: nobody's account holds it, and it may be a script's.
          and(
            isNotNull(orders.accessKeyHash),
            lt(orders.createdAt, sql`now() - make_interval(hours => ${age.guestHours})`),
          ),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}
