import { describe, expect, it } from 'vitest';
import { ESTIMATED_DELIVERY_DAYS, estimatedDeliveryDate } from './delivery-estimate.ts';

describe('estimated delivery date', () => {
  it(`is ${ESTIMATED_DELIVERY_DAYS} days after the order was sent, as a UTC date`, () => {
    expect(ESTIMATED_DELIVERY_DAYS).toBe(5);
    expect(estimatedDeliveryDate('2026-11-23T09:15:00.000Z')).toBe('2026-11-28');
  });

  it('crosses month and year ends', () => {
    expect(estimatedDeliveryDate('2026-12-29T23:59:59.000Z')).toBe('2027-01-03');
  });

  it('refuses a value that is not a timestamp', () => {
    expect(() => estimatedDeliveryDate('soon')).toThrow(RangeError);
  });
});
