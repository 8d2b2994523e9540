import type { MessageResponse } from '@proshop/domain/route-schemas';
import type {
  StockAlert,
  StockAlertRequest,
  WishlistResponse,
} from '@proshop/domain/wishlist-schemas';
import { apiSlice } from './api-slice.ts';

// Shared state: the hearts of product cards and the product page (features/products) and the
// /wishlist screen (features/wishlist) read one cached list, loaded once for every heart.

const wishlistApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['Wishlist', 'StockAlert'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getWishlist: build.query<WishlistResponse, void>({
        query: () => '/api/wishlist',
        providesTags: ['Wishlist'],
      }),
      saveToWishlist: build.mutation<MessageResponse, string>({
        query: (product) => ({ url: '/api/wishlist', method: 'POST', body: { product } }),
        invalidatesTags: ['Wishlist'],
      }),
      removeFromWishlist: build.mutation<MessageResponse, string>({
        query: (product) => ({ url: `/api/wishlist/${product}`, method: 'DELETE' }),
        invalidatesTags: ['Wishlist'],
      }),
      getStockAlerts: build.query<StockAlert[], string>({
        query: (product) => `/api/stock-alerts?product=${encodeURIComponent(product)}`,
        providesTags: ['StockAlert'],
      }),
      requestStockAlert: build.mutation<MessageResponse, StockAlertRequest>({
        query: (body) => ({ url: '/api/stock-alerts', method: 'POST', body }),
        invalidatesTags: ['StockAlert'],
      }),
    }),
  });

export const {
  useGetWishlistQuery,
  useSaveToWishlistMutation,
  useRemoveFromWishlistMutation,
  useGetStockAlertsQuery,
  useRequestStockAlertMutation,
} = wishlistApi;
