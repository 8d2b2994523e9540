import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  priceCheckout,
  type PricedOrder,
  type PricingLine,
  type PricingRules,
} from './checkout-pricing.ts';
import type { DiscountTerms } from './discounts.ts';
import { lineTotal, toCents } from './money.ts';
import {
  isRefundRefusal,
  planRefund,
  refundableCents,
  type LineQuantity,
  type RefundableOrder,
} from './refunds.ts';

// Property tests of the one price rule (issue #38) over random carts, discounts, rates, prices
// with or without tax, shipping taxed or not, and random partial refunds: the bugs of Medusa
// #14817/#14818 (a total charged a cent off its parts) and Saleor #12348 (per-line rounding
// drifting from the total) must be impossible, and no refund may ever give back more than was
// paid.

const ZONE = 'zone';
const CLASSES = ['standard', 'reduced', 'zero'] as const;

const rate = fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined });

/** A shop with one zone for every address, a method and a rate per class (or none). */
const rules: fc.Arbitrary<PricingRules> = fc
  .record({
    rates: fc.tuple(rate, rate, rate),
    shippingTaxClass: fc.constantFrom(null, ...CLASSES),
    priceCents: fc.integer({ min: 0, max: 500_00 }),
    freeAboveCents: fc.option(fc.integer({ min: 0, max: 1_000_00 }), { nil: null }),
    pricesIncludeTax: fc.boolean(),
  })
  .map(({ rates, shippingTaxClass, priceCents, freeAboveCents, pricesIncludeTax }) => ({
    zones: [
      {
        id: ZONE,
        name: 'Everywhere',
        restOfWorld: true,
        countries: [],
        regions: [],
        postalPrefixes: [],
        shippingTaxClassId: shippingTaxClass,
      },
    ],
    methods: [
      {
        id: 'method',
        zoneId: ZONE,
        name: 'Standard',
        priceCents,
        freeAboveCents,
        minOrderCents: null,
        weightBands: [],
        estimateMinDays: 1,
        estimateMaxDays: 3,
        active: true,
      },
    ],
    taxClasses: CLASSES.map((id, index) => ({ id, name: id, isDefault: index === 0 })),
    taxRates: CLASSES.flatMap((taxClassId, index) => {
      const basisPoints = rates[index];
      return basisPoints === undefined
        ? []
        : [{ zoneId: ZONE, taxClassId, name: `Tax ${taxClassId}`, basisPoints }];
    }),
    pricesIncludeTax,
  }));

const line: fc.Arbitrary<PricingLine> = fc.record({
  price: fc.integer({ min: 0, max: 10_000_00 }).map((cents) => cents / 100),
  qty: fc.integer({ min: 1, max: 20 }),
  eligible: fc.boolean(),
  // null: the default class.
  taxClassId: fc.constantFrom(null, ...CLASSES),
});
const cart = fc.array(line, { minLength: 1, maxLength: 10 });

const discount: fc.Arbitrary<DiscountTerms | undefined> = fc.oneof(
  fc.constant(undefined),
  fc
    .integer({ min: 1, max: 100_00 })
    .map((hundredths) => ({ kind: 'percentage' as const, value: hundredths / 100 })),
  fc
    .integer({ min: 1, max: 100_000_00 })
    .map((cents) => ({ kind: 'fixed' as const, value: cents / 100 })),
  fc.constant({ kind: 'free-shipping' as const, value: 0 }),
);

function priced(lines: PricingLine[], terms: DiscountTerms | undefined, shop: PricingRules) {
  const result = priceCheckout(lines, terms, shop, { country: 'DE' });
  if (result.kind !== 'priced') throw new Error(`not priced: ${result.kind}`);
  return result;
}

const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + amount, 0);

/** The order as the refund rule reads it, as the server stores it from the priced order. */
function refundable(lines: PricingLine[], order: PricedOrder): RefundableOrder {
  return {
    lines: lines.map((item, index) => ({
      id: `line-${index}`,
      priceCents: toCents(item.price),
      qty: item.qty,
      discountCents: order.lines[index]!.discountCents,
      taxCents: order.lines[index]!.taxCents,
    })),
    itemsCents: toCents(order.prices.itemsPrice),
    shippingCents: toCents(order.prices.shippingPrice),
    taxCents: toCents(order.prices.taxPrice),
    shippingTaxCents: order.shippingTaxCents,
    pricesIncludeTax: order.pricesIncludeTax,
    totalCents: toCents(order.prices.totalPrice),
    earlier: [],
  };
}

describe('priceCheckout, for any cart, discount and rules', () => {
  it('charges exactly the items after the discount, the shipping and the tax added, never a cent apart', () => {
    fc.assert(
      fc.property(cart, discount, rules, (lines, terms, shop) => {
        const order = priced(lines, terms, shop);
        const { prices } = order;
        const net = toCents(prices.itemsPrice) - toCents(prices.discountPrice);
        const added = shop.pricesIncludeTax ? 0 : toCents(prices.taxPrice);
        expect(toCents(prices.totalPrice)).toBe(net + toCents(prices.shippingPrice) + added);
        expect(toCents(prices.itemsPrice)).toBe(
          sum(lines.map((item) => lineTotal(toCents(item.price), item.qty))),
        );
        expect(sum(order.lines.map((item) => item.discountCents))).toBe(
          toCents(prices.discountPrice),
        );
      }),
    );
  });

  it("makes the tax the sum of its tax lines, and of the lines' taxes and the shipping's", () => {
    fc.assert(
      fc.property(cart, discount, rules, (lines, terms, shop) => {
        const order = priced(lines, terms, shop);
        const tax = toCents(order.prices.taxPrice);
        expect(sum(order.taxLines.map((taxLine) => taxLine.amountCents))).toBe(tax);
        expect(sum(order.lines.map((item) => item.taxCents)) + order.shippingTaxCents).toBe(tax);
        const shippingLines = order.taxLines.filter((taxLine) => taxLine.appliesTo === 'shipping');
        expect(sum(shippingLines.map((taxLine) => taxLine.amountCents))).toBe(
          order.shippingTaxCents,
        );
        // No tax is negative, and prices holding their tax hold more than it.
        order.lines.forEach((item, index) => {
          const base =
            lineTotal(toCents(lines[index]!.price), lines[index]!.qty) - item.discountCents;
          expect(item.taxCents).toBeGreaterThanOrEqual(0);
          if (shop.pricesIncludeTax) expect(item.taxCents).toBeLessThanOrEqual(base);
        });
        if (shop.zones[0]!.shippingTaxClassId === null) expect(order.shippingTaxCents).toBe(0);
      }),
    );
  });

  it('gives back exactly the total when everything is refunded, in any parts and order, never more', () => {
    fc.assert(
      fc.property(cart, discount, rules, fc.gen(), (lines, terms, shop, gen) => {
        const order = priced(lines, terms, shop);
        let state = refundable(lines, order);
        // Each line's units cut into random parts, the parts and the shipping in random order.
        const parts: { line: LineQuantity | undefined }[] = [{ line: undefined }];
        state.lines.forEach((item) => {
          let left = item.qty;
          while (left > 0) {
            const qty = gen(fc.integer, { min: 1, max: left });
            parts.push({ line: { orderItem: item.id, qty } });
            left -= qty;
          }
        });
        const shuffled = parts
          .map((part) => ({ part, key: gen(fc.integer, { min: 0, max: 1_000_000 }) }))
          .sort((a, b) => a.key - b.key)
          .map(({ part }) => part);
        // A part worth nothing (all of it discounted, no tax) cannot be refunded alone: it joins
        // the next part of its line.
        const carried = new Map<string, number>();
        let shippingCarried = false;
        let refundedCents = 0;
        const refundOf = (lineParts: LineQuantity[], shipping: boolean) => {
          const plan = planRefund(state, { lines: lineParts, shipping });
          if (isRefundRefusal(plan)) {
            expect(plan.reason).toBe('nothing');
            for (const part of lineParts) {
              carried.set(part.orderItem, (carried.get(part.orderItem) ?? 0) + part.qty);
            }
            shippingCarried ||= shipping;
            return;
          }
          expect(plan.amountCents).toBeGreaterThan(0);
          expect(plan.amountCents).toBeLessThanOrEqual(refundableCents(state));
          refundedCents += plan.amountCents;
          state = {
            ...state,
            earlier: [
              ...state.earlier,
              { lines: plan.lines, shipping, amountCents: plan.amountCents },
            ],
          };
        };
        for (const { line: part } of shuffled) {
          if (part === undefined) {
            refundOf([], true);
            continue;
          }
          const before = carried.get(part.orderItem) ?? 0;
          carried.delete(part.orderItem);
          refundOf([{ orderItem: part.orderItem, qty: part.qty + before }], false);
        }
        const leftLines = [...carried].map(([orderItem, qty]) => ({ orderItem, qty }));
        carried.clear();
        if (leftLines.length > 0 || shippingCarried) {
          const wasCarried = shippingCarried;
          shippingCarried = false;
          refundOf(leftLines, wasCarried);
        }
        // Whatever was left was worth nothing; all that was paid came back, to the cent.
        expect(refundedCents).toBe(toCents(order.prices.totalPrice));
        expect(refundableCents(state)).toBe(0);
        const more = planRefund(state, { goodwillCents: 1 });
        expect(isRefundRefusal(more) && more.reason).toBe('over-captured');
      }),
    );
  });
});
