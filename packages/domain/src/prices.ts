import type { DiscountTerms } from './discounts.ts';
import { priceCheckout, type PricingLine, type PricingRules } from './checkout-pricing.ts';
import { formatMoney, MAX_MONEY_CENTS, toCents } from './money.ts';
import type { OrderPrices } from './items-pricing.ts';

export type { OrderPrices, PricedLine } from './items-pricing.ts';
export { lineDiscountShares } from './items-pricing.ts';

/** The seed's rule, a new shop's data (decisions.md): free above 100.00 after discount, else 25. */
export const FREE_SHIPPING_ABOVE_CENTS = 100_00;
export const SHIPPING_PRICE_CENTS = 25_00;
/** 15 % on the items, shipping untaxed, prices entered without tax. */
export const TAX_BASIS_POINTS = 1500;

/**
 * The rules migration 0026 writes for every shop that had none, with the ids it gives them: one
 * zone serving every address, one method "Standard", one class "Standard" taxed at 15 %. A
 * default shop charges exactly what the spec says; tests and benches price with them.
 */
export const DEFAULT_PRICING_RULES: PricingRules = {
  zones: [
    {
      id: '00000000-0000-4000-8000-00000000a001',
      name: 'Everywhere',
      restOfWorld: true,
      countries: [],
      regions: [],
      postalPrefixes: [],
      shippingTaxClassId: null,
    },
  ],
  methods: [
    {
      id: '00000000-0000-4000-8000-00000000b001',
      zoneId: '00000000-0000-4000-8000-00000000a001',
      name: 'Standard',
      priceCents: SHIPPING_PRICE_CENTS,
      freeAboveCents: FREE_SHIPPING_ABOVE_CENTS,
      minOrderCents: null,
      weightBands: [],
      estimateMinDays: 3,
      estimateMaxDays: 5,
      active: true,
    },
  ],
  taxClasses: [{ id: '00000000-0000-4000-8000-00000000c001', name: 'Standard', isDefault: true }],
  taxRates: [
    {
      zoneId: '00000000-0000-4000-8000-00000000a001',
      taxClassId: '00000000-0000-4000-8000-00000000c001',
      name: 'Tax',
      basisPoints: TAX_BASIS_POINTS,
    },
  ],
  pricesIncludeTax: false,
};

/**
 * The order's prices under the seed's rules (DEFAULT_PRICING_RULES) for any address: what a
 * default shop charges, and what tests and benches expect of it. The shop itself prices with the
 * merchant's rules (priceCheckout).
 */
export function computeOrderPrices(
  lines: readonly PricingLine[],
  discount?: DiscountTerms,
): OrderPrices {
  const priced = priceCheckout(lines, discount, DEFAULT_PRICING_RULES, { country: 'US' });
  if (priced.kind !== 'priced') throw new Error('The default rules serve every address');
  return priced.prices;
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
