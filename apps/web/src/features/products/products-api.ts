import type { ProductListResponse } from '@proshop/domain/product-schemas';
import { apiSlice } from '../../lib/api-slice.ts';

interface ProductListArgs {
  keyword: string | undefined;
  pageNumber: string;
}

const productsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<ProductListResponse, ProductListArgs>({
      query: ({ keyword = '', pageNumber }) => ({
        url: '/api/products',
        params: { keyword, pageNumber },
      }),
    }),
  }),
});

export const { useGetProductsQuery } = productsApi;
