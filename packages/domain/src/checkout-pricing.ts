import { type DiscountTerms } from './discounts.ts';
import { fromCents } from './money.ts';
import { itemsWithDiscount, type OrderPrices, type PricedLine } from './items-pricing.ts';
import {
  matchZone,
  methodPrice,
  type Destination,
  type MethodRefusal,
  type MethodRule,
  type ZoneRule,
} from './shipping-rules.ts';

/**
 * The one price rule of the checkout (issue #38): items, the discount, the shipping method the
 * zone of the address offers, and tax by the line's class and the zone's rates, with prices
 * entered with or without tax. Every amount is an integer number of cents; tax is rounded half
 * up per line (and once for shipping) and then summed, so the order's tax is the sum of its tax
 * lines to the cent and a refund can give back exactly a line's tax (refunds.ts).
 */

export interface TaxClassRule {
  id: string;
  name: string;
  /** The class of a product that names none (the demo's Standard). Exactly one is. */
  isDefault: boolean;
}

export interface TaxRateRule {
  zoneId: string;
  taxClassId: string;
  /** What the shopper reads ('VAT', 'Sales tax'). */
  name: string;
  /** 1500 = 15 %. */
  basisPoints: number;
}

/** Everything the merchant set that prices an order. Zones in the merchant's order. */
export interface PricingRules {
  zones: readonly ZoneRule[];
  methods: readonly MethodRule[];
  taxClasses: readonly TaxClassRule[];
  taxRates: readonly TaxRateRule[];
  /** Catalogue prices include tax: the tax is worked out of them, not added. */
  pricesIncludeTax: boolean;
}

/** A line as the checkout prices it: the price rule's line with its tax class and weight. */
export interface PricingLine extends PricedLine {
  /** Null or absent: the default class. */
  taxClassId?: string | null;
  /** One unit's weight; null or absent weighs nothing. */
  grams?: number | null;
}

/** A tax of the order as the shopper reads it and the order keeps it. */
export interface TaxLine {
  name: string;
  basisPoints: number;
  appliesTo: 'items' | 'shipping';
  /** What it was worked out on (with inclusive prices: the amount the tax is inside of). */
  baseCents: number;
  amountCents: number;
}

/** A method as the shopper chooses it. */
export interface ShippingOption {
  methodId: string;
  name: string;
  estimateMinDays: number;
  estimateMaxDays: number;
  /** Free when the items after the discount come to more than this; null: never by amount. */
  freeAboveCents: number | null;
  /** Its price for this order, or why it cannot carry it. */
  priceCents: number | null;
  refusal: MethodRefusal | null;
}

export interface LinePricing {
  discountCents: number;
  taxCents: number;
  /** The rate the line was taxed at (0 without one) and its name ('' without one). */
  basisPoints: number;
  taxName: string;
}

export interface PricedOrder {
  kind: 'priced';
  prices: OrderPrices;
  pricesIncludeTax: boolean;
  zone: { id: string; name: string };
  /** The method the order ships by, with its price for this order. */
  shipping: ShippingOption & { priceCents: number };
  shippingTaxCents: number;
  lines: LinePricing[];
  taxLines: TaxLine[];
  /** Every method of the zone the shopper may see (active ones), available or not. */
  options: ShippingOption[];
}

/** No zone serves the address: the shop does not ship there. */
export interface NoZone {
  kind: 'no-zone';
}

/** The zone has no method that can carry this order, or not the one asked for. */
export interface NoMethod {
  kind: 'no-method';
  zone: { id: string; name: string };
  options: ShippingOption[];
  /** The method asked for, when one was. */
  asked: string | undefined;
}

export type CheckoutPricing = PricedOrder | NoZone | NoMethod;

/** a × n / d rounded half up, exact beyond 2^53 (a money amount times basis points may be). */
export function mulDivRound(a: number, n: number, d: number): number {
  const product = BigInt(a) * BigInt(n);
  const divisor = BigInt(d);
  return Number((product * 2n + divisor) / (divisor * 2n));
}

/** The tax of `cents` at `basisPoints`: added to it, or inside it when prices include tax. */
export function taxOf(cents: number, basisPoints: number, inclusive: boolean): number {
  if (basisPoints === 0 || cents === 0) return 0;
  return inclusive
    ? mulDivRound(cents, basisPoints, 10_000 + basisPoints)
    : mulDivRound(cents, basisPoints, 10_000);
}

function rateFor(rules: PricingRules, zoneId: string, taxClassId: string | null | undefined) {
  const classId = taxClassId ?? rules.taxClasses.find((taxClass) => taxClass.isDefault)?.id;
  return rules.taxRates.find((rate) => rate.zoneId === zoneId && rate.taxClassId === classId);
}

/** Tax lines of the same name, rate and kind are one line of the order. */
function addTaxLine(lines: TaxLine[], line: TaxLine): void {
  const same = lines.find(
    (other) =>
      other.name === line.name &&
      other.basisPoints === line.basisPoints &&
      other.appliesTo === line.appliesTo,
  );
  if (!same) {
    lines.push({ ...line });
    return;
  }
  same.baseCents += line.baseCents;
  same.amountCents += line.amountCents;
}

function shippingOptions(
  rules: PricingRules,
  zoneId: string,
  parcel: Parameters<typeof methodPrice>[1],
): ShippingOption[] {
  return rules.methods
    .filter((method) => method.zoneId === zoneId && method.active)
    .map((method) => {
      const price = methodPrice(method, parcel);
      return {
        methodId: method.id,
        name: method.name,
        estimateMinDays: method.estimateMinDays,
        estimateMaxDays: method.estimateMaxDays,
        freeAboveCents: method.freeAboveCents,
        priceCents: typeof price === 'number' ? price : null,
        refusal: typeof price === 'number' ? null : price,
      };
    });
}

/**
 * Prices the order for the destination with the method asked for, or the zone's first method
 * that can carry it when none is asked for (so an order placed by a client that never chose one
 * ships as a one-method shop always did).
 */
export function priceCheckout(
  lines: readonly PricingLine[],
  discount: DiscountTerms | undefined,
  rules: PricingRules,
  destination: Destination,
  methodId?: string,
): CheckoutPricing {
  const zone = matchZone(rules.zones, destination);
  if (!zone) return { kind: 'no-zone' };
  const items = itemsWithDiscount(lines, discount);
  const grams = lines.reduce((sum, line) => sum + (line.grams ?? 0) * line.qty, 0);
  const parcel = {
    netCents: items.netCents,
    grams,
    freeShipping: discount?.kind === 'free-shipping',
  };
  const options = shippingOptions(rules, zone.id, parcel);
  const chosen = methodId
    ? options.find((option) => option.methodId === methodId)
    : options.find((option) => option.priceCents !== null);
  const zoneRef = { id: zone.id, name: zone.name };
  if (!chosen || chosen.priceCents === null) {
    return { kind: 'no-method', zone: zoneRef, options, asked: methodId };
  }
  const inclusive = rules.pricesIncludeTax;
  const taxLines: TaxLine[] = [];
  const linePricing = lines.map((line, index): LinePricing => {
    const discountCents = items.shares[index]!;
    const baseCents = items.lineCents[index]! - discountCents;
    const rate = rateFor(rules, zone.id, line.taxClassId);
    if (!rate) return { discountCents, taxCents: 0, basisPoints: 0, taxName: '' };
    const taxCents = taxOf(baseCents, rate.basisPoints, inclusive);
    addTaxLine(taxLines, {
      name: rate.name,
      basisPoints: rate.basisPoints,
      appliesTo: 'items',
      baseCents,
      amountCents: taxCents,
    });
    return { discountCents, taxCents, basisPoints: rate.basisPoints, taxName: rate.name };
  });
  const shippingCents = chosen.priceCents;
  const shippingRate = zone.shippingTaxClassId
    ? rateFor(rules, zone.id, zone.shippingTaxClassId)
    : undefined;
  const shippingTaxCents = shippingRate
    ? taxOf(shippingCents, shippingRate.basisPoints, inclusive)
    : 0;
  if (shippingRate && shippingCents > 0) {
    addTaxLine(taxLines, {
      name: shippingRate.name,
      basisPoints: shippingRate.basisPoints,
      appliesTo: 'shipping',
      baseCents: shippingCents,
      amountCents: shippingTaxCents,
    });
  }
  const taxCents = linePricing.reduce((sum, line) => sum + line.taxCents, 0) + shippingTaxCents;
  const totalCents = items.netCents + shippingCents + (inclusive ? 0 : taxCents);
  return {
    kind: 'priced',
    prices: {
      itemsPrice: fromCents(items.itemsCents),
      discountPrice: fromCents(items.discountCents),
      shippingPrice: fromCents(shippingCents),
      taxPrice: fromCents(taxCents),
      totalPrice: fromCents(totalCents),
    },
    pricesIncludeTax: inclusive,
    zone: zoneRef,
    shipping: { ...chosen, priceCents: shippingCents },
    shippingTaxCents,
    lines: linePricing,
    taxLines,
    options,
  };
}
