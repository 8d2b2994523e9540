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

/** What the order page knows of its viewer: who is signed in, and the key in its link. */
export interface OrderViewer {
  userId?: string | undefined;
  isAdmin?: boolean | undefined;
  /** The `key` of the page's address (`/order/{id}?key=...`), if it has one. */
  key?: string | null | undefined;
}

/**
 * Whether the order page shows its viewer the buyer's buttons (pay, cancel, return): signed in
 * as the order's account, or holding the key of a guest order's link. The page has the order, so
 * the server opened it: to anyone but an admin (who sees every order, whatever key they send)
 * that proves the key. The server decides again on every call (orders/order-caller.ts).
 */
export function isOrderViewerBuyer(
  order: { user: { _id: string | null }; isGuest: boolean },
  viewer: OrderViewer,
): boolean {
  if (isBuyerAccount(order.user._id, viewer.userId)) return true;
  return order.isGuest && Boolean(viewer.key) && viewer.isAdmin !== true;
}
