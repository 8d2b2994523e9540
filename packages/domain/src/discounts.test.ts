import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_CODE_PATTERN,
  discountProblem,
  normalizeCode,
  spreadInProportion,
  type DiscountConditions,
  type DiscountContext,
} from './discounts.ts';

const conditions = (overrides: Partial<DiscountConditions> = {}): DiscountConditions => ({
  code: 'SPRING-10',
  active: true,
  minSubtotalCents: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  firstOrderOnly: false,
  ...overrides,
});

const context = (overrides: Partial<DiscountContext> = {}): DiscountContext => ({
  now: new Date('2030-04-15T12:00:00Z'),
  currency: 'USD',
  eligibleCents: 50_00,
  usesTaken: 0,
  customerUses: 0,
  customerPaidOrders: 0,
  ...overrides,
});

describe('codes', () => {
  it('takes letters, digits and dashes, 3 to 32 of them, and compares them in upper case', () => {
    expect(DISCOUNT_CODE_PATTERN.test('ab1')).toBe(true);
    expect(DISCOUNT_CODE_PATTERN.test('SUMMER-2030')).toBe(true);
    expect(DISCOUNT_CODE_PATTERN.test('x'.repeat(32))).toBe(true);
    for (const bad of ['ab', 'x'.repeat(33), 'TEN OFF', 'TEN_OFF', 'ÉTÉ10', 'a;drop']) {
      expect(DISCOUNT_CODE_PATTERN.test(bad), bad).toBe(false);
    }
    expect(normalizeCode('  summer-10 ')).toBe('SUMMER-10');
  });
});

describe('discountProblem', () => {
  it('finds nothing wrong with a code whose conditions are all met', () => {
    expect(discountProblem(conditions(), context())).toBeUndefined();
    expect(
      discountProblem(
        conditions({
          minSubtotalCents: 50_00,
          startsAt: new Date('2030-04-01T00:00:00Z'),
          endsAt: new Date('2030-05-01T00:00:00Z'),
          usageLimit: 10,
          perCustomerLimit: 1,
          firstOrderOnly: true,
        }),
        context({ usesTaken: 9 }),
      ),
    ).toBeUndefined();
  });

  it('refuses a code the admin switched off', () => {
    expect(discountProblem(conditions({ active: false }), context())).toBe(
      'Discount code SPRING-10 is no longer active',
    );
  });

  it('refuses a code before its start, with the day it starts, and from its end on', () => {
    const startsAt = new Date('2030-04-15T12:00:01Z');
    expect(discountProblem(conditions({ startsAt }), context())).toBe(
      'Discount code SPRING-10 is valid from 2030-04-15',
    );
    // Valid from its first instant, no longer at its end.
    expect(discountProblem(conditions({ startsAt: context().now }), context())).toBeUndefined();
    expect(discountProblem(conditions({ endsAt: context().now }), context())).toBe(
      'Discount code SPRING-10 has expired',
    );
  });

  it('refuses a code whose uses are all held, and one the customer used up', () => {
    expect(discountProblem(conditions({ usageLimit: 10 }), context({ usesTaken: 10 }))).toBe(
      'Discount code SPRING-10 has been used up',
    );
    expect(discountProblem(conditions({ perCustomerLimit: 2 }), context({ customerUses: 2 }))).toBe(
      'You have already used discount code SPRING-10',
    );
    expect(
      discountProblem(conditions({ perCustomerLimit: 2 }), context({ customerUses: 1 })),
    ).toBeUndefined();
  });

  it('refuses a first-order code to a customer with a paid order', () => {
    expect(
      discountProblem(conditions({ firstOrderOnly: true }), context({ customerPaidOrders: 1 })),
    ).toBe('Discount code SPRING-10 is for a first order only');
  });

  it('refuses a code for none of the items, and below its minimum of eligible items', () => {
    expect(discountProblem(conditions(), context({ eligibleCents: 0 }))).toBe(
      'Discount code SPRING-10 does not apply to the items in your cart',
    );
    expect(
      discountProblem(conditions({ minSubtotalCents: 50_01 }), context({ eligibleCents: 50_00 })),
    ).toBe('Discount code SPRING-10 needs at least $50.01 of eligible items');
    expect(
      discountProblem(
        conditions({ minSubtotalCents: 40_00 }),
        context({ eligibleCents: 39_99, currency: 'EUR' }),
      ),
    ).toBe('Discount code SPRING-10 needs at least €40.00 of eligible items');
  });

  it('gives the reason a shopper can act on least: switched off before dated, dated before used up', () => {
    const everything = conditions({
      active: false,
      endsAt: new Date('2030-01-01T00:00:00Z'),
      usageLimit: 1,
      minSubtotalCents: 100_00,
    });
    const all = context({ usesTaken: 1, eligibleCents: 0 });
    expect(discountProblem(everything, all)).toBe('Discount code SPRING-10 is no longer active');
    expect(discountProblem({ ...everything, active: true }, all)).toBe(
      'Discount code SPRING-10 has expired',
    );
    expect(discountProblem({ ...everything, active: true, endsAt: null }, all)).toBe(
      'Discount code SPRING-10 has been used up',
    );
  });
});

describe('spreadInProportion', () => {
  it('gives each amount its share, the cents left to the largest remainders', () => {
    // 100 over 1:1:1 → 33.33 each; one cent left for the first among equals.
    expect(spreadInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    // 10 over 3:7 exactly.
    expect(spreadInProportion(10, [300, 700])).toEqual([3, 7]);
    // 5 over 1:2:3 → 0.83, 1.67, 2.5: floors 0, 1, 2, then the 2 cents left to .83 and .67.
    expect(spreadInProportion(5, [1, 2, 3])).toEqual([1, 2, 2]);
  });

  it('gives lines of 0 nothing, and nothing at all when there is nothing to spread', () => {
    expect(spreadInProportion(50, [0, 10, 0])).toEqual([0, 50, 0]);
    expect(spreadInProportion(0, [10, 20])).toEqual([0, 0]);
    expect(spreadInProportion(50, [0, 0])).toEqual([0, 0]);
    expect(spreadInProportion(50, [])).toEqual([]);
  });

  it('always adds up exactly, each share within a cent of its proportion', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (amounts, wanted) => {
          const sum = amounts.reduce((total, amount) => total + amount, 0);
          const total = Math.min(wanted, sum);
          const shares = spreadInProportion(total, amounts);
          expect(shares.reduce((all, share) => all + share, 0)).toBe(sum === 0 ? 0 : total);
          shares.forEach((share, index) => {
            const amount = amounts[index]!;
            expect(Number.isInteger(share)).toBe(true);
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(amount);
            if (sum > 0) expect(Math.abs(share - (total * amount) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});
