import type { Cart, CartMergeRequest, CartUpdateRequest } from '@proshop/domain/cart-schemas';
import { apiSlice } from './api-slice.ts';

// The account's cart (docs/decisions/0026). Called by the cart's sync (features/cart/cart-sync.ts)
// rather than by screens, so each is a mutation: never cached, never shared between users.
export const cartServerApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    loadServerCart: build.mutation<Cart, void>({
      query: () => ({ url: '/api/cart', method: 'GET' }),
    }),
    saveServerCart: build.mutation<Cart, CartUpdateRequest>({
      query: (body) => ({ url: '/api/cart', method: 'PUT', body }),
    }),
    mergeServerCart: build.mutation<Cart, CartMergeRequest>({
      query: (body) => ({ url: '/api/cart/merge', method: 'POST', body }),
    }),
  }),
});
