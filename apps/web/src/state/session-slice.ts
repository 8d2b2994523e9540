import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserInfo } from '@proshop/domain/user-schemas';
import { readStored } from '../lib/browser-storage.ts';
import { boolean, nonEmptyText, objectOf, optional, text } from '../lib/stored-shape.ts';

export const USER_INFO_KEY = 'userInfo';

/** What the login page says to a shopper whose token expired or was revoked. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

// A hand-written check rather than the domain's userInfoSchema: the session is read on the first
// load, where zod would weigh on the start-up script (see stored-shape.ts). The type parameter
// keeps the two in step.
const storedUserInfo = objectOf<StoredSession>({
  _id: nonEmptyText,
  name: text,
  email: text,
  isAdmin: boolean,
  emailVerified: optional(boolean),
  pendingEmail: optional(text),
  token: nonEmptyText,
});

/**
 * The session as the browser keeps it: sessions stored before e-mail confirmation existed have
 * no `emailVerified`; screens that need it read the profile (EmailConfirmationBanner).
 */
export type StoredSession = Omit<UserInfo, 'emailVerified'> & { emailVerified?: boolean };

export interface SessionState {
  userInfo: StoredSession | null;
  /** Set when the server refused the token; the login page shows it until the next sign-in. */
  endedMessage: string | null;
  /** Counts ended sessions, so the app sends the shopper to /login once per ending. */
  endedCount: number;
}

function loadSession(): SessionState {
  return {
    userInfo: readStored(USER_INFO_KEY, storedUserInfo) ?? null,
    endedMessage: null,
    endedCount: 0,
  };
}

/** The signed-in user, kept under `auth` where the API client reads the token. */
export const sessionSlice = createSlice({
  name: 'auth',
  initialState: loadSession,
  reducers: {
    /** After login, register or a profile update: the answer carries a fresh token. */
    signedIn(state, action: PayloadAction<UserInfo>) {
      state.userInfo = action.payload;
      state.endedMessage = null;
    },
    loggedOut(state) {
      state.userInfo = null;
      state.endedMessage = null;
    },
    /** The server answered 401 to the token in use: expired, or revoked by a password change. */
    sessionEnded(state) {
      state.userInfo = null;
      state.endedMessage = SESSION_ENDED_MESSAGE;
      state.endedCount += 1;
    },
  },
  selectors: {
    selectUserInfo: (state) => state.userInfo,
    selectSessionEndedMessage: (state) => state.endedMessage,
    selectSessionEndedCount: (state) => state.endedCount,
  },
});

export const { signedIn, loggedOut, sessionEnded } = sessionSlice.actions;
export const { selectUserInfo, selectSessionEndedMessage, selectSessionEndedCount } =
  sessionSlice.selectors;
