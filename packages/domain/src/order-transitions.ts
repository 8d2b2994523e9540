/** The order states: not paid → paid → sent → delivered. */
export interface OrderState {
  isPaid: boolean;
  isSent: boolean;
  isDelivered: boolean;
}

/** An administrator may mark an order sent only when it is paid and not yet sent. */
export function canMarkSent(order: OrderState): boolean {
  return order.isPaid && !order.isSent;
}

/** An administrator may mark an order delivered only when it is paid, sent and not delivered. */
export function canMarkDelivered(order: OrderState): boolean {
  return order.isPaid && order.isSent && !order.isDelivered;
}
