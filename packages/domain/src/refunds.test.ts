import { describe, expect, it } from 'vitest';
import { computeOrderPrices } from './prices.ts';
import { toCents } from './money.ts';
import {
  isRefundRefusal,
  planRefund,
  refundableCents,
  refundableUnits,
  returnableUnits,
  type EarlierRefund,
  type RefundPlan,
  type RefundRequest,
  type RefundableOrder,
} from './refunds.ts';

/** An order as the shop stores it: lines at these prices, totals by the shop's price rule. */
function order(lines: { id: string; price: number; qty: number }[]): RefundableOrder {
  const prices = computeOrderPrices(lines);
  return {
    lines: lines.map(({ id, price, qty }) => ({ id, priceCents: toCents(price), qty })),
    itemsCents: toCents(prices.itemsPrice),
    shippingCents: toCents(prices.shippingPrice),
    taxCents: toCents(prices.taxPrice),
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
});
