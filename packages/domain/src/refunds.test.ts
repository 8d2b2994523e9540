import { describe, expect, it } from 'vitest';
import type { DiscountTerms } from './discounts.ts';
import { computeOrderPrices, lineDiscountShares } from './prices.ts';
import { toCents } from './money.ts';
import {
  isFullyRefunded,
  isRefundRefusal,
  planRefund,
  refundableCents,
  refundableOrder,
  refundableUnits,
  returnableUnits,
  unitsKept,
  type EarlierRefund,
  type RefundPlan,
  type RefundRequest,
  type RefundableOrder,
} from './refunds.ts';

/**
 * An order as the shop stores it: lines at these prices, totals and each line's share of the
 * discount by the shop's price rule.
 */
function order(
  lines: { id: string; price: number; qty: number; eligible?: boolean }[],
  discount?: DiscountTerms,
): RefundableOrder {
  const prices = computeOrderPrices(lines, discount);
  const shares = lineDiscountShares(lines, discount);
  return {
    lines: lines.map(({ id, price, qty }, i) => ({
      id,
      priceCents: toCents(price),
      qty,
      discountCents: shares[i]!,
      // As an order placed before lines kept their tax: its tax is shared out in proportion.
      taxCents: null,
    })),
    itemsCents: toCents(prices.itemsPrice),
    shippingCents: toCents(prices.shippingPrice),
    taxCents: toCents(prices.taxPrice),
    shippingTaxCents: 0,
    pricesIncludeTax: false,
    totalCents: toCents(prices.totalPrice),
    earlier: [],
  };
}

function plan(target: RefundableOrder, request: RefundRequest): RefundPlan {
  const result = planRefund(target, request);
  if (isRefundRefusal(result)) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

/** The order after this refund was made. */
const after = (target: RefundableOrder, made: RefundPlan, shipping = false): RefundableOrder => ({
  ...target,
  earlier: [
    ...target.earlier,
    { lines: made.lines, shipping, amountCents: made.amountCents } satisfies EarlierRefund,
  ],
});

describe('refund amounts', () => {
  // Two lamps at 40.00 and a kettle at 19.99: items 99.99, shipping 25.00, tax 15.00 (14.9985).
  const lampsAndKettle = order([
    { id: 'lamp', price: 40, qty: 2 },
    { id: 'kettle', price: 19.99, qty: 1 },
  ]);

  it('gives back a line with its share of the tax, from the stored prices', () => {
    const one = plan(lampsAndKettle, { lines: [{ orderItem: 'lamp', qty: 1 }] });
    expect(one).toMatchObject({ itemsCents: 40_00, taxCents: 6_00, shippingCents: 0 });
    expect(one.amountCents).toBe(46_00);
  });

  it('adds up to exactly what was captured when every unit and the shipping go back, in any number of refunds', () => {
    let target = lampsAndKettle;
    const steps: RefundRequest[] = [
      { lines: [{ orderItem: 'kettle', qty: 1 }] },
      { lines: [{ orderItem: 'lamp', qty: 1 }] },
      { lines: [{ orderItem: 'lamp', qty: 1 }], shipping: true },
    ];
    let sum = 0;
    for (const step of steps) {
      const made = plan(target, step);
      sum += made.amountCents;
      target = after(target, made, step.shipping);
    }
    expect(sum).toBe(lampsAndKettle.totalCents);
    expect(refundableCents(target)).toBe(0);
    expect(planRefund(target, { goodwillCents: 1 })).toEqual({
      reason: 'over-captured',
      leftCents: 0,
    });
  });

  it('never gives back a cent more or less than the tax over 500 random orders returned line by line', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let n = 0; n < 500; n++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, i) => ({
        id: `line-${i}`,
        price: Math.round(random() * 20_000) / 100 + 0.01,
        qty: 1 + Math.floor(random() * 3),
      }));
      let target = order(lines);
      let tax = 0;
      for (const line of lines) {
        for (let unit = 0; unit < line.qty; unit++) {
          const made = plan(target, { lines: [{ orderItem: line.id, qty: 1 }] });
          tax += made.taxCents;
          target = after(target, made);
        }
      }
      expect(tax).toBe(order(lines).taxCents);
    }
  });

  it('refuses more units than are left, lines of other orders, and quantities that are not whole numbers above 0', () => {
    const once = after(
      lampsAndKettle,
      plan(lampsAndKettle, { lines: [{ orderItem: 'lamp', qty: 1 }] }),
    );
    expect(planRefund(once, { lines: [{ orderItem: 'lamp', qty: 2 }] })).toEqual({
      reason: 'too-many',
      orderItem: 'lamp',
      left: 1,
    });
    // The same line twice in one request counts as one line of both quantities.
    expect(
      planRefund(once, {
        lines: [
          { orderItem: 'lamp', qty: 1 },
          { orderItem: 'lamp', qty: 1 },
        ],
      }),
    ).toMatchObject({ reason: 'too-many' });
    for (const line of [
      { orderItem: 'toaster', qty: 1 },
      { orderItem: 'lamp', qty: 0 },
      { orderItem: 'lamp', qty: 0.5 },
      { orderItem: 'lamp', qty: -1 },
    ]) {
      expect(planRefund(lampsAndKettle, { lines: [line] })).toMatchObject({
        reason: 'unknown-line',
      });
    }
  });

  it('refunds the shipping once, and a goodwill amount within what is left', () => {
    const shipped = plan(lampsAndKettle, { shipping: true });
    expect(shipped.amountCents).toBe(25_00);
    expect(planRefund(after(lampsAndKettle, shipped, true), { shipping: true })).toEqual({
      reason: 'shipping-refunded',
    });
    expect(plan(lampsAndKettle, { goodwillCents: 5_00 }).amountCents).toBe(5_00);
    expect(planRefund(lampsAndKettle, { goodwillCents: lampsAndKettle.totalCents + 1 })).toEqual({
      reason: 'over-captured',
      leftCents: lampsAndKettle.totalCents,
    });
    expect(planRefund(lampsAndKettle, {})).toEqual({ reason: 'nothing' });
    expect(planRefund(lampsAndKettle, { goodwillCents: 0.5 })).toEqual({ reason: 'nothing' });
  });
});

describe('refund amounts of discounted lines', () => {
  // Items 99.99, 10 % off = 10.00 (9.999 rounded): the lamps' share 8.00, the kettle's 2.00
  // (largest remainder); shipping 25.00 (89.99 is below 100), tax 13.50 on 89.99, total 128.49.
  const discounted = order(
    [
      { id: 'lamp', price: 40, qty: 2 },
      { id: 'kettle', price: 19.99, qty: 1 },
    ],
    { kind: 'percentage', value: 10 },
  );

  it('gives back a unit at its price less its share of the line discount, with the tax of what was paid', () => {
    expect(discounted.lines.map((line) => line.discountCents)).toEqual([8_00, 2_00]);
    expect(discounted).toMatchObject({ taxCents: 13_50, totalCents: 128_49 });
    const one = plan(discounted, { lines: [{ orderItem: 'lamp', qty: 1 }] });
    // 40.00 less 4.00; tax 13.50 × 36.00 / 89.99 = 5.40.
    expect(one).toMatchObject({ itemsCents: 40_00, discountCents: 4_00, taxCents: 5_40 });
    expect(one.amountCents).toBe(41_40);
    const kettle = plan(discounted, { lines: [{ orderItem: 'kettle', qty: 1 }] });
    expect(kettle).toMatchObject({ itemsCents: 19_99, discountCents: 2_00, taxCents: 2_70 });
  });

  it('gives back what was paid, not the list price, for a line left out of the discount', () => {
    const target = order(
      [
        { id: 'lamp', price: 40, qty: 2 },
        { id: 'kettle', price: 19.99, qty: 1, eligible: false },
      ],
      { kind: 'fixed', value: 15 },
    );
    expect(target.lines.map((line) => line.discountCents)).toEqual([15_00, 0]);
    const kettle = plan(target, { lines: [{ orderItem: 'kettle', qty: 1 }] });
    expect(kettle).toMatchObject({ itemsCents: 19_99, discountCents: 0 });
    // Three units sharing 1 cent of discount: 1, 0, 0 once all are back, whatever the steps.
    const cent = order([{ id: 'pin', price: 0.34, qty: 3 }], { kind: 'fixed', value: 0.01 });
    const first = plan(cent, { lines: [{ orderItem: 'pin', qty: 1 }] });
    const rest = plan(after(cent, first), { lines: [{ orderItem: 'pin', qty: 2 }] });
    expect(first.discountCents + rest.discountCents).toBe(1);
  });

  it('adds up to exactly what was captured, each line to its price less its discount, over 500 random discounted orders refunded in random steps', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const pick = (n: number) => Math.floor(random() * n);
    for (let n = 0; n < 500; n++) {
      // At least 1.00 a unit and at most 90 % off, so that every unit is worth a refund.
      const lines = Array.from({ length: 1 + pick(4) }, (_, i) => ({
        id: `line-${i}`,
        price: Math.round(random() * 20_000) / 100 + 1,
        qty: 1 + pick(5),
        eligible: i === 0 || random() > 0.2,
      }));
      const eligibleCents = lines
        .filter((line) => line.eligible)
        .reduce((sum, line) => sum + toCents(line.price) * line.qty, 0);
      const discount: DiscountTerms =
        random() < 0.5
          ? { kind: 'percentage', value: (1 + pick(9_000)) / 100 }
          : { kind: 'fixed', value: (1 + pick(Math.floor(eligibleCents * 0.9))) / 100 };
      const whole = order(lines, discount);
      let target = whole;
      const left = new Map(lines.map((line) => [line.id, line.qty]));
      const back = new Map<string, number>();
      let tax = 0;
      let sum = 0;
      // Some units of one line at a time, the shipping with the last of them.
      while (left.size > 0) {
        const ids = [...left.keys()];
        const id = ids[pick(ids.length)]!;
        const qty = 1 + pick(left.get(id)!);
        if (qty === left.get(id)) left.delete(id);
        else left.set(id, left.get(id)! - qty);
        const shipping = left.size === 0;
        const made = plan(target, { lines: [{ orderItem: id, qty }], shipping });
        back.set(id, (back.get(id) ?? 0) + made.itemsCents - made.discountCents);
        tax += made.taxCents;
        sum += made.amountCents;
        target = after(target, made, shipping);
      }
      expect(sum).toBe(whole.totalCents);
      expect(tax).toBe(whole.taxCents);
      for (const line of whole.lines) {
        expect(back.get(line.id)).toBe(line.priceCents * line.qty - line.discountCents);
      }
    }
  });
});

describe('a fully refunded order', () => {
  const lampAndKettle = {
    totalPrice: 128.49,
    isPaid: true,
    isSent: false,
    isDelivered: false,
    isCancelled: false,
    orderItems: [
      { _id: 'lamp', qty: 2 },
      { _id: 'kettle', qty: 1 },
    ],
  };
  const refund = (
    amount: number,
    status: 'requested' | 'pending' | 'completed' | 'failed',
    lines: { orderItem: string; qty: number }[],
  ) => ({ amount, status, lines, createdAt: '2025-01-01T00:00:00Z', completedAt: null });

  it('is one whose every unit, or all that was captured, went back by refunds the provider accepted', () => {
    const allUnits = [
      refund(82.8, 'completed', [{ orderItem: 'lamp', qty: 2 }]),
      refund(20.69, 'pending', [{ orderItem: 'kettle', qty: 1 }]),
    ];
    expect(isFullyRefunded({ ...lampAndKettle, refunds: allUnits })).toBe(true);
    expect(isFullyRefunded({ ...lampAndKettle, refunds: [refund(128.49, 'completed', [])] })).toBe(
      true,
    );
  });

  it('is not one with a unit kept, or whose last refund is not accepted yet or was refused', () => {
    const lamps = refund(82.8, 'completed', [{ orderItem: 'lamp', qty: 2 }]);
    for (const last of ['requested', 'failed'] as const) {
      const refunds = [lamps, refund(20.69, last, [{ orderItem: 'kettle', qty: 1 }])];
      expect(isFullyRefunded({ ...lampAndKettle, refunds })).toBe(false);
    }
    expect(isFullyRefunded({ ...lampAndKettle, refunds: [lamps] })).toBe(false);
    expect(isFullyRefunded({ ...lampAndKettle, refunds: [] })).toBe(false);
  });
});

describe('units left after the sale', () => {
  const order = {
    orderItems: [
      { _id: 'lamp', qty: 3 },
      { _id: 'kettle', qty: 1 },
    ],
    refunds: [
      { status: 'completed', lines: [{ orderItem: 'lamp', qty: 1 }] },
      { status: 'failed', lines: [{ orderItem: 'kettle', qty: 1 }] },
    ],
    returns: [
      { status: 'requested', lines: [{ orderItem: 'lamp', qty: 1 }] },
      { status: 'declined', lines: [{ orderItem: 'kettle', qty: 1 }] },
    ],
  };

  it('counts refunds not failed for refunding, and open return requests too for returning', () => {
    expect(Object.fromEntries(refundableUnits(order))).toEqual({ lamp: 2, kettle: 1 });
    expect(Object.fromEntries(returnableUnits(order))).toEqual({ lamp: 1, kettle: 1 });
  });

  it('keeps for the buyer what refunds the provider accepted did not give back', () => {
    const refunded = {
      ...order,
      refunds: [
        ...order.refunds,
        { status: 'pending', lines: [{ orderItem: 'kettle', qty: 1 }] },
        // Asked of the provider but not accepted yet: the units still count as kept.
        { status: 'requested', lines: [{ orderItem: 'lamp', qty: 1 }] },
      ],
    };
    expect(Object.fromEntries(unitsKept(refunded))).toEqual({ lamp: 2, kettle: 0 });
  });
});

describe('the order as the refund rule reads it', () => {
  // Two lamps at 40.00 and a kettle at 19.99, code LAMP10 taking 8.00 off the lamps: items
  // 99.99, shipping 25.00, tax 13.80, total 130.79.
  const answer = {
    orderItems: [
      { _id: 'lamp', price: 40, qty: 2, discount: 8 },
      { _id: 'kettle', price: 19.99, qty: 1, discount: 0 },
    ],
    itemsPrice: 99.99,
    shippingPrice: 25,
    taxPrice: 13.8,
    totalPrice: 130.79,
    refunds: [
      {
        status: 'completed',
        lines: [{ orderItem: 'lamp', qty: 1 }],
        shipping: false,
        amount: 37.26,
      },
      { status: 'failed', lines: [{ orderItem: 'kettle', qty: 1 }], shipping: true, amount: 47.99 },
      { status: 'requested', lines: [], shipping: true, amount: 25 },
      { status: 'pending', lines: [], shipping: false, amount: 0.1 },
    ],
  };

  it('is in cents, with every refund but failed ones, in their order', () => {
    expect(refundableOrder(answer)).toEqual({
      lines: [
        { id: 'lamp', priceCents: 40_00, qty: 2, discountCents: 8_00, taxCents: null },
        { id: 'kettle', priceCents: 19_99, qty: 1, discountCents: 0, taxCents: null },
      ],
      itemsCents: 99_99,
      shippingCents: 25_00,
      taxCents: 13_80,
      shippingTaxCents: 0,
      pricesIncludeTax: false,
      totalCents: 130_79,
      earlier: [
        { lines: [{ orderItem: 'lamp', qty: 1 }], shipping: false, amountCents: 37_26 },
        { lines: [], shipping: true, amountCents: 25_00 },
        { lines: [], shipping: false, amountCents: 10 },
      ],
    } satisfies RefundableOrder);
  });

  it('reads stored numeric strings to the same cents as the answer numbers', () => {
    const stored = {
      orderItems: answer.orderItems.map((item) => ({
        ...item,
        price: item.price.toFixed(2),
        discount: item.discount.toFixed(2),
      })),
      itemsPrice: '99.99',
      shippingPrice: '25.00',
      taxPrice: '13.80',
      totalPrice: '130.79',
      refunds: answer.refunds.map((refund) => ({ ...refund, amount: refund.amount.toFixed(2) })),
    };
    expect(refundableOrder(stored)).toEqual(refundableOrder(answer));
  });

  it("reads the shipping's tax from the answer's shipping as from the stored row's column (issue #38)", () => {
    const taxed = { ...answer, shipping: { tax: 5 }, pricesIncludeTax: false };
    const row = { ...answer, shippingTax: '5.00' };
    expect(refundableOrder(taxed).shippingTaxCents).toBe(5_00);
    expect(refundableOrder(row).shippingTaxCents).toBe(5_00);
    expect(refundableOrder(answer).shippingTaxCents).toBe(0);
  });

  it('leaves out a failed refund: its lines and shipping can be refunded again', () => {
    const target = refundableOrder(answer);
    expect(refundableCents(target)).toBe(130_79 - 37_26 - 25_00 - 10);
    expect(planRefund(target, { lines: [{ orderItem: 'kettle', qty: 1 }] })).toMatchObject({
      lines: [{ orderItem: 'kettle', qty: 1 }],
    });
    expect(planRefund(target, { shipping: true })).toEqual({ reason: 'shipping-refunded' });
  });
});
