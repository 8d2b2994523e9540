import { describe, expect, it } from 'vitest';
import { centsToDecimalString, fromCents, hasAtMostTwoDecimals, toCents } from './money.ts';

describe('money', () => {
  it('converts between dollars and cents without float drift', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents('0.29')).toBe(29);
    expect(toCents(1.005 * 1000)).toBe(100500);
    expect(fromCents(1999)).toBe(19.99);
  });

  it('writes decimal strings the way PayPal and the database expect', () => {
    expect(centsToDecimalString(1250)).toBe('12.50');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(0)).toBe('0.00');
    expect(centsToDecimalString(-125)).toBe('-1.25');
  });

  it('refuses what is not an amount', () => {
    expect(() => toCents('abc')).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('tells whether an amount has at most 2 decimals', () => {
    expect(hasAtMostTwoDecimals(19.99)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(19.999)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
  });
});
