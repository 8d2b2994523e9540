import { describe, expect, it } from 'vitest';
import { MAX_SELECTABLE_QTY, quantityOptions } from './quantity-options.ts';

describe('quantityOptions', () => {
  it('runs from 1 to the stock count', () => {
    expect(quantityOptions(3)).toEqual([1, 2, 3]);
    expect(quantityOptions(0)).toEqual([]);
  });

  it('stops at the cap for a large stock', () => {
    expect(quantityOptions(5000)).toHaveLength(MAX_SELECTABLE_QTY);
  });

  it('keeps a chosen quantity selectable after the stock dropped below it', () => {
    expect(quantityOptions(2, 4)).toEqual([1, 2, 3, 4]);
  });
});
