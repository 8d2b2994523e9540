import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { removeStored, writeStored } from '../../lib/browser-storage.ts';
import {
  addItem,
  applyDiscountCode,
  CART_ITEMS_KEY,
  CART_SYNC_KEY,
  foreignCartDropped,
  DISCOUNT_CODE_KEY,
  GUEST_KEY,
  PAYMENT_METHOD_KEY,
  removeDiscountCode,
  removeItem,
  reset,
  saveGuest,
  saveShippingAddress,
  saveShippingMethod,
  savePaymentMethod,
  selectCart,
  serverCartLoaded,
  serverCartVersion,
  SHIPPING_KEY,
  SHIPPING_METHOD_KEY,
  type CartState,
} from '../../state/cart-slice.ts';
import { loggedOut, signedIn } from '../../state/session-slice.ts';

/** Writes the cart to browser storage after every change, so it survives a reload. */
export const cartPersistence = createListenerMiddleware();

/** The shopper's own changes: every key is written, as before the account kept the cart. */
const shopperChange = isAnyOf(
  addItem,
  removeItem,
  reset,
  saveGuest,
  saveShippingAddress,
  saveShippingMethod,
  savePaymentMethod,
  applyDiscountCode,
  removeDiscountCode,
);

/** Writes the value, or removes the key for none. */
function store(key: string, value: unknown): void {
  if (value === null) removeStored(key);
  else writeStored(key, value);
}

cartPersistence.startListening.withTypes<{ cart: CartState }>()({
  matcher: isAnyOf(
    shopperChange,
    serverCartLoaded,
    serverCartVersion,
    foreignCartDropped,
    loggedOut,
    saveGuest,
    signedIn,
  ),
  effect: (action, api) => {
    // The account's answers and sign-out write only what they changed (the account's answer
    // often brings the same lines back).
    const all = shopperChange(action);
    const before = selectCart(api.getOriginalState());
    const now = selectCart(api.getState());
    if (all || now.cartItems !== before.cartItems) writeStored(CART_ITEMS_KEY, now.cartItems);
    if (all || now.shippingAddress !== before.shippingAddress) {
      store(SHIPPING_KEY, now.shippingAddress);
    }
    if (all || now.shippingMethod !== before.shippingMethod) {
      store(SHIPPING_METHOD_KEY, now.shippingMethod);
    }
    if (all || now.paymentMethod !== before.paymentMethod) {
      writeStored(PAYMENT_METHOD_KEY, now.paymentMethod);
    }
    if (all || now.discountCode !== before.discountCode) store(DISCOUNT_CODE_KEY, now.discountCode);
    if (now.sync !== before.sync) store(CART_SYNC_KEY, now.sync);
    if (now.guest !== before.guest) store(GUEST_KEY, now.guest);
  },
});
