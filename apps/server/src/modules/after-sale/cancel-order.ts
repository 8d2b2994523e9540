import type { Order } from '@proshop/domain/order-schemas';
import { cancelRefusal, type Canceller } from '@proshop/domain/order-transitions';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../errors/app-error.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import { giveDiscountUseBack } from '../promotions/uses.ts';
import type { OrderNotices } from '../orders/notify-buyer.ts';
import { callerActor, isBuyer, type OrderCaller } from '../orders/order-caller.ts';
import { BY_SHOP, recordOrderEvent, type EventActor } from '../orders/order-events.ts';
import { findAfterSaleOfOrder } from '../orders/after-sale-records.ts';
import { orderState, toOrder, type OrderItemRow, type OrderRow } from '../orders/order-mapper.ts';
import { sendRefund, storeRemainingRefund } from './refund-order.ts';
import { claimUnpaidOrders, findOrderWithLines, updateOrder } from '../orders/order-records.ts';
import { findVisibleOrder, getOrder, PAYMENT_BEING_CONFIRMED } from '../orders/service.ts';
import type { SettleDeps } from '../orders/order-deps.ts';

const refusals = {
  cancelled: 'This order has already been cancelled',
  sent: 'This order has been sent and can no longer be cancelled. It can be returned instead.',
  paid: 'This order has been paid and can no longer be cancelled. Please contact us for a refund.',
} as const;

/**
 * Marks a locked order cancelled, adds it to the order's timeline (`actor`: who did it) and
 * queues the buyer's notice (not for an unpaid guest order), in the caller's transaction.
 */
async function markCancelled(
  tx: Database,
  found: { order: OrderRow; items: OrderItemRow[] },
  by: Canceller,
  actor: EventActor,
  notices: Pick<OrderNotices, 'queue'>,
): Promise<void> {
  const cancelled = await updateOrder(tx, found.order.id, {
    cancelledAt: new Date(),
    cancelledBy: by,
  });
  await recordOrderEvent(tx, {
    orderId: found.order.id,
    kind: 'cancelled',
    ...actor,
    ...(by === 'shop' ? { details: { reason: 'Not paid in time' } } : {}),
  });
  // An unpaid guest order mails nothing but its link (issue #37): the address was never
  // confirmed, and an order nobody paid for is no reason to write to it.
  if (found.order.accessKeyHash !== null && !found.order.isPaid) return;
  const afterSale = await findAfterSaleOfOrder(tx, found.order.id);
  await notices.queue(tx, toOrder(cancelled ?? found.order, found.items, afterSale), {
    cancelledBy: by,
  });
}

/**
 * POST /api/orders/{id}/cancel: the buyer cancels their order before it is paid, an admin any
 * order before it is sent (the shared rule, cancelRefusal). A paid order is refunded of what is
 * left of it at the same time, its lines going back into stock: the refund is stored in the
 * cancelling transaction and sent to the provider after it commits (refund-order.ts), so no
 * transaction waits on the provider. The use of a discount code the order holds goes back with
 * the cancellation. An order whose capture is under way cannot be cancelled until it is settled.
 */
export async function cancelOrder(
  deps: SettleDeps,
  caller: OrderCaller,
  id: string,
): Promise<Order> {
  const { user } = caller;
  // A catalogue change: a paid order's lines may go back into stock in this very transaction
  // (what goodwill refunds already paid back is not refunded again), and the storefront's cached
  // answers must show it at once (issue #35).
  const { refund, unpaid } = await deps.catalogue.change(deps.db, async (tx) => {
    // The caller's row first, then the order's: the order in which every change locks them.
    if (user) await confirmCaller(tx, user, 'user');
    const found = await findVisibleOrder(tx, caller, id, { forUpdate: true });
    const { order } = found;
    const by: Canceller = isBuyer(caller, order) ? 'buyer' : 'admin';
    const admin = user?.isAdmin ? user : undefined;
    if (admin) await confirmCaller(tx, admin, 'admin');
    const refusal = cancelRefusal(orderState(order), admin ? 'admin' : 'buyer');
    if (refusal) throw conflict(refusals[refusal]);
    if (order.captureAttemptId) throw conflict(PAYMENT_BEING_CONFIRMED);
    await markCancelled(tx, found, by, callerActor(caller, order), deps.notices);
    // Only an admin cancels a paid order (cancelRefusal): the refund is theirs.
    const remaining =
      order.isPaid && admin
        ? await storeRemainingRefund(tx, deps, order, found.items, admin, 'Order cancelled')
        : undefined;
    // After any stock given back just now: the discount's row is locked last, as payers do.
    await giveDiscountUseBack(tx, order.id);
    return { refund: remaining, unpaid: order.isPaid ? undefined : order };
  });
  if (unpaid?.providerOrderId) {
    // A card authorised for it will never be captured: its hold goes now (Stripe).
    await deps.payments
      .forOrder(unpaid)
      .releasePayment?.({ providerOrderId: unpaid.providerOrderId, orderId: id });
  }
  if (refund) {
    // A provider that does not answer leaves the refund to the recovery pass: the order is
    // cancelled either way, and its refund shows on it.
    await sendRefund(deps, refund).catch((error: unknown) => {
      deps.log.warn({ err: error, orderId: id }, 'the refund of a cancelled order is waiting');
    });
  }
  return getOrder(deps.db, caller, id);
}

/** Orders cancelled per transaction of the pass; more wait for its next round. */
const BATCH = 100;

/**
 * Cancels the orders left unpaid for UNPAID_ORDER_DAYS days, a guest's for GUEST_UNPAID_HOURS
 * hours (issue #37), oldest first, each with
 * its notice to the buyer. Orders with a capture under way are left for the payment to settle.
 * Rows another instance is cancelling are skipped (SKIP LOCKED), so instances share the work.
 * Answers how many it cancelled.
 */
export async function cancelUnpaidOrders(
  db: Database,
  age: { days: number; guestHours: number },
  notices: Pick<OrderNotices, 'queue'>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const cancelled = await db.transaction(async (tx) => {
      const stale = await claimUnpaidOrders(tx, age, BATCH);
      for (const { id } of stale) {
        const found = await findOrderWithLines(tx, id);
        if (found) await markCancelled(tx, found, 'shop', BY_SHOP, notices);
      }
      return stale.length;
    });
    total += cancelled;
    if (cancelled < BATCH) return total;
  }
}
