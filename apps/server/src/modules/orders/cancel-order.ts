import type { Order } from '@proshop/domain/order-schemas';
import { cancelRefusal, type Canceller } from '@proshop/domain/order-transitions';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { conflict } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import type { OrderNotices } from './notify-buyer.ts';
import { orderState, toOrder, type OrderRow } from './order-mapper.ts';
import { PAYMENT_BEING_CONFIRMED } from './pay-order.ts';
import { findOrderWithLines, updateOrder } from './repository.ts';
import { findVisibleOrder } from './service.ts';

const refusals = {
  cancelled: 'This order has already been cancelled',
  sent: 'This order has been sent and can no longer be cancelled. It can be returned instead.',
  paid: 'This order has been paid and can no longer be cancelled. Please contact us for a refund.',
} as const;

/** Marks a locked order cancelled and queues the buyer's notice, in the caller's transaction. */
async function markCancelled(
  tx: Database,
  order: OrderRow,
  items: Parameters<typeof toOrder>[1],
  by: Canceller,
  notices: Pick<OrderNotices, 'queue'>,
): Promise<Order> {
  const cancelled = await updateOrder(tx, order.id, { cancelledAt: new Date(), cancelledBy: by });
  // Only an order never paid is cancelled, so it has no refunds.
  const answer = toOrder(cancelled ?? order, items, []);
  await notices.queue(tx, answer, { cancelledBy: by });
  return answer;
}

/**
 * POST /api/orders/{id}/cancel: the buyer cancels their order, or an admin any order, while it
 * is neither paid nor sent (the shared rule, cancelRefusal). Nothing was taken, so nothing is
 * given back; an order whose capture is under way cannot be cancelled until it is settled.
 */
export async function cancelOrder(
  db: Database,
  user: SessionUser,
  id: string,
  notices: Pick<OrderNotices, 'queue'>,
): Promise<Order> {
  return db.transaction(async (tx) => {
    // The caller's row first, then the order's: the order in which every change locks them.
    await confirmCaller(tx, user, 'user');
    const { order, items } = await findVisibleOrder(tx, user, id, { forUpdate: true });
    const by: Canceller = order.userId === user.id ? 'buyer' : 'admin';
    if (by === 'admin') await confirmCaller(tx, user, 'admin');
    const refusal = cancelRefusal(orderState(order));
    if (refusal) throw conflict(refusals[refusal]);
    if (order.captureAttemptId) throw conflict(PAYMENT_BEING_CONFIRMED);
    return markCancelled(tx, order, items, by, notices);
  });
}

/** Orders cancelled per transaction of the pass; more wait for its next round. */
const BATCH = 100;

/**
 * Cancels the orders left unpaid for `days` days (UNPAID_ORDER_DAYS), oldest first, each with
 * its notice to the buyer. Orders with a capture under way are left for the payment to settle.
 * Rows another instance is cancelling are skipped (SKIP LOCKED), so instances share the work.
 * Answers how many it cancelled.
 */
export async function cancelUnpaidOrders(
  db: Database,
  days: number,
  notices: Pick<OrderNotices, 'queue'>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const cancelled = await db.transaction(async (tx) => {
      const stale = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.isPaid, false),
            isNull(orders.cancelledAt),
            isNull(orders.captureAttemptId),
            lt(orders.createdAt, sql`now() - make_interval(days => ${days})`),
          ),
        )
        .orderBy(asc(orders.createdAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const { id } of stale) {
        const found = await findOrderWithLines(tx, id);
        if (found) await markCancelled(tx, found.order, found.items, 'shop', notices);
      }
      return stale.length;
    });
    total += cancelled;
    if (cancelled < BATCH) return total;
  }
}
