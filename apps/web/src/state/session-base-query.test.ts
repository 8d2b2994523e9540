import { configureStore } from '@reduxjs/toolkit';
import type { BaseQueryApi, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { UserInfo } from '@proshop/domain/user-schemas';
import { describe, expect, it } from 'vitest';
import { endSessionOnUnauthorized } from './session-base-query.ts';
import { SESSION_ENDED_MESSAGE, sessionSlice, signedIn } from './session-slice.ts';

function user(token: string): UserInfo {
  return {
    _id: 'u1',
    name: 'Jane',
    email: 'jane@example.com',
    isAdmin: false,
    emailVerified: true,
    token,
  };
}

function storeSignedInAs(token: string | null) {
  const store = configureStore({ reducer: { auth: sessionSlice.reducer } });
  if (token) store.dispatch(signedIn(user(token)));
  return store;
}

type Store = ReturnType<typeof storeSignedInAs>;
type Answer =
  { data: unknown; error?: undefined } | { error: FetchBaseQueryError; data?: undefined };

function apiOf(store: Store): BaseQueryApi {
  return {
    getState: () => store.getState(),
    dispatch: store.dispatch,
    signal: new AbortController().signal,
    abort: () => {},
    extra: undefined,
    endpoint: 'getProfile',
    type: 'query',
  };
}

/** A base query that answers `answer`, after `duringCall` has changed the store. */
function answering(answer: Answer, duringCall: () => void = () => {}) {
  return endSessionOnUnauthorized(async () => {
    duringCall();
    return answer;
  });
}

const unauthorized: Answer = { error: { status: 401, data: { message: 'Please sign in again' } } };

describe('endSessionOnUnauthorized', () => {
  it('ends the session when the token sent is refused', async () => {
    const store = storeSignedInAs('token-1');
    await answering(unauthorized)('/api/users/profile', apiOf(store), {});
    expect(store.getState().auth.userInfo).toBeNull();
    expect(store.getState().auth.endedMessage).toBe(SESSION_ENDED_MESSAGE);
    expect(store.getState().auth.endedCount).toBe(1);
  });

  it('keeps a newer session when the refused call carried an older token', async () => {
    const store = storeSignedInAs('token-1');
    const signInAgain = () => store.dispatch(signedIn(user('token-2')));
    await answering(unauthorized, signInAgain)('/api/users/profile', apiOf(store), {});
    expect(store.getState().auth.userInfo?.token).toBe('token-2');
    expect(store.getState().auth.endedCount).toBe(0);
  });

  it('leaves a signed-out visitor and other errors alone', async () => {
    const visitor = storeSignedInAs(null);
    await answering(unauthorized)('/api/users/login', apiOf(visitor), {});
    expect(visitor.getState().auth.endedMessage).toBeNull();

    const shopper = storeSignedInAs('token-1');
    const forbidden: Answer = { error: { status: 403, data: { message: 'Admins only' } } };
    await answering(forbidden)('/api/users', apiOf(shopper), {});
    expect(shopper.getState().auth.userInfo?.token).toBe('token-1');
  });
});
