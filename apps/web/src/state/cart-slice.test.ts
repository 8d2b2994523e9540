import { describe, expect, it } from 'vitest';
import {
  selectDistinctItemCount,
  selectUnitCount,
  type CartItem,
  type CartState,
} from './cart-slice.ts';

const line = (product: string, qty: number): CartItem => ({
  product,
  name: `Product ${product}`,
  image: '/images/sample.jpg',
  price: 19.99,
  countInStock: 10,
  qty,
});

const withCart = (cartItems: CartItem[]): { cart: CartState } => ({
  cart: { cartItems, shippingAddress: null, paymentMethod: 'PayPal' },
});

describe('cart counts', () => {
  it('counts distinct products for the badge and units for the subtotal', () => {
    const state = withCart([line('a', 3), line('b', 1)]);
    expect(selectDistinctItemCount(state)).toBe(2);
    expect(selectUnitCount(state)).toBe(4);
  });

  it('counts nothing in an empty cart', () => {
    expect(selectDistinctItemCount(withCart([]))).toBe(0);
    expect(selectUnitCount(withCart([]))).toBe(0);
  });
});
