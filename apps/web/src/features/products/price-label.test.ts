import { describe, expect, it } from 'vitest';
import { priceLabel } from './price-label.ts';

describe('priceLabel', () => {
  it('says the one price of a product whose variants cost the same', () => {
    expect(priceLabel({ minPrice: 19.99, maxPrice: 19.99 }, 'USD')).toBe('$19.99');
  });

  it('says "From" the lowest price when the variants cost different amounts', () => {
    expect(priceLabel({ minPrice: 19.99, maxPrice: 24.5 }, 'USD')).toBe('From $19.99');
  });
});
