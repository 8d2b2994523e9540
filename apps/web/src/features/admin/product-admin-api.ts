import type {
  Product,
  ProductDetail,
  ProductListResponse,
  ProductUpdateRequest,
  UploadResponse,
} from '@proshop/domain/product-schemas';
import type { VariantsUpdateRequest } from '@proshop/domain/variant-schemas';
import { apiSlice } from '../../state/api-slice.ts';

// The same tag as the storefront's product calls: a change here refreshes what shoppers see.
const productAdminApi = apiSlice.enhanceEndpoints({ addTagTypes: ['Product'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<ProductListResponse, string>({
      query: (pageNumber) => ({ url: '/api/products', params: { pageNumber } }),
      providesTags: ['Product'],
    }),
    getAdminProduct: build.query<ProductDetail, string>({
      query: (id) => `/api/products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<Product, void>({
      query: () => ({ url: '/api/products', method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Product']),
    }),
    updateProduct: build.mutation<Product, { id: string; body: ProductUpdateRequest }>({
      query: ({ id, body }) => ({
        url: `/api/products/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Product']),
    }),
    // The whole set of options and variants at once: changing options invalidates combinations.
    // The product's summary (stock, prices, variant count) changes with it, in every list.
    saveProductVariants: build.mutation<unknown, { id: string; body: VariantsUpdateRequest }>({
      query: ({ id, body }) => ({
        url: `/api/products/${encodeURIComponent(id)}/variants`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Product']),
    }),
    deleteProduct: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/products/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Product']),
    }),
    uploadProductImage: build.mutation<UploadResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append('image', file);
        return { url: '/api/upload', method: 'POST', body };
      },
    }),
  }),
});

export const {
  useGetAdminProductsQuery,
  useGetAdminProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useSaveProductVariantsMutation,
  useDeleteProductMutation,
  useUploadProductImageMutation,
} = productAdminApi;
