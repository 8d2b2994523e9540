/**
 * The order states: not paid → paid → sent → delivered, and cancelled (by the buyer before it is
 * paid, by an admin before it is sent, with a refund when paid). One copy of each rule, read by
 * the server (what it allows) and the web app (which buttons it shows).
 */
export interface OrderState {
  isPaid: boolean;
  isSent: boolean;
  isDelivered: boolean;
  isCancelled: boolean;
}

/** An administrator may mark an order sent only when it is paid, not cancelled, not yet sent. */
export function canMarkSent(order: OrderState): boolean {
  return order.isPaid && !order.isCancelled && !order.isSent;
}

/** An administrator may mark an order delivered only when it is paid, sent and not delivered. */
export function canMarkDelivered(order: OrderState): boolean {
  return order.isPaid && !order.isCancelled && order.isSent && !order.isDelivered;
}

/** Who cancels: the buyer, an administrator, or the shop itself (unpaid for too long). */
export type Canceller = 'buyer' | 'admin' | 'shop';

/**
 * Why an order cannot be cancelled: it is already; it was sent (it is returned instead); or it is
 * paid and the caller is not an admin (an admin cancels a paid order with a refund of what is
 * left of it; a buyer asks the shop).
 */
export type CancelRefusal = 'cancelled' | 'sent' | 'paid';

/** Undefined when `by` may cancel the order; otherwise why not. */
export function cancelRefusal(
  order: OrderState,
  by: 'buyer' | 'admin' = 'buyer',
): CancelRefusal | undefined {
  if (order.isCancelled) return 'cancelled';
  if (order.isSent) return 'sent';
  if (order.isPaid && by !== 'admin') return 'paid';
  return undefined;
}

export function canCancel(order: OrderState, by: 'buyer' | 'admin' = 'buyer'): boolean {
  return cancelRefusal(order, by) === undefined;
}
