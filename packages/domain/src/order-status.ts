import { toCents } from './money.ts';

/**
 * What an order's state reads as on every screen that shows it (My Orders, the order page, the
 * admin's list): one rule, so the three never disagree. Amounts in integer cents.
 */

export interface RefundState {
  amount: number;
  status: 'requested' | 'pending' | 'completed' | 'failed';
  createdAt: string;
  completedAt: string | null;
}

export interface OrderStateWithRefunds {
  totalPrice: number;
  isPaid: boolean;
  isSent: boolean;
  isDelivered: boolean;
  isCancelled: boolean;
  refunds: readonly RefundState[];
}

export type RefundStanding =
  | { kind: 'none' }
  /** Some of the capture went back (or is on its way back: PayPal accepted it). */
  | { kind: 'partial'; refundedCents: number }
  /** All of it, the last refund on this day (its completion, or its acceptance while pending). */
  | { kind: 'full'; refundedCents: number; lastAt: string };

/** How much of the order was given back: refunds PayPal accepted (pending or completed) count. */
export function refundStanding(order: OrderStateWithRefunds): RefundStanding {
  const given = order.refunds.filter((r) => r.status === 'pending' || r.status === 'completed');
  const refundedCents = given.reduce((sum, r) => sum + toCents(r.amount), 0);
  if (refundedCents === 0) return { kind: 'none' };
  if (refundedCents < toCents(order.totalPrice)) return { kind: 'partial', refundedCents };
  const lastAt = given
    .map((r) => r.completedAt ?? r.createdAt)
    .reduce((latest, at) => (at > latest ? at : latest));
  return { kind: 'full', refundedCents, lastAt };
}

/** The one-word state of the admin's STATUS column, and the filter's values. */
export const ORDER_STATUSES = [
  'not-paid',
  'paid',
  'sent',
  'delivered',
  'partially-refunded',
  'refunded',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  'not-paid': 'Not paid',
  paid: 'Paid',
  sent: 'Sent',
  delivered: 'Delivered',
  'partially-refunded': 'Partially refunded',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/** The order's state, the money's fate first: cancelled and refunded say more than sent. */
export function orderStatus(order: OrderStateWithRefunds): OrderStatus {
  if (order.isCancelled) return 'cancelled';
  const standing = refundStanding(order);
  if (standing.kind === 'full') return 'refunded';
  if (standing.kind === 'partial') return 'partially-refunded';
  if (order.isDelivered) return 'delivered';
  if (order.isSent) return 'sent';
  return order.isPaid ? 'paid' : 'not-paid';
}
