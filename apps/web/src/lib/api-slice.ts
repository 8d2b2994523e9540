import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** The part of the store the API client reads; the accounts feature keeps the session there. */
interface StateWithSession {
  auth?: { userInfo: { token: string } | null };
}

/**
 * The one API client of the web app. The API is served from the same origin as the page (the
 * dev server proxies /api). Features add their calls with `apiSlice.injectEndpoints`.
 */
export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '',
    prepareHeaders: (headers, { getState }) => {
      const token = (getState() as StateWithSession).auth?.userInfo?.token;
      if (token) headers.set('authorization', `Bearer ${token}`);
      return headers;
    },
  }),
  endpoints: () => ({}),
});
