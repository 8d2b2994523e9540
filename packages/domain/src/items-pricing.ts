import type { DiscountTerms } from './discounts.ts';
import { spreadInProportion } from './discounts.ts';
import { lineTotal, toCents } from './money.ts';

/** A line as the price rule reads it. */
export interface PricedLine {
  price: number;
  qty: number;
  /** Whether the order's discount applies to the line (its products or categories); default yes. */
  eligible?: boolean;
}

/** An order's five figures, in the currency's units (2 decimals), as the API sends them. */
export interface OrderPrices {
  itemsPrice: number;
  /** Taken off the items before tax (0 without a discount code). */
  discountPrice: number;
  shippingPrice: number;
  /** With prices entered with tax, the tax inside the total; else the tax added to it. */
  taxPrice: number;
  totalPrice: number;
}

export const lineCents = (line: PricedLine) => lineTotal(toCents(line.price), line.qty);
const eligibleCents = (line: PricedLine) => (line.eligible === false ? 0 : lineCents(line));

/**
 * The discount in cents: a percentage of the eligible items rounded half up to the cent, or a
 * fixed amount but never more than the eligible items (the total never goes below zero); free
 * shipping takes nothing off the items.
 */
export function discountCents(
  lines: readonly PricedLine[],
  discount: DiscountTerms | undefined,
): number {
  if (!discount || discount.kind === 'free-shipping') return 0;
  const eligible = lines.reduce((sum, line) => sum + eligibleCents(line), 0);
  if (discount.kind === 'fixed') return Math.min(toCents(discount.value), eligible);
  // Basis points keep the product in integers: 12.5 % of 1999 cents = 1999 * 1250 / 10000.
  return Math.min(Math.round((eligible * toCents(discount.value)) / 10_000), eligible);
}

/**
 * Each line's share of the discount in cents, in proportion to the eligible lines' amounts
 * (spreadInProportion): they add up to the discount exactly, and each order line records its
 * own, so that a refund of some units gives back what was paid for them.
 */
export function lineDiscountShares(
  lines: readonly PricedLine[],
  discount?: DiscountTerms,
): number[] {
  return spreadInProportion(discountCents(lines, discount), lines.map(eligibleCents));
}

/** The items of an order in cents: each line, the discount and its shares, what is left. */
export function itemsWithDiscount(lines: readonly PricedLine[], discount?: DiscountTerms) {
  const perLine = lines.map(lineCents);
  const itemsCents = perLine.reduce((sum, cents) => sum + cents, 0);
  const offCents = discountCents(lines, discount);
  return {
    lineCents: perLine,
    itemsCents,
    discountCents: offCents,
    netCents: itemsCents - offCents,
    shares: lineDiscountShares(lines, discount),
  };
}
