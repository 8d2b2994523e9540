import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { arrayParam } from '../../db/array-param.ts';
import { orderEvents, orderItems, orders } from '../../db/schema/orders.ts';
import { NOTHING_AFTER_SALE } from './after-sale-records.ts';
import type { NewOrder, NewOrderItem, OrderItemRow } from './order-mapper.ts';
import { orderEventValues } from './order-events.ts';
import type { OrderWithItems } from './repository.ts';

/**
 * Storing a placed order, for the checkout module (which decides what is placed): the one
 * statement that writes the order, its lines and its first event, and the look-up of an order
 * by its idempotency key. The statements are prepared by name (see repository.ts).
 */

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
    tax: null,
    taxBasisPoints: null,
    taxName: null,
    ...item,
    // Taken by the payment, not by placing the order (products/stock.ts).
    stockTaken: 0,
    stockGivenBack: 0,
    id: randomUUID(),
    orderId: order.id,
    position,
  }));
  const column = (key: keyof OrderItemRow) => arrayParam(itemRows.map((row) => row[key]));
  // One array per column, in the table's order of columns (Drizzle inserts into all of them):
  // the same text for any number of lines. The option values go as JSON texts read as jsonb:
  // an array of arrays would reach the drivers as a two-dimensional array, not as jsonb values.
  const options = arrayParam(itemRows.map((row) => JSON.stringify(row.options)));
  const lines = db.$with('lines').as(
    db.insert(orderItems).select(
      sql`select * from unnest(${column('id')}::uuid[], ${column('orderId')}::uuid[],
        ${column('productId')}::uuid[], ${column('variantId')}::uuid[], ${column('name')}::text[],
        ${column('sku')}::text[], ${options}::jsonb[], ${column('image')}::text[],
        ${column('price')}::numeric[], ${column('qty')}::int[], ${column('discount')}::numeric[],
        ${column('tax')}::numeric[], ${column('taxBasisPoints')}::int[], ${column('taxName')}::text[],
        ${column('position')}::smallint[], ${column('stockTaken')}::int[],
        ${column('stockGivenBack')}::int[])`,
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

export async function findOrderByIdempotencyKey(
  db: Database,
  buyer: { userId: string | null; email: string },
  key: string,
) {
  // An account's keys are its own; a guest's are scoped by the e-mail given, among guest orders
  // only (the unique indexes orders_user_idempotency_key and orders_guest_idempotency_key).
  const whose =
    buyer.userId === null
      ? and(eq(orders.buyerEmail, buyer.email), isNotNull(orders.accessKeyHash))
      : eq(orders.userId, buyer.userId);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(whose, eq(orders.idempotencyKey, key)));
  return row;
}
