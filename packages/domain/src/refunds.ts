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

/**
 * Units of each line still free: bought, less every group of units already spoken for (refunds
 * not failed, open return requests). The one count behind the refund form, the return form, the
 * refund rule and the server's checks.
 */
export function unitsLeft(
  lines: readonly { id: string; qty: number }[],
  spoken: readonly (readonly LineQuantity[])[],
): Map<string, number> {
  const left = new Map(lines.map((line) => [line.id, line.qty]));
  for (const group of spoken) {
    for (const line of group) left.set(line.orderItem, (left.get(line.orderItem) ?? 0) - line.qty);
  }
  return left;
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
  const left = unitsLeft(
    order.lines,
    order.earlier.map((refund) => refund.lines),
  );
  const wanted = new Map<string, number>();
  for (const line of request.lines ?? []) {
    if (!bought.has(line.orderItem) || !Number.isSafeInteger(line.qty) || line.qty < 1) {
      return { reason: 'unknown-line', orderItem: line.orderItem };
    }
    wanted.set(line.orderItem, (wanted.get(line.orderItem) ?? 0) + line.qty);
  }
  for (const [orderItem, qty] of wanted) {
    const units = left.get(orderItem)!;
    if (qty > units) return { reason: 'too-many', orderItem, left: units };
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

/** An order as its answer shows it after the sale: its lines, refunds and return requests. */
export interface OrderAfterSale {
  orderItems: readonly { _id: string; qty: number }[];
  refunds: readonly { status: string; lines: readonly LineQuantity[] }[];
  returns: readonly { status: string; lines: readonly LineQuantity[] }[];
}

const lineIds = (order: OrderAfterSale) =>
  order.orderItems.map((item) => ({ id: item._id, qty: item.qty }));
const refunded = (order: OrderAfterSale) =>
  order.refunds.filter((refund) => refund.status !== 'failed').map((refund) => refund.lines);

/** Units of each line an admin can still refund: refunds PayPal did not refuse count. */
export function refundableUnits(order: OrderAfterSale): Map<string, number> {
  return unitsLeft(lineIds(order), refunded(order));
}

/** Units of each line the buyer can still ask to return: open requests count too. */
export function returnableUnits(order: OrderAfterSale): Map<string, number> {
  const open = order.returns.filter((request) => request.status === 'requested');
  return unitsLeft(lineIds(order), [...refunded(order), ...open.map((request) => request.lines)]);
}
