import { describe, expect, it } from 'vitest';
import { cartCountLabel, countLabel, reviewCountLabel } from './plural.ts';

describe('countLabel', () => {
  it('says one for 1 and the plural for every other count, 0 included', () => {
    expect(reviewCountLabel(1)).toBe('1 review');
    expect(reviewCountLabel(0)).toBe('0 reviews');
    expect(reviewCountLabel(2)).toBe('2 reviews');
    expect(cartCountLabel(1)).toBe('1 item');
    expect(cartCountLabel(3)).toBe('3 items');
  });

  it('groups thousands and takes an irregular plural', () => {
    expect(countLabel(1299, 'product')).toBe('1,299 products');
    expect(countLabel(2, 'category', 'categories')).toBe('2 categories');
  });
});
