import { describe, expect, it } from 'vitest';
import {
  centsToDecimalString,
  formatMoney,
  fromCents,
  hasAtMostTwoDecimals,
  lineTotal,
  toCents,
  typedAmountCents,
} from './money.ts';

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

  it('shows US dollars with $, thousands separators and 2 decimals', () => {
    expect(formatMoney(1990, 'USD')).toBe('$19.90');
    expect(formatMoney(123450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
  });

  it('shows other currencies with their own sign and still 2 decimals', () => {
    expect(formatMoney(1990, 'EUR')).toBe('€19.90');
    expect(formatMoney(123450, 'GBP')).toBe('£1,234.50');
    expect(formatMoney(1990, 'CHF')).toBe('CHF\u00a019.90');
  });

  it('drops zero cents only when asked, and only for whole amounts', () => {
    expect(formatMoney(10000, 'USD', { trimZeroCents: true })).toBe('$100');
    expect(formatMoney(10050, 'USD', { trimZeroCents: true })).toBe('$100.50');
    expect(formatMoney(10000, 'EUR', { trimZeroCents: true })).toBe('€100');
    expect(formatMoney(10000, 'USD')).toBe('$100.00');
  });

  it('refuses an amount that is not whole cents', () => {
    expect(() => formatMoney(19.9, 'USD')).toThrow(RangeError);
  });

  it('multiplies a line in whole cents, where the float product drifts', () => {
    expect(0.29 * 3).not.toBe(0.87);
    expect(lineTotal(toCents(0.29), 3)).toBe(87);
    expect(lineTotal(1999, 7)).toBe(13993);
    expect(lineTotal(1999, 0)).toBe(0);
    expect(() => lineTotal(19.99, 7)).toThrow(RangeError);
    expect(() => lineTotal(1999, 1.5)).toThrow(RangeError);
  });

  it('reads a typed amount as cents, and tells what is no amount instead of throwing', () => {
    expect(typedAmountCents('')).toBe(0);
    expect(typedAmountCents(' 12.5 ')).toBe(1250);
    expect(typedAmountCents('0.29')).toBe(29);
    expect(typedAmountCents('abc')).toBeUndefined();
    expect(typedAmountCents('-1')).toBeUndefined();
    expect(typedAmountCents('1.005')).toBeUndefined();
    expect(typedAmountCents('Infinity')).toBeUndefined();
  });
});
