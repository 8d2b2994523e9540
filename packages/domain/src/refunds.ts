import { lineTotal, toCents } from './money.ts';
import { refundStanding, type OrderStateWithRefunds } from './order-status.ts';

/**
 * How much a refund gives back, computed only from what the order stored (its lines' prices,
 * its shipping and tax) and the refunds made before: never from an amount the admin's screen
 * sends, except a goodwill amount, which stays under the same ceiling. Integer cents throughout.
 * Plain types, no zod: the web app shows the amount before the admin confirms with this same rule.
 */

/**
 * A line of the order: its id (`_id` in the order's answer), price, quantity bought and its share
 * of the order's discount (the answer's `discount`; 0 without a code).
 */
export interface RefundableLine {
  id: string;
  priceCents: number;
  qty: number;
  discountCents: number;
  /**
   * The tax the line was charged (issue #38: per line, kept with it); null for an order placed
   * before, whose tax is shared out in proportion instead (taxShare).
   */
  taxCents: number | null;
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
  /** The items before the discount (the order's itemsPrice): the lines' shares come off it. */
  itemsCents: number;
  shippingCents: number;
  taxCents: number;
  /** The tax on shipping, part of taxCents (0 where shipping is not taxed). */
  shippingTaxCents: number;
  /** The prices held their tax: a refund gives back what was paid, the tax is inside it. */
  pricesIncludeTax: boolean;
  /** What was captured: the ceiling of every refund together. */
  totalCents: number;
  earlier: readonly EarlierRefund[];
}

/** An amount as the order's answer gives it (a number) or its stored row (a numeric string). */
type Amount = number | string;

/**
 * What the refund rule reads of an order: the order's answer (`Order`) as it is, or the server's
 * stored rows shaped like it.
 */
export interface RefundSource {
  orderItems: readonly {
    _id: string;
    price: Amount;
    qty: number;
    discount: Amount;
    /** The line's tax; null or absent for an order placed before taxes were kept per line. */
    tax?: Amount | null;
  }[];
  itemsPrice: Amount;
  shippingPrice: Amount;
  taxPrice: Amount;
  /** The tax on shipping as the stored row has it, or in the answer's `shipping` (absent: 0). */
  shippingTax?: Amount;
  shipping?: { tax: Amount };
  pricesIncludeTax?: boolean;
  totalPrice: Amount;
  /** Every refund of the order, failed ones included: they are left out here. */
  refunds: readonly {
    status: string;
    lines: readonly LineQuantity[];
    shipping: boolean;
    amount: Amount;
  }[];
}

/**
 * The order as the refund rule reads it, in cents, with the refunds that count: all but failed
 * ones (a refund requested or pending may still go through). The one copy behind the server's
 * refunds and the admin's refund form.
 */
export function refundableOrder(order: RefundSource): RefundableOrder {
  return {
    lines: order.orderItems.map((item) => ({
      id: item._id,
      priceCents: toCents(item.price),
      qty: item.qty,
      discountCents: toCents(item.discount),
      taxCents: item.tax === null || item.tax === undefined ? null : toCents(item.tax),
    })),
    itemsCents: toCents(order.itemsPrice),
    shippingCents: toCents(order.shippingPrice),
    taxCents: toCents(order.taxPrice),
    shippingTaxCents: toCents(order.shippingTax ?? order.shipping?.tax ?? 0),
    pricesIncludeTax: order.pricesIncludeTax ?? false,
    totalCents: toCents(order.totalPrice),
    earlier: order.refunds
      .filter((refund) => refund.status !== 'failed')
      .map((refund) => ({
        lines: refund.lines,
        shipping: refund.shipping,
        amountCents: toCents(refund.amount),
      })),
  };
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
  /** The units' price, before their share of the discount. */
  itemsCents: number;
  /** The units' share of the order's discount, which is not given back. */
  discountCents: number;
  /** The tax of the units and of the shipping refunded: added to them, or inside them. */
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
 * What the first `units` of a line cost the buyer: their price less the same fraction of the
 * line's discount, rounded half up. Each refund gives back the difference between the units
 * refunded after it and before it, so that refunding every unit, in any number of refunds, gives
 * back exactly the line's price less its whole discount.
 */
function paidForUnits(line: RefundableLine, units: number): number {
  if (units === 0) return 0;
  return lineTotal(line.priceCents, units) - Math.round((line.discountCents * units) / line.qty);
}

/** Units of each line refunded before: bought, less those still left. */
const refundedBefore = (line: RefundableLine, left: ReadonlyMap<string, number>) =>
  line.qty - (left.get(line.id) ?? line.qty);

/** The price of `lines` and their share of the discount, on top of the units refunded before. */
function itemsValue(
  order: RefundableOrder,
  left: ReadonlyMap<string, number>,
  lines: readonly LineQuantity[],
) {
  const byId = new Map(order.lines.map((line) => [line.id, line]));
  let itemsCents = 0;
  let discountCents = 0;
  for (const { orderItem, qty } of lines) {
    const line = byId.get(orderItem);
    if (!line) continue;
    const from = refundedBefore(line, left);
    const price = lineTotal(line.priceCents, qty);
    itemsCents += price;
    discountCents += price - (paidForUnits(line, from + qty) - paidForUnits(line, from));
  }
  return { itemsCents, discountCents };
}

/**
 * The tax of the first `units` of a line that kept its own: the same fraction of it, rounded
 * half up, so that refunds of every unit, in any number of refunds, give back exactly its tax.
 */
function taxForUnits(line: RefundableLine, units: number): number {
  if (units === 0 || line.taxCents === null) return 0;
  return Math.round((line.taxCents * units) / line.qty);
}

/** The tax of `lines` on top of the units refunded before, each line its own (issue #38). */
function linesTax(
  order: RefundableOrder,
  left: ReadonlyMap<string, number>,
  lines: readonly LineQuantity[],
): number {
  const byId = new Map(order.lines.map((line) => [line.id, line]));
  return lines.reduce((sum, { orderItem, qty }) => {
    const line = byId.get(orderItem);
    if (!line) return sum;
    const from = refundedBefore(line, left);
    return sum + taxForUnits(line, from + qty) - taxForUnits(line, from);
  }, 0);
}

/** What the buyer paid for the units refunded before, after their discount. */
function netBefore(order: RefundableOrder, left: ReadonlyMap<string, number>): number {
  return order.lines.reduce((sum, line) => sum + paidForUnits(line, refundedBefore(line, left)), 0);
}

/**
 * The tax that belongs to `netCents` of the order's items after the discount, in proportion to
 * the order's tax, which was computed on the discounted items. Counted on all refunded items so
 * far, so that refunding every line in any number of refunds gives back exactly the order's tax,
 * never a cent more or less.
 */
function taxShare(order: RefundableOrder, netCents: number): number {
  const orderNet =
    order.itemsCents - order.lines.reduce((sum, line) => sum + line.discountCents, 0);
  if (orderNet <= 0) return 0;
  return Math.round((order.taxCents * netCents) / orderNet);
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
  const { itemsCents, discountCents } = itemsValue(order, left, lines);
  const netCents = itemsCents - discountCents;
  // An order that kept each line's tax gives back exactly the tax of the units; an older one a
  // share of its tax in proportion to what the units cost.
  const perLine = order.lines.every((line) => line.taxCents !== null);
  const paidBefore = netBefore(order, left);
  const itemsTaxCents = perLine
    ? linesTax(order, left, lines)
    : taxShare(order, paidBefore + netCents) - taxShare(order, paidBefore);
  const shippingCents = request.shipping ? order.shippingCents : 0;
  const taxCents = itemsTaxCents + (request.shipping ? order.shippingTaxCents : 0);
  // With prices entered with tax the tax is inside what was paid for the units and the shipping.
  const addedTax = order.pricesIncludeTax ? 0 : taxCents;
  const amountCents = netCents + addedTax + shippingCents + goodwillCents;
  if (amountCents === 0) return { reason: 'nothing' };
  const leftCents = refundableCents(order);
  if (amountCents > leftCents) return { reason: 'over-captured', leftCents };
  return { amountCents, itemsCents, discountCents, taxCents, shippingCents, goodwillCents, lines };
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

const lineIds = (order: Pick<OrderAfterSale, 'orderItems'>) =>
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

/**
 * Whether refunds the provider accepted (pending or completed) gave the order back whole: all
 * that was captured (refundStanding), or every unit of every line, the buyer keeping nothing they
 * bought. The order's discount code use goes back then (docs/decisions/0020).
 */
export function isFullyRefunded(
  order: OrderStateWithRefunds & Pick<OrderAfterSale, 'orderItems' | 'refunds'>,
): boolean {
  if (refundStanding(order).kind === 'full') return true;
  const refunds: OrderAfterSale['refunds'] = order.refunds;
  const accepted = refunds.filter(
    (refund) => refund.status === 'pending' || refund.status === 'completed',
  );
  const left = unitsLeft(
    lineIds(order),
    accepted.map((refund) => refund.lines),
  );
  return left.size > 0 && [...left.values()].every((units) => units <= 0);
}

/**
 * Units of each line the buyer keeps: bought, less those of refunds the provider accepted
 * (pending or completed, as refundStanding counts them). A unit refunded before the parcel left
 * is not in it: the sent and delivered e-mails list these.
 */
export function unitsKept(
  order: Pick<OrderAfterSale, 'orderItems' | 'refunds'>,
): Map<string, number> {
  const accepted = order.refunds.filter(
    (refund) => refund.status === 'pending' || refund.status === 'completed',
  );
  return unitsLeft(
    lineIds(order),
    accepted.map((refund) => refund.lines),
  );
}
