import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { endSessionOnUnauthorized, sessionToken } from './session-base-query.ts';

/**
 * The one API client of the web app. The API is served from the same origin as the page (the
 * dev server proxies /api). Features add their calls with `apiSlice.injectEndpoints`.
 */
export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery: endSessionOnUnauthorized(
    fetchBaseQuery({
      baseUrl: '',
      prepareHeaders: (headers, { getState }) => {
        const token = sessionToken(getState());
        if (token) headers.set('authorization', `Bearer ${token}`);
        return headers;
      },
    }),
  ),
  endpoints: () => ({}),
});
