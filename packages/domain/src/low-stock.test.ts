import { describe, expect, it } from 'vitest';
import { becameLowStock, isLowStock } from './low-stock.ts';

describe('low stock', () => {
  it('is at or below the threshold', () => {
    expect(isLowStock(5, 5)).toBe(true);
    expect(isLowStock(6, 5)).toBe(false);
    expect(isLowStock(0, 0)).toBe(true);
  });

  it('is reached once: by the sale that crosses the threshold, not by those below it', () => {
    expect(becameLowStock(7, 5, 5)).toBe(true);
    expect(becameLowStock(6, 0, 5)).toBe(true);
    expect(becameLowStock(5, 4, 5)).toBe(false);
    expect(becameLowStock(9, 6, 5)).toBe(false);
  });
});
