import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { cartPersistence } from '../features/cart/cart-persistence.ts';
import { cartSync } from '../features/cart/cart-sync.ts';
import { cartLoadRequested, cartSlice } from '../state/cart-slice.ts';
import { apiSlice } from '../state/api-slice.ts';
import { notificationsSlice } from '../state/notifications-slice.ts';
import { sessionPersistence } from '../state/session-persistence.ts';
import { sessionSlice } from '../state/session-slice.ts';

const rootReducer = combineSlices(apiSlice, cartSlice, notificationsSlice, sessionSlice);

export const store = configureStore({
  reducer: rootReducer,
  middleware: (getDefaultMiddleware) =>
    getDefaultMiddleware()
      .prepend(cartPersistence.middleware, sessionPersistence.middleware)
      .concat(apiSlice.middleware, cartSync.middleware),
});

// A signed-in shopper's cart is brought up to date with their account's (docs/decisions/0026).
store.dispatch(cartLoadRequested());
