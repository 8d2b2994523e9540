/**
 * Who may pay an order, decided once for the order screen (whether it shows the payment
 * buttons) and the server (whether it creates or captures a payment). Plain types, no zod, so
 * the web app imports it without the schemas.
 */

/** What the rule reads of an order: its state. Whether the caller is its buyer is the caller's. */
export interface PayableOrder {
  isPaid: boolean;
  isCancelled: boolean;
}

/**
 * Why the caller may not pay: the order is someone else's (an admin sees every order but pays
 * only their own: the payment is the buyer's money), it is paid already, or it was cancelled.
 */
export type PayRefusal = 'not-buyer' | 'already-paid' | 'cancelled';

/**
 * Undefined when the caller may pay the order; otherwise the first reason they may not.
 * `callerIsBuyer`: the caller is the order's buyer, by its account (signed in as it) or, for a
 * guest's order, by the key of its link (issue #37).
 */
export function payRefusal(order: PayableOrder, callerIsBuyer: boolean): PayRefusal | undefined {
  if (!callerIsBuyer) return 'not-buyer';
  if (order.isPaid) return 'already-paid';
  if (order.isCancelled) return 'cancelled';
  return undefined;
}

/** Only the buyer pays, and only an order neither paid nor cancelled. */
export function canPayOrder(order: PayableOrder, callerIsBuyer: boolean): boolean {
  return payRefusal(order, callerIsBuyer) === undefined;
}

/**
 * Whether the signed-in user (if any) is the order's buyer by account: a guest's order, or one
 * whose account was deleted, has no buyer account (null) and is nobody's by this rule.
 */
export function isBuyerAccount(buyerId: string | null, userId: string | undefined): boolean {
  return buyerId !== null && userId !== undefined && buyerId === userId;
}
