import { describe, expect, it } from 'vitest';
import { MAX_LINE_QTY } from '@proshop/domain/order-limits';
import { quantityOptions } from './quantity-options.ts';

describe('quantityOptions', () => {
  it('runs from 1 to the stock count', () => {
    expect(quantityOptions(3)).toEqual([1, 2, 3]);
    expect(quantityOptions(0)).toEqual([]);
    expect(quantityOptions(250)).toHaveLength(250);
  });

  it('stops at the most one order line may hold', () => {
    expect(quantityOptions(MAX_LINE_QTY + 5)).toHaveLength(MAX_LINE_QTY);
  });

  it('keeps a chosen quantity selectable after the stock dropped below it', () => {
    expect(quantityOptions(2, 4)).toEqual([1, 2, 3, 4]);
  });
});
