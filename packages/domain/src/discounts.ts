import { formatMoney } from './money.ts';

/**
 * Discount codes: the one copy of their rules, read by the server (which alone decides what an
 * order costs) and by the web app (which shows the same figures before the order is placed).
 * No zod here, so the cart's first load can read it (decision 0014). The amounts are computed by
 * prices.ts (computeOrderPrices) with the terms below.
 */

export const DISCOUNT_KINDS = ['percentage', 'fixed', 'free-shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Letters, digits and dashes, 3 to 32 characters; compared in upper case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;

/** The one spelling a code is stored and compared in: "summer-10" is "SUMMER-10". */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * What a discount takes off, as prices.ts applies it: a percentage (0.01 to 100) or an amount
 * off the eligible items, or the shipping.
 */
export interface DiscountTerms {
  kind: DiscountKind;
  /** The percentage, or the amount in the shop's currency; unused for free shipping. */
  value: number;
}

/** A discount's conditions, as the check reads them. */
export interface DiscountConditions {
  code: string;
  active: boolean;
  /** In cents, of the items the code applies to. */
  minSubtotalCents: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  firstOrderOnly: boolean;
}

/** What the limits of a code read: its uses now, and the customer's. */
export interface DiscountUsage {
  /** Uses held now: by paid orders not cancelled or fully refunded. */
  usesTaken: number;
  /** Of those, by this customer. */
  customerUses: number;
  /** The customer's paid orders not cancelled (this one left out). */
  customerPaidOrders: number;
}

/** What the shop knows of the order and the customer when it checks a code. */
export interface DiscountContext extends DiscountUsage {
  now: Date;
  currency: string;
  /** The items the code applies to (its products and categories, or all). */
  eligibleCents: number;
}

/** Why a code does not apply, as the shopper reads it. */
export const DISCOUNT_MESSAGES = {
  unknown: (code: string) => `Discount code ${code} is not valid`,
  inactive: (code: string) => `Discount code ${code} is no longer active`,
  notYet: (code: string, startsAt: Date) =>
    `Discount code ${code} is valid from ${startsAt.toISOString().slice(0, 10)}`,
  expired: (code: string) => `Discount code ${code} has expired`,
  usedUp: (code: string) => `Discount code ${code} has been used up`,
  customerLimit: (code: string) => `You have already used discount code ${code}`,
  firstOrder: (code: string) => `Discount code ${code} is for a first order only`,
  notForItems: (code: string) => `Discount code ${code} does not apply to the items in your cart`,
  minimum: (code: string, amount: string) =>
    `Discount code ${code} needs at least ${amount} of eligible items`,
} as const;

/**
 * The reason the code does not apply to this order now, or undefined when it does. The server
 * checks it when the order is placed and again, under a lock on the discount, when it is paid
 * (the uses: promotions/uses.ts); the dates are those of the placing.
 */
export function discountProblem(
  discount: DiscountConditions,
  context: DiscountContext,
): string | undefined {
  const { code } = discount;
  if (!discount.active) return DISCOUNT_MESSAGES.inactive(code);
  if (discount.startsAt && context.now < discount.startsAt) {
    return DISCOUNT_MESSAGES.notYet(code, discount.startsAt);
  }
  if (discount.endsAt && context.now >= discount.endsAt) return DISCOUNT_MESSAGES.expired(code);
  const use = discountUseProblem(discount, context);
  if (use) return use;
  if (context.eligibleCents === 0) return DISCOUNT_MESSAGES.notForItems(code);
  if (discount.minSubtotalCents !== null && context.eligibleCents < discount.minSubtotalCents) {
    return DISCOUNT_MESSAGES.minimum(
      code,
      formatMoney(discount.minSubtotalCents, context.currency),
    );
  }
  return undefined;
}

/**
 * The reason a use of the code cannot be taken now: switched off, used up, the customer's limit
 * reached, or not their first order. The part of discountProblem that the payment checks again
 * under the discount's lock (promotions/uses.ts), where the order's price is already agreed.
 */
export function discountUseProblem(
  discount: Pick<
    DiscountConditions,
    'code' | 'active' | 'usageLimit' | 'perCustomerLimit' | 'firstOrderOnly'
  >,
  usage: DiscountUsage,
): string | undefined {
  const { code } = discount;
  if (!discount.active) return DISCOUNT_MESSAGES.inactive(code);
  if (discount.usageLimit !== null && usage.usesTaken >= discount.usageLimit) {
    return DISCOUNT_MESSAGES.usedUp(code);
  }
  if (discount.perCustomerLimit !== null && usage.customerUses >= discount.perCustomerLimit) {
    return DISCOUNT_MESSAGES.customerLimit(code);
  }
  if (discount.firstOrderOnly && usage.customerPaidOrders > 0) {
    return DISCOUNT_MESSAGES.firstOrder(code);
  }
  return undefined;
}

/**
 * Splits `totalCents` over the lines in proportion to their amounts, in whole cents that add up
 * exactly: each line gets the floor of its share, and the cents left go one by one to the lines
 * with the largest remainders (the first line first among equals). Lines of 0 get 0.
 */
export function spreadInProportion(totalCents: number, amounts: readonly number[]): number[] {
  const sum = amounts.reduce((total, amount) => total + amount, 0);
  if (sum === 0 || totalCents === 0) return amounts.map(() => 0);
  const exact = amounts.map((amount) => (totalCents * amount) / sum);
  const shares = exact.map(Math.floor);
  let left = totalCents - shares.reduce((total, share) => total + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}
