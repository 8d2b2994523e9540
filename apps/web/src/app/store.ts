import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { cartPersistence } from '../features/cart/cart-persistence.ts';
import { cartSlice } from '../lib/cart-slice.ts';
import { apiSlice } from '../lib/api-slice.ts';
import { notificationsSlice } from '../lib/notifications-slice.ts';
import { sessionPersistence } from '../lib/session-persistence.ts';
import { sessionSlice } from '../lib/session-slice.ts';

const rootReducer = combineSlices(apiSlice, cartSlice, notificationsSlice, sessionSlice);

export const store = configureStore({
  reducer: rootReducer,
  middleware: (getDefaultMiddleware) =>
    getDefaultMiddleware()
      .prepend(cartPersistence.middleware, sessionPersistence.middleware)
      .concat(apiSlice.middleware),
});
