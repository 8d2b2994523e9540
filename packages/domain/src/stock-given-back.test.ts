import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stockToGiveBack, unitsHeld, type LineStock } from './stock-given-back.ts';

describe('stock given back for a line', () => {
  it('is what was asked for, up to the units sold less the units already restocked', () => {
    expect(stockToGiveBack({ taken: 3, givenBack: 0 }, 1)).toBe(1);
    expect(stockToGiveBack({ taken: 3, givenBack: 1 }, 3)).toBe(2);
    expect(stockToGiveBack({ taken: 3, givenBack: 3 }, 3)).toBe(0);
    expect(stockToGiveBack({ taken: 0, givenBack: 0 }, 2)).toBe(0);
    expect(stockToGiveBack({ taken: 3, givenBack: 0 }, 0)).toBe(0);
    expect(stockToGiveBack({ taken: 3, givenBack: 0 }, -2)).toBe(0);
  });

  it('counts every payment attempt that took the line: a released one and the next one', () => {
    // Taken by a capture that did not pay, given back, then taken again by the one that paid.
    expect(unitsHeld({ taken: 6, givenBack: 3 })).toBe(3);
    expect(stockToGiveBack({ taken: 6, givenBack: 3 }, 3)).toBe(3);
  });

  // The three chargebacks of issue #35: each gave back the line's whole quantity.
  it.each([
    ['one unit refunded with restock', [1], 2],
    ['every unit refunded with restock', [3], 0],
    ['one unit returned, then one more refunded', [1, 1], 1],
  ])('a chargeback after %s gives back only what is still sold', (_, restocks, expected) => {
    const line: LineStock = { taken: 3, givenBack: 0 };
    for (const qty of restocks) line.givenBack += stockToGiveBack(line, qty);
    expect(stockToGiveBack(line, 3)).toBe(expected);
  });
});

/**
 * What happens after a sale, in the order the shop's paths may see it, each asking for the units
 * the server asks for: a refund or an accepted return its lines (with restock or not), a
 * cancellation every unit not yet refunded, PayPal's reversal or denial every unit of the order,
 * whatever happened before (and even after a cancellation, as a late or repeated event would).
 */
type Step =
  | { kind: 'refund'; line: number; qty: number; restock: boolean }
  | { kind: 'return'; line: number; qty: number }
  | { kind: 'cancel' }
  | { kind: 'reversal' };

const stepOf = (lines: number): fc.Arbitrary<Step> =>
  fc.oneof(
    fc.record({
      kind: fc.constant('refund' as const),
      line: fc.nat(lines - 1),
      qty: fc.integer({ min: 1, max: 6 }),
      restock: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('return' as const),
      line: fc.nat(lines - 1),
      qty: fc.integer({ min: 1, max: 6 }),
    }),
    fc.constant({ kind: 'cancel' as const }),
    fc.constant({ kind: 'reversal' as const }),
  );

const scenario = fc
  .array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 })
  .chain((quantities) =>
    fc.record({
      quantities: fc.constant(quantities),
      steps: fc.array(stepOf(quantities.length), { maxLength: 12 }),
    }),
  );

describe('stock given back over random sequences of refunds, returns, cancels and reversals', () => {
  it('never exceeds the units sold, per line and for the variant', () => {
    fc.assert(
      fc.property(scenario, ({ quantities, steps }) => {
        const initial = 10;
        const lines: LineStock[] = quantities.map((qty) => ({ taken: qty, givenBack: 0 }));
        const refunded = quantities.map(() => 0);
        // Each line's variant, after the sale took the line's units.
        const stock = quantities.map((qty) => initial - qty);
        const giveBack = (index: number, wanted: number) => {
          const line = lines[index]!;
          const back = stockToGiveBack(line, wanted);
          line.givenBack += back;
          stock[index]! += back;
        };
        let cancelled = false;
        for (const step of steps) {
          if (step.kind === 'refund' || step.kind === 'return') {
            // A refund takes at most the units not yet refunded (the refund rule's ceiling).
            const qty = Math.min(step.qty, quantities[step.line]! - refunded[step.line]!);
            if (qty === 0) continue;
            refunded[step.line]! += qty;
            if (step.kind === 'return' || step.restock) giveBack(step.line, qty);
          } else if (step.kind === 'cancel') {
            if (cancelled) continue;
            cancelled = true;
            // Refunds every unit not yet refunded, those going back into stock.
            quantities.forEach((qty, index) => {
              giveBack(index, qty - refunded[index]!);
              refunded[index] = qty;
            });
          } else {
            quantities.forEach((qty, index) => giveBack(index, qty));
            cancelled = true;
          }
          for (const line of lines) {
            expect(line.givenBack).toBeLessThanOrEqual(line.taken);
            expect(line.givenBack).toBeGreaterThanOrEqual(0);
          }
          const sold = quantities.reduce((sum, qty) => sum + qty, 0);
          const givenBack = lines.reduce((sum, line) => sum + line.givenBack, 0);
          expect(givenBack).toBeLessThanOrEqual(sold);
          // No variant is ever above what it had before the sale.
          for (const units of stock) expect(units).toBeLessThanOrEqual(initial);
        }
      }),
      { numRuns: 300 },
    );
  });
});
