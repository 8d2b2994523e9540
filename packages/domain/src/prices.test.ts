import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiscountTerms } from './discounts.ts';
import { lineTotal, toCents } from './money.ts';
import {
  FREE_SHIPPING_ABOVE_CENTS,
  computeOrderPrices,
  lineDiscountShares,
  SHIPPING_PRICE_CENTS,
  type PricedLine,
} from './prices.ts';
import { centsToFreeShipping } from './shipping-rules.ts';

/** The cart's "Add $X more" under the seed's rule, held to the price rule below. */
const seedCentsToFreeShipping = (netCents: number, discount?: DiscountTerms) =>
  centsToFreeShipping(FREE_SHIPPING_ABOVE_CENTS, {
    netCents,
    freeShipping: discount?.kind === 'free-shipping',
  }) ?? Number.NaN;

describe('computeOrderPrices', () => {
  it('charges $25 shipping up to $100 of items and 15 % tax', () => {
    expect(computeOrderPrices([{ price: 89.99, qty: 1 }])).toEqual({
      itemsPrice: 89.99,
      discountPrice: 0,
      shippingPrice: 25,
      taxPrice: 13.5,
      totalPrice: 128.49,
    });
  });

  it('ships free only when the items price is above $100, not at exactly $100', () => {
    expect(computeOrderPrices([{ price: 100, qty: 1 }]).shippingPrice).toBe(25);
    expect(computeOrderPrices([{ price: 100.01, qty: 1 }]).shippingPrice).toBe(0);
  });

  it('adds cents exactly where binary floats would drift', () => {
    const prices = computeOrderPrices([
      { price: 0.1, qty: 3 },
      { price: 0.2, qty: 1 },
    ]);
    expect(prices.itemsPrice).toBe(0.5);
    expect(prices.taxPrice).toBe(0.08); // 7.5 cents rounds half up
    expect(prices.totalPrice).toBe(25.58);
  });

  it('multiplies by quantity and rounds the tax to cents', () => {
    expect(computeOrderPrices([{ price: 19.99, qty: 7 }])).toEqual({
      itemsPrice: 139.93,
      discountPrice: 0,
      shippingPrice: 0,
      taxPrice: 20.99,
      totalPrice: 160.92,
    });
  });

  it('prices an empty list as shipping only', () => {
    expect(computeOrderPrices([])).toEqual({
      itemsPrice: 0,
      discountPrice: 0,
      shippingPrice: 25,
      taxPrice: 0,
      totalPrice: 25,
    });
  });
});

describe('computeOrderPrices with a discount code', () => {
  it('takes a percentage off the items before tax', () => {
    // 10 % of 80.00 = 8.00; 72.00 of items: shipping 25, tax 10.80.
    expect(computeOrderPrices([{ price: 40, qty: 2 }], { kind: 'percentage', value: 10 })).toEqual({
      itemsPrice: 80,
      discountPrice: 8,
      shippingPrice: 25,
      taxPrice: 10.8,
      totalPrice: 107.8,
    });
  });

  it('rounds a percentage half up to the cent', () => {
    // 12.5 % of 19.99 = 2.49875 → 2.50; 50 % of 0.01 = 0.005 → 0.01; 50 % of 0.03 = 0.015 → 0.02.
    const off = (price: number, value: number) =>
      computeOrderPrices([{ price, qty: 1 }], { kind: 'percentage', value }).discountPrice;
    expect(off(19.99, 12.5)).toBe(2.5);
    expect(off(0.01, 50)).toBe(0.01);
    expect(off(0.03, 50)).toBe(0.02);
    // 33.33 % of 10.00 = 3.333 → 3.33 (down below the half).
    expect(off(10, 33.33)).toBe(3.33);
    expect(off(10, 100)).toBe(10);
  });

  it('takes a percentage of the eligible lines only', () => {
    const prices = computeOrderPrices(
      [
        { price: 50, qty: 1, eligible: true },
        { price: 30, qty: 1, eligible: false },
      ],
      { kind: 'percentage', value: 20 },
    );
    expect(prices).toMatchObject({ itemsPrice: 80, discountPrice: 10 });
  });

  it('takes a fixed amount off, never more than the eligible items', () => {
    const lines = [
      { price: 12, qty: 1, eligible: true },
      { price: 50, qty: 1, eligible: false },
    ];
    expect(computeOrderPrices(lines, { kind: 'fixed', value: 5 })).toMatchObject({
      discountPrice: 5,
    });
    // 20 off 12.00 of eligible items is 12.00 off: the other line is paid in full.
    expect(computeOrderPrices(lines, { kind: 'fixed', value: 20 })).toEqual({
      itemsPrice: 62,
      discountPrice: 12,
      shippingPrice: 25,
      taxPrice: 7.5,
      totalPrice: 82.5,
    });
  });

  it('waives the shipping for a free-shipping code and takes nothing off the items', () => {
    expect(
      computeOrderPrices([{ price: 20, qty: 1 }], { kind: 'free-shipping', value: 0 }),
    ).toEqual({ itemsPrice: 20, discountPrice: 0, shippingPrice: 0, taxPrice: 3, totalPrice: 23 });
  });

  it('reads the free-shipping threshold on the items after the discount', () => {
    // 110.00 less 20 % = 88.00: not above 100, so shipping is charged.
    expect(
      computeOrderPrices([{ price: 110, qty: 1 }], { kind: 'percentage', value: 20 }),
    ).toMatchObject({ discountPrice: 22, shippingPrice: 25, taxPrice: 13.2, totalPrice: 126.2 });
  });
});

describe('lineDiscountShares', () => {
  it('spreads the discount over the eligible lines in proportion, adding up exactly', () => {
    // 10.00 off 30.00 of eligible items: 3.33 + 6.67 (the larger remainder gets the cent).
    const lines = [
      { price: 10, qty: 1 },
      { price: 20, qty: 1 },
      { price: 5, qty: 1, eligible: false },
    ];
    expect(lineDiscountShares(lines, { kind: 'fixed', value: 10 })).toEqual([333, 667, 0]);
  });

  it('gives no line a share without a discount or with free shipping', () => {
    const lines = [{ price: 10, qty: 2 }];
    expect(lineDiscountShares(lines)).toEqual([0]);
    expect(lineDiscountShares(lines, { kind: 'free-shipping', value: 0 })).toEqual([0]);
  });
});

// Property tests: every cart and every code the shop can hold, not only the examples above.
const priceCents = fc.integer({ min: 0, max: 100_000_00 });
const line = fc.record({
  price: priceCents.map((cents) => cents / 100),
  qty: fc.integer({ min: 1, max: 100 }),
  eligible: fc.boolean(),
});
const lines = fc.array(line, { maxLength: 20 });
const terms: fc.Arbitrary<DiscountTerms> = fc.oneof(
  fc
    .integer({ min: 1, max: 100_00 })
    .map((hundredths) => ({ kind: 'percentage' as const, value: hundredths / 100 })),
  fc
    .integer({ min: 1, max: 1_000_000_00 })
    .map((cents) => ({ kind: 'fixed' as const, value: cents / 100 })),
  fc.constant({ kind: 'free-shipping' as const, value: 0 }),
);

const cents = (line: PricedLine) => lineTotal(toCents(line.price), line.qty);
const eligibleCents = (all: readonly PricedLine[]) =>
  all.reduce((sum, item) => (item.eligible === false ? sum : sum + cents(item)), 0);

describe('the price rules with a discount, for any cart and code', () => {
  it('never makes the total or any part of it negative, nor takes off more than the eligible items', () => {
    fc.assert(
      fc.property(lines, terms, (cart, discount) => {
        const prices = computeOrderPrices(cart, discount);
        expect(prices.totalPrice).toBeGreaterThanOrEqual(0);
        expect(prices.discountPrice).toBeGreaterThanOrEqual(0);
        expect(prices.taxPrice).toBeGreaterThanOrEqual(0);
        expect(toCents(prices.discountPrice)).toBeLessThanOrEqual(eligibleCents(cart));
      }),
    );
  });

  it('splits the discount into line shares that add up to it exactly, each within a cent of its proportion', () => {
    fc.assert(
      fc.property(lines, terms, (cart, discount) => {
        const shares = lineDiscountShares(cart, discount);
        const off = toCents(computeOrderPrices(cart, discount).discountPrice);
        expect(shares).toHaveLength(cart.length);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(off);
        const eligible = eligibleCents(cart);
        cart.forEach((item, index) => {
          const share = shares[index]!;
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          if (item.eligible === false) expect(share).toBe(0);
          else {
            // Never more than the line itself, and the floor of its exact share or one cent more.
            expect(share).toBeLessThanOrEqual(cents(item));
            // Free eligible lines alone (eligible 0) have no proportion: nothing is taken off.
            const proportion = eligible === 0 ? 0 : (off * cents(item)) / eligible;
            expect(Math.abs(share - proportion)).toBeLessThan(1);
          }
        });
      }),
    );
  });

  it('computes the tax per line on its items after the discount, and the total from the parts', () => {
    fc.assert(
      fc.property(lines, terms, (cart, discount) => {
        const prices = computeOrderPrices(cart, discount);
        const net = toCents(prices.itemsPrice) - toCents(prices.discountPrice);
        // Rounded per line (issue #38), so within half a cent a line of 15 % of the whole.
        const shares = lineDiscountShares(cart, discount);
        const perLine = cart.map((line, index) =>
          Math.round((cents(line) - shares[index]!) * 0.15),
        );
        expect(toCents(prices.taxPrice)).toBe(perLine.reduce((sum, tax) => sum + tax, 0));
        expect(Math.abs(toCents(prices.taxPrice) - net * 0.15)).toBeLessThanOrEqual(
          cart.length / 2,
        );
        expect(toCents(prices.totalPrice)).toBe(
          net + toCents(prices.shippingPrice) + toCents(prices.taxPrice),
        );
        const freeShipping = discount.kind === 'free-shipping' || net > 100_00;
        expect(toCents(prices.shippingPrice)).toBe(freeShipping ? 0 : SHIPPING_PRICE_CENTS);
      }),
    );
  });

  it('rounds a percentage half up to the cent: never more than half a cent from the exact amount', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 1, max: 100_00 }), (cart, basisPoints) => {
        const off = toCents(
          computeOrderPrices(cart, { kind: 'percentage', value: basisPoints / 100 }).discountPrice,
        );
        // In ten-thousandths of a cent, integers only: |off − eligible × p| ≤ ½ cent, and a
        // remainder of exactly half a cent goes up.
        const exact = eligibleCents(cart) * basisPoints;
        const error = off * 10_000 - exact;
        expect(error).toBeGreaterThan(-5_000);
        expect(error).toBeLessThanOrEqual(5_000);
      }),
    );
  });

  it('charges nothing more for a code than without it', () => {
    fc.assert(
      fc.property(lines, terms, (cart, discount) => {
        const withCode = computeOrderPrices(cart, discount);
        const without = computeOrderPrices(cart);
        // A percentage or fixed amount can lose free shipping (the items fall to 100 or less), so
        // compare what the shopper pays for the items: they never cost more with a code.
        expect(
          toCents(withCode.itemsPrice) -
            toCents(withCode.discountPrice) +
            toCents(withCode.taxPrice),
        ).toBeLessThanOrEqual(toCents(without.itemsPrice) + toCents(without.taxPrice));
      }),
    );
  });
});

describe("centsToFreeShipping under the seed's rule", () => {
  it('is what lifts the items after the discount just above 100, and 0 once they are', () => {
    expect(seedCentsToFreeShipping(0)).toBe(100_01);
    expect(seedCentsToFreeShipping(99_99)).toBe(2);
    expect(seedCentsToFreeShipping(100_00)).toBe(1);
    expect(seedCentsToFreeShipping(100_01)).toBe(0);
    const freeShipping: DiscountTerms = { kind: 'free-shipping', value: 0 };
    expect(seedCentsToFreeShipping(10_00, freeShipping)).toBe(0);
  });

  it('agrees with the price rule: that much more, and shipping is free', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_00 }), (cents) => {
        const more = seedCentsToFreeShipping(cents);
        const at = (total: number) =>
          computeOrderPrices([{ price: total / 100, qty: 1 }]).shippingPrice;
        if (more === 0) return at(cents) === 0;
        return at(cents + more) === 0 && at(cents + more - 1) > 0;
      }),
    );
  });
});
