import type { Product, ProductDetail, ProductListResponse } from '@proshop/domain/product-schemas';
import { apiSlice } from '../../state/api-slice.ts';
import { productListSearch, type ProductListParams } from './catalogue-query.ts';

/** The review as typed: a rating left on `select...` is sent without a value. */
interface ReviewArgs {
  productId: string;
  rating: number | undefined;
  comment: string;
}

/**
 * GET /api/products' query as the list sends it: the keyword, the page and the filters and sort
 * (catalogue-query.ts' productListParams), each only when set, so that the same list is one cache
 * entry however it was reached.
 */
type ProductListArgs = ProductListParams;

// The admin screens change products with the same tag, so the storefront never shows stale data.
const productsApi = apiSlice.enhanceEndpoints({ addTagTypes: ['Product'] }).injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<ProductListResponse, ProductListArgs>({
      // Built here rather than by the base query, which would join a repeated `option` with commas.
      query: (params) => ({ url: '/api/products', params: productListSearch(params) }),
      providesTags: ['Product'],
    }),
    getTopProducts: build.query<Product[], void>({
      query: () => '/api/products/top',
      providesTags: ['Product'],
    }),
    getProductDetails: build.query<ProductDetail, string>({
      query: (id) => `/api/products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    createReview: build.mutation<{ message: string }, ReviewArgs>({
      query: ({ productId, ...review }) => ({
        url: `/api/products/${encodeURIComponent(productId)}/reviews`,
        method: 'POST',
        body: review,
      }),
      // The new review changes the product's rating everywhere it is shown.
      invalidatesTags: (_result, error) => (error ? [] : ['Product']),
    }),
  }),
});

/** Asks for a product page's data ahead of its screen (the route loader: while its code loads). */
export const prefetchProductDetails = (id: string) =>
  productsApi.util.prefetch('getProductDetails', id, {});

export const {
  useGetProductsQuery,
  useGetTopProductsQuery,
  useGetProductDetailsQuery,
  useCreateReviewMutation,
} = productsApi;
