import { describe, expect, it } from 'vitest';
import { orderLabel, typedOrderNumber } from './order-number.ts';

describe('orderLabel', () => {
  it('is the number after a #', () => {
    expect(orderLabel(1001)).toBe('#1001');
  });
});

describe('typedOrderNumber', () => {
  it('reads the number with or without its #', () => {
    expect(typedOrderNumber('1001')).toBe(1001);
    expect(typedOrderNumber('#1001')).toBe(1001);
    expect(typedOrderNumber(' # 1001 ')).toBe(1001);
  });

  it('is undefined for anything else, and for numbers no order can have', () => {
    expect(typedOrderNumber('10a1')).toBeUndefined();
    expect(typedOrderNumber('lamp')).toBeUndefined();
    expect(typedOrderNumber('')).toBeUndefined();
    expect(typedOrderNumber('#')).toBeUndefined();
    expect(typedOrderNumber('0')).toBeUndefined();
    expect(typedOrderNumber('9999999999')).toBeUndefined();
  });
});
