/**
 * The order states: not paid → paid → sent → delivered, and cancelled (from not paid; a paid
 * order is cancelled with a refund, which comes with the refunds). One copy of each rule, read by
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
 * Why an order cannot be cancelled: it is already; it was sent (it is returned instead); or it
 * is paid (cancelling it means refunding it, which the shop cannot do yet).
 */
export type CancelRefusal = 'cancelled' | 'sent' | 'paid';

/** Undefined when the order can be cancelled; otherwise why not. */
export function cancelRefusal(order: OrderState): CancelRefusal | undefined {
  if (order.isCancelled) return 'cancelled';
  if (order.isSent) return 'sent';
  if (order.isPaid) return 'paid';
  return undefined;
}

export function canCancel(order: OrderState): boolean {
  return cancelRefusal(order) === undefined;
}
