import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ShippingAddress } from '@proshop/domain/order-schemas';
import { DEFAULT_PAYMENT_METHOD } from '@proshop/domain/payment-methods';
import type { Product } from '@proshop/domain/product-schemas';
import { readStored } from '../lib/browser-storage.ts';
import {
  arrayOf,
  finiteNumber,
  integer,
  nonEmptyText,
  objectOf,
  text,
} from '../lib/stored-shape.ts';

export const CART_ITEMS_KEY = 'cartItems';
export const SHIPPING_KEY = 'shipping';
export const PAYMENT_METHOD_KEY = 'paymentMethod';

/** A cart line copies what the cart shows of the product, so the cart needs no product call. */
export type CartItem = Pick<Product, 'name' | 'image' | 'price' | 'countInStock'> & {
  product: string;
  qty: number;
};

// Hand-written checks rather than the domain's schemas: stored values are checked on the first
// load, where zod would add some 15 to 20 KB (compressed) to the start-up script (see
// stored-shape.ts). The type parameters keep each check in step with its type.
const storedCartItem = objectOf<CartItem>({
  product: nonEmptyText,
  name: text,
  image: text,
  price: finiteNumber,
  countInStock: integer(),
  qty: integer(1),
});

const storedShippingAddress = objectOf<ShippingAddress>({
  address: text,
  city: text,
  postalCode: text,
  country: text,
});

export interface CartState {
  cartItems: CartItem[];
  shippingAddress: ShippingAddress | null;
  paymentMethod: string;
}

function loadCart(): CartState {
  return {
    cartItems: readStored(CART_ITEMS_KEY, arrayOf(storedCartItem)) ?? [],
    shippingAddress: readStored(SHIPPING_KEY, storedShippingAddress) ?? null,
    paymentMethod: readStored(PAYMENT_METHOD_KEY, nonEmptyText) ?? DEFAULT_PAYMENT_METHOD,
  };
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: loadCart,
  reducers: {
    /** Adds a line, or replaces the line of the same product (new quantity, fresh price). */
    addItem(state, action: PayloadAction<CartItem>) {
      const index = state.cartItems.findIndex((item) => item.product === action.payload.product);
      if (index === -1) state.cartItems.push(action.payload);
      else state.cartItems[index] = action.payload;
    },
    removeItem(state, action: PayloadAction<string>) {
      state.cartItems = state.cartItems.filter((item) => item.product !== action.payload);
    },
    reset(state) {
      state.cartItems = [];
    },
    saveShippingAddress(state, action: PayloadAction<ShippingAddress>) {
      state.shippingAddress = action.payload;
    },
    savePaymentMethod(state, action: PayloadAction<string>) {
      state.paymentMethod = action.payload;
    },
  },
  selectors: {
    selectCart: (state) => state,
    // Two counts: the header badge counts distinct products; the subtotal
    // and the checkout button count units (every line's quantity).
    selectDistinctItemCount: (state) => state.cartItems.length,
    selectUnitCount: (state) => state.cartItems.reduce((sum, item) => sum + item.qty, 0),
  },
});

export const { addItem, removeItem, reset, saveShippingAddress, savePaymentMethod } =
  cartSlice.actions;
export const { selectCart, selectDistinctItemCount, selectUnitCount } = cartSlice.selectors;
