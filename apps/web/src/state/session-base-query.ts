import type { BaseQueryFn, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { sessionEnded, type SessionState } from './session-slice.ts';

/** The part of the store the API client reads: the session keeps the token there. */
interface StateWithSession {
  auth?: SessionState;
}

export function sessionToken(state: unknown): string | undefined {
  return (state as StateWithSession).auth?.userInfo?.token;
}

/**
 * Wraps the API client's base query: a 401 to a call that carried the token means it expired or
 * was revoked (a password change elsewhere), and the session ends. Only when that token is still
 * the current one, so a late answer to a call made before a fresh sign-in does not end the new
 * session.
 */
export function endSessionOnUnauthorized<Args, Result, ExtraOptions, Meta>(
  baseQuery: BaseQueryFn<Args, Result, FetchBaseQueryError, ExtraOptions, Meta>,
): BaseQueryFn<Args, Result, FetchBaseQueryError, ExtraOptions, Meta> {
  return async (args, api, extraOptions) => {
    const sentToken = sessionToken(api.getState());
    const result = await baseQuery(args, api, extraOptions);
    if (
      result.error?.status === 401 &&
      sentToken !== undefined &&
      sessionToken(api.getState()) === sentToken
    ) {
      api.dispatch(sessionEnded());
    }
    return result;
  };
}
