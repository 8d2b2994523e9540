import type { DiscountTerms } from './discounts.ts';
import { spreadInProportion } from './discounts.ts';
import { formatMoney, fromCents, lineTotal, MAX_MONEY_CENTS, toCents } from './money.ts';

/** Shipping is free when the items price, after any discount, is above this many cents. */
export const FREE_SHIPPING_ABOVE_CENTS = 100_00;
export const SHIPPING_PRICE_CENTS = 25_00;
export const TAX_RATE = 0.15;

export interface PricedLine {
  price: number;
  qty: number;
  /** Whether the order's discount applies to the line (its products or categories); default yes. */
  eligible?: boolean;
}

export interface OrderPrices {
  itemsPrice: number;
  /** Taken off the items before tax (0 without a discount code). */
  discountPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

const lineCents = (line: PricedLine) => lineTotal(toCents(line.price), line.qty);
const eligibleCents = (line: PricedLine) => (line.eligible === false ? 0 : lineCents(line));

/**
 * The discount in cents: a percentage of the eligible items rounded half up to the cent, or a
 * fixed amount but never more than the eligible items (the total never goes below zero); free
 * shipping takes nothing off the items.
 */
function discountCents(lines: readonly PricedLine[], discount: DiscountTerms | undefined): number {
  if (!discount || discount.kind === 'free-shipping') return 0;
  const eligible = lines.reduce((sum, line) => sum + eligibleCents(line), 0);
  if (discount.kind === 'fixed') return Math.min(toCents(discount.value), eligible);
  // Basis points keep the product in integers: 12.5 % of 1999 cents = 1999 * 1250 / 10000.
  return Math.min(Math.round((eligible * toCents(discount.value)) / 10_000), eligible);
}

/** Shipping is free above 100 of items after the discount, or with a free-shipping code. */
function shipsFree(netCents: number, discount?: DiscountTerms): boolean {
  return discount?.kind === 'free-shipping' || netCents > FREE_SHIPPING_ABOVE_CENTS;
}

/**
 * How much more (in cents) the items after the discount must come to for free shipping: the
 * cart's "Add $X more for free shipping". 0 when shipping is free already. "Above 100" is
 * strict, so the first amount that ships free is 100.01.
 */
export function centsToFreeShipping(netCents: number, discount?: DiscountTerms): number {
  return shipsFree(netCents, discount) ? 0 : FREE_SHIPPING_ABOVE_CENTS + 1 - netCents;
}

/**
 * The one price rule of the shop, used by the place-order screen and by the server that
 * charges the shopper: items, less the discount (before tax), + shipping (0 when the discounted
 * items are above 100 or the code gives free shipping, else 25) + 15 % tax on the discounted
 * items, rounded half up to cents.
 */
export function computeOrderPrices(
  lines: readonly PricedLine[],
  discount?: DiscountTerms,
): OrderPrices {
  const itemsCents = lines.reduce((sum, line) => sum + lineCents(line), 0);
  const offCents = discountCents(lines, discount);
  const netCents = itemsCents - offCents;
  const shippingCents = shipsFree(netCents, discount) ? 0 : SHIPPING_PRICE_CENTS;
  const taxCents = Math.round(netCents * TAX_RATE);
  return {
    itemsPrice: fromCents(itemsCents),
    discountPrice: fromCents(offCents),
    shippingPrice: fromCents(shippingCents),
    taxPrice: fromCents(taxCents),
    totalPrice: fromCents(netCents + shippingCents + taxCents),
  };
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

/**
 * Why the shop cannot take an order of these prices, or undefined when it can: each amount is
 * kept in a money column (MAX_MONEY_CENTS). Every line fits (MAX_PRICE × MAX_LINE_QTY), but an
 * order of many such lines may not, so placing an order and checking a code ask this.
 */
export function orderTooLarge(prices: OrderPrices, currency: string): string | undefined {
  const largest = Math.max(...Object.values(prices).map((amount: number) => toCents(amount)));
  if (largest <= MAX_MONEY_CENTS) return undefined;
  return (
    `An order can come to at most ${formatMoney(MAX_MONEY_CENTS, currency)} and this one comes ` +
    `to ${formatMoney(largest, currency)}: please split it into smaller orders.`
  );
}
