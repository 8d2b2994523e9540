import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { removeStored, writeStored } from '../../lib/browser-storage.ts';
import {
  addItem,
  applyDiscountCode,
  CART_ITEMS_KEY,
  DISCOUNT_CODE_KEY,
  PAYMENT_METHOD_KEY,
  removeDiscountCode,
  removeItem,
  reset,
  saveShippingAddress,
  savePaymentMethod,
  selectCart,
  SHIPPING_KEY,
  type CartState,
} from '../../state/cart-slice.ts';

/** Writes the cart to browser storage after every change, so it survives a reload. */
export const cartPersistence = createListenerMiddleware();

cartPersistence.startListening.withTypes<{ cart: CartState }>()({
  matcher: isAnyOf(
    addItem,
    removeItem,
    reset,
    saveShippingAddress,
    savePaymentMethod,
    applyDiscountCode,
    removeDiscountCode,
  ),
  effect: (_action, api) => {
    const { cartItems, shippingAddress, paymentMethod, discountCode } = selectCart(api.getState());
    writeStored(CART_ITEMS_KEY, cartItems);
    if (shippingAddress) writeStored(SHIPPING_KEY, shippingAddress);
    else removeStored(SHIPPING_KEY);
    writeStored(PAYMENT_METHOD_KEY, paymentMethod);
    if (discountCode) writeStored(DISCOUNT_CODE_KEY, discountCode);
    else removeStored(DISCOUNT_CODE_KEY);
  },
});
