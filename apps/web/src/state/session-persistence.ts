import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { apiSlice } from './api-slice.ts';
import { removeStored, writeStored } from '../lib/browser-storage.ts';
import { showNotification } from './notifications-slice.ts';
import {
  loggedOut,
  sessionEnded,
  sessionSlice,
  signedIn,
  USER_INFO_KEY,
  type SessionState,
} from './session-slice.ts';

/**
 * Keeps the session in browser storage and cleans up when it ends. The cart slice empties itself
 * on Logout (the account keeps it, decision 0026); a session that expired keeps the cart, which
 * the next sign-in of another account drops (features/cart/cart-sync.ts).
 */
export const sessionPersistence = createListenerMiddleware();

const startListening = sessionPersistence.startListening.withTypes<{ auth: SessionState }>();

startListening({
  actionCreator: signedIn,
  effect: (_action, api) => {
    writeStored(USER_INFO_KEY, sessionSlice.selectors.selectUserInfo(api.getState()));
  },
});

startListening({
  matcher: isAnyOf(loggedOut, sessionEnded),
  effect: (action, api) => {
    removeStored(USER_INFO_KEY);
    // Every cached answer may belong to the user who left (profile, my orders, user list).
    api.dispatch(apiSlice.util.resetApiState());
    if (loggedOut.match(action)) api.dispatch(showNotification('logout'));
  },
});
