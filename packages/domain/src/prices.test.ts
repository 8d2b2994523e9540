import { describe, expect, it } from 'vitest';
import { computeOrderPrices } from './prices.ts';

describe('computeOrderPrices', () => {
  it('charges $25 shipping up to $100 of items and 15 % tax', () => {
    expect(computeOrderPrices([{ price: 89.99, qty: 1 }])).toEqual({
      itemsPrice: 89.99,
      shippingPrice: 25,
      taxPrice: 13.5,
      totalPrice: 128.49,
    });
  });

  it('ships free only when the items price is above $100, not at exactly $100', () => {
    expect(computeOrderPrices([{ price: 100, qty: 1 }]).shippingPrice).toBe(25);
    expect(computeOrderPrices([{ price: 100.01, qty: 1 }]).shippingPrice).toBe(0);
  });

  it('adds cents exactly where binary floats would drift', () => {
    const prices = computeOrderPrices([
      { price: 0.1, qty: 3 },
      { price: 0.2, qty: 1 },
    ]);
    expect(prices.itemsPrice).toBe(0.5);
    expect(prices.taxPrice).toBe(0.08); // 7.5 cents rounds half up
    expect(prices.totalPrice).toBe(25.58);
  });

  it('multiplies by quantity and rounds the tax to cents', () => {
    expect(computeOrderPrices([{ price: 19.99, qty: 7 }])).toEqual({
      itemsPrice: 139.93,
      shippingPrice: 0,
      taxPrice: 20.99,
      totalPrice: 160.92,
    });
  });

  it('prices an empty list as shipping only', () => {
    expect(computeOrderPrices([])).toEqual({
      itemsPrice: 0,
      shippingPrice: 25,
      taxPrice: 0,
      totalPrice: 25,
    });
  });
});
