/**
 * Who may pay an order, decided once for the order screen (whether it shows the payment
 * buttons) and the server (whether it creates or captures a payment). Plain types, no zod, so
 * the web app imports it without the schemas.
 */

/** What the rule reads of an order: its buyer (null once the account is deleted) and its state. */
export interface PayableOrder {
  buyerId: string | null;
  isPaid: boolean;
  isCancelled: boolean;
}

/**
 * Why the caller may not pay: the order is someone else's (an admin sees every order but pays
 * only their own: the payment is the buyer's money), it is paid already, or it was cancelled.
 */
export type PayRefusal = 'not-buyer' | 'already-paid' | 'cancelled';

/** Undefined when the caller may pay the order; otherwise the first reason they may not. */
export function payRefusal(
  order: PayableOrder,
  callerId: string | undefined,
): PayRefusal | undefined {
  if (callerId === undefined || order.buyerId !== callerId) return 'not-buyer';
  if (order.isPaid) return 'already-paid';
  if (order.isCancelled) return 'cancelled';
  return undefined;
}

/** Only the buyer pays, and only an order neither paid nor cancelled. */
export function canPayOrder(order: PayableOrder, callerId: string | undefined): boolean {
  return payRefusal(order, callerId) === undefined;
}
