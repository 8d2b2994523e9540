import { describe, expect, it } from 'vitest';
import { basisPointsFromPercent, percentText } from './tax-rate-percent.ts';

describe('percentText', () => {
  it('writes basis points as a percentage without trailing zeros', () => {
    expect(percentText(2000)).toBe('20');
    expect(percentText(1500)).toBe('15');
    expect(percentText(750)).toBe('7.5');
    expect(percentText(715)).toBe('7.15');
    expect(percentText(5)).toBe('0.05');
    expect(percentText(0)).toBe('0');
    expect(percentText(10_000)).toBe('100');
  });
});

describe('basisPointsFromPercent', () => {
  it('reads a typed percentage exactly, with a dot or a comma', () => {
    expect(basisPointsFromPercent('20')).toBe(2000);
    expect(basisPointsFromPercent(' 7.5 ')).toBe(750);
    expect(basisPointsFromPercent('7,5')).toBe(750);
    // 19.99 * 100 is 1998.9999999999998 as floats; by digits it is exact.
    expect(basisPointsFromPercent('19.99')).toBe(1999);
    expect(basisPointsFromPercent('7.15')).toBe(715);
    expect(basisPointsFromPercent('0.01')).toBe(1);
    expect(basisPointsFromPercent('0')).toBe(0);
    expect(basisPointsFromPercent('19.')).toBe(1900);
  });

  it('refuses what is no percentage with at most 2 decimals', () => {
    for (const text of ['', ' ', 'abc', '-5', '+5', '7.155', '1e3', '5 %', '.5']) {
      expect(basisPointsFromPercent(text), text).toBeUndefined();
    }
  });

  it('gives back what percentText wrote', () => {
    for (const basisPoints of [0, 1, 10, 99, 100, 715, 750, 1999, 2000, 10_000]) {
      expect(basisPointsFromPercent(percentText(basisPoints))).toBe(basisPoints);
    }
  });
});
