import { lineTotal } from './money.ts';

/**
 * How much a refund gives back, computed only from what the order stored (its lines' prices,
 * its shipping and tax) and the refunds made before: never from an amount the admin's screen
 * sends, except a goodwill amount, which stays under the same ceiling. Integer cents throughout.
 * Plain types, no zod: the web app shows the amount before the admin confirms with this same rule.
 */

/** A line of the order: its id (`_id` in the order's answer), price and quantity bought. */
export interface RefundableLine {
  id: string;
  priceCents: number;
  qty: number;
}

/** Some units of one order line. */
export interface LineQuantity {
  orderItem: string;
  qty: number;
}

/** A refund already made (or under way: every refund not failed counts). */
export interface EarlierRefund {
  lines: readonly LineQuantity[];
  shipping: boolean;
  amountCents: number;
}

export interface RefundableOrder {
  lines: readonly RefundableLine[];
  itemsCents: number;
  shippingCents: number;
  taxCents: number;
  /** What was captured: the ceiling of every refund together. */
  totalCents: number;
  earlier: readonly EarlierRefund[];
}

export interface RefundRequest {
  lines?: readonly LineQuantity[];
  /** Whether the shipping price is refunded too (once per order). */
  shipping?: boolean;
  /** A goodwill amount on top of the lines, in cents. */
  goodwillCents?: number;
}

export interface RefundPlan {
  amountCents: number;
  itemsCents: number;
  taxCents: number;
  shippingCents: number;
  goodwillCents: number;
  lines: LineQuantity[];
}

export type RefundRefusal =
  /** No line, no shipping, no amount: nothing to refund. */
  | { reason: 'nothing' }
  /** A line that is not one of this order's, or a quantity that is not a whole number above 0. */
  | { reason: 'unknown-line'; orderItem: string }
  /** More units of a line than were bought and not refunded yet. */
  | { reason: 'too-many'; orderItem: string; left: number }
  | { reason: 'shipping-refunded' }
  /** Together with the refunds before, more than was captured. */
  | { reason: 'over-captured'; leftCents: number };

/**
 * The tax that belongs to `itemsCents` of the order's items, in proportion to the order's tax.
 * Counted on all refunded items so far, so that refunding every line in any number of refunds
 * gives back exactly the order's tax, never a cent more or less.
 */
function taxShare(order: RefundableOrder, itemsCents: number): number {
  if (order.itemsCents === 0) return 0;
  return Math.round((order.taxCents * itemsCents) / order.itemsCents);
}

function itemsValue(order: RefundableOrder, lines: readonly LineQuantity[]): number {
  const price = new Map(order.lines.map((line) => [line.id, line.priceCents]));
  return lines.reduce((sum, line) => sum + lineTotal(price.get(line.orderItem) ?? 0, line.qty), 0);
}

/** Refunded so far, per order line. */
function refundedQuantities(order: RefundableOrder): Map<string, number> {
  const refunded = new Map<string, number>();
  for (const refund of order.earlier) {
    for (const line of refund.lines) {
      refunded.set(line.orderItem, (refunded.get(line.orderItem) ?? 0) + line.qty);
    }
  }
  return refunded;
}

/** What is left to refund of the order, in cents. */
export function refundableCents(order: RefundableOrder): number {
  return order.totalCents - order.earlier.reduce((sum, refund) => sum + refund.amountCents, 0);
}

/** The refund this request makes, or why it cannot be made. */
export function planRefund(
  order: RefundableOrder,
  request: RefundRequest,
): RefundPlan | RefundRefusal {
  const bought = new Map(order.lines.map((line) => [line.id, line.qty]));
  const refunded = refundedQuantities(order);
  const wanted = new Map<string, number>();
  for (const line of request.lines ?? []) {
    if (!bought.has(line.orderItem) || !Number.isSafeInteger(line.qty) || line.qty < 1) {
      return { reason: 'unknown-line', orderItem: line.orderItem };
    }
    wanted.set(line.orderItem, (wanted.get(line.orderItem) ?? 0) + line.qty);
  }
  for (const [orderItem, qty] of wanted) {
    const left = bought.get(orderItem)! - (refunded.get(orderItem) ?? 0);
    if (qty > left) return { reason: 'too-many', orderItem, left };
  }
  const shippingBefore = order.earlier.some((refund) => refund.shipping);
  if (request.shipping && shippingBefore) return { reason: 'shipping-refunded' };
  const goodwillCents = request.goodwillCents ?? 0;
  if (!Number.isSafeInteger(goodwillCents) || goodwillCents < 0) {
    return { reason: 'nothing' };
  }

  const lines = [...wanted].map(([orderItem, qty]) => ({ orderItem, qty }));
  const itemsBefore = itemsValue(
    order,
    order.earlier.flatMap((refund) => refund.lines),
  );
  const itemsCents = itemsValue(order, lines);
  const taxCents = taxShare(order, itemsBefore + itemsCents) - taxShare(order, itemsBefore);
  const shippingCents = request.shipping ? order.shippingCents : 0;
  const amountCents = itemsCents + taxCents + shippingCents + goodwillCents;
  if (amountCents === 0) return { reason: 'nothing' };
  const leftCents = refundableCents(order);
  if (amountCents > leftCents) return { reason: 'over-captured', leftCents };
  return { amountCents, itemsCents, taxCents, shippingCents, goodwillCents, lines };
}

export function isRefundRefusal(plan: RefundPlan | RefundRefusal): plan is RefundRefusal {
  return 'reason' in plan;
}
