import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { cartPersistence } from '../features/cart/cart-persistence.ts';
import { cartSlice } from '../features/cart/cart-slice.ts';
import { apiSlice } from '../lib/api-slice.ts';
import { notificationsSlice } from '../lib/notifications-slice.ts';

const rootReducer = combineSlices(apiSlice, cartSlice, notificationsSlice);

export const store = configureStore({
  reducer: rootReducer,
  middleware: (getDefaultMiddleware) =>
    getDefaultMiddleware().prepend(cartPersistence.middleware).concat(apiSlice.middleware),
});
