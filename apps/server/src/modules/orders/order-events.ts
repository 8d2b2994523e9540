import type { OrderEventActor, OrderEventKind } from '@proshop/domain/order-events';
import {
  orderEventDetailsSchema,
  type OrderEvent,
  type OrderEventDetails,
} from '@proshop/domain/order-event-schemas';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderEvents } from '../../db/schema/orders.ts';

/**
 * An order's timeline (issue #19, decision 0023). Every change of an order calls
 * recordOrderEvent with the transaction that makes the change, so an event exists exactly when
 * its change committed. Notes are events too ('note'), written by an admin.
 */

export type OrderEventRow = typeof orderEvents.$inferSelect;

/** Who made it happen: a buyer or an admin (their id and their name at the time), or the shop. */
export interface EventActor {
  actor: OrderEventActor;
  actorId?: string | null;
  actorName?: string | null;
}

/** The shop itself: a background pass (recovery, unpaid orders, mail worker) or PayPal's webhook. */
export const BY_SHOP: EventActor = Object.freeze({ actor: 'shop' });

export const byBuyer = (user: { id: string; name: string }): EventActor => ({
  actor: 'buyer',
  actorId: user.id,
  actorName: user.name,
});

export const byAdmin = (user: { id: string; name: string }): EventActor => ({
  actor: 'admin',
  actorId: user.id,
  actorName: user.name,
});

/** The caller as the order sees them: its buyer (even an admin buying), else an admin. */
export const byCaller = (
  user: { id: string; name: string },
  order: { userId: string | null },
): EventActor => (order.userId === user.id ? byBuyer(user) : byAdmin(user));

export interface NewOrderEvent extends EventActor {
  orderId: string;
  kind: OrderEventKind;
  details?: OrderEventDetails;
}

/**
 * The moment of a new event: the database's clock_timestamp(), and always after the order's
 * events before it. now() would not do: it is the transaction's start, the same for every event
 * of one transaction (a payment problem and the cancellation it causes), and PGlite's clock can
 * give two statements the same moment; either would leave their order to chance.
 */
const nextMoment = (orderId: string) =>
  sql`greatest(clock_timestamp(), (select max(${orderEvents.createdAt}) + interval '1 microsecond'
    from ${orderEvents} where ${orderEvents.orderId} = ${orderId}::uuid))`;

/**
 * The row of an event, for recordOrderEvent and for the statements that write an event in a
 * WITH clause of their own (placing an order, starting its payment: one statement, no
 * transaction). `at`, when given, is its moment instead of the next one (nextMoment).
 */
export function orderEventValues(event: NewOrderEvent, at: SQL = nextMoment(event.orderId)) {
  return {
    orderId: event.orderId,
    kind: event.kind,
    actor: event.actor,
    actorId: event.actorId ?? null,
    actorName: event.actorName ?? null,
    details: storableDetails(event.details ?? {}),
    createdAt: at,
  };
}

/**
 * The details with half a surrogate pair in any text (a refund's reason may hold one) made
 * U+FFFD, as the database driver does for a text column: PostgreSQL refuses it in jsonb, and the
 * change the event records would fail with it.
 */
function storableDetails(details: OrderEventDetails): OrderEventDetails {
  return Object.fromEntries(
    Object.entries(details).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.replace(/\p{Cs}/gu, '\ufffd') : value,
    ]),
  );
}

/** Adds an event to the order's timeline in the caller's transaction. */
export async function recordOrderEvent(tx: Database, event: NewOrderEvent): Promise<OrderEventRow> {
  const [row] = await tx
    .insert(orderEvents)
    .values(orderEventValues(event))
    .returning()
    // Written for every order placed, paid and e-mailed: parsed and planned once per connection.
    .prepare('order_event_insert')
    .execute();
  if (!row) throw new Error('The order event was not stored');
  return row;
}

/** The order's timeline, oldest first (the id breaks a tie of two events of one moment). */
export function findOrderEvents(db: Database, orderId: string): Promise<OrderEventRow[]> {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/**
 * An event as the API answers it. Details are read through their schema: a field that is not
 * what the schema says (none is written so, but the column is plain jsonb) is left out rather
 * than failing the whole timeline.
 */
export function toOrderEvent(row: OrderEventRow): OrderEvent {
  const details: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(orderEventDetailsSchema.shape)) {
    const parsed = field.safeParse(row.details[key]);
    if (parsed.success && parsed.data !== undefined) details[key] = parsed.data;
  }
  return {
    _id: row.id,
    kind: row.kind,
    actor: row.actor,
    actorId: row.actorId,
    actorName: row.actorName,
    details,
    createdAt: row.createdAt.toISOString(),
  };
}
