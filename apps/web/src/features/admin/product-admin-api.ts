import type {
  AdminProduct,
  AdminProductDetail,
  AdminProductListResponse,
  ProductLowStock,
} from '@proshop/domain/product-admin-schemas';
import type { ProductStatus } from '@proshop/domain/product-status';
import type { ProductImportReport } from '@proshop/domain/product-import-schemas';
import type {
  Product,
  ProductUpdateRequest,
  UploadResponse,
} from '@proshop/domain/product-schemas';
import type { VariantsUpdateRequest } from '@proshop/domain/variant-schemas';
import { apiSlice } from '../../state/api-slice.ts';

// The same tag as the storefront's product calls: a change here refreshes what shoppers see.
const productAdminApi = apiSlice.enhanceEndpoints({ addTagTypes: ['Product'] }).injectEndpoints({
  endpoints: (build) => ({
    // Every product newest first, each marked when low on stock; `lowStock` keeps only those,
    // `status` only the drafts or the active ones.
    getAdminProducts: build.query<
      AdminProductListResponse,
      { pageNumber: string; lowStock: boolean; status?: ProductStatus | undefined }
    >({
      query: ({ pageNumber, lowStock, status }) => ({
        url: '/api/products/admin',
        params: {
          pageNumber,
          ...(lowStock ? { lowStock: '1' } : {}),
          ...(status ? { status } : {}),
        },
      }),
      providesTags: ['Product'],
    }),
    getProductLowStock: build.query<ProductLowStock, string>({
      query: (id) => `/api/products/${encodeURIComponent(id)}/low-stock`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    // The admin's own read: a draft too (the storefront's answers 404 for one), with its status.
    getAdminProduct: build.query<AdminProductDetail, string>({
      query: (id) => `/api/products/${encodeURIComponent(id)}/admin`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<Product, void>({
      query: () => ({ url: '/api/products', method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Product']),
    }),
    updateProduct: build.mutation<AdminProduct, { id: string; body: ProductUpdateRequest }>({
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
    /**
     * Checks (dryRun) or imports a CSV of products with its ZIP of pictures. An import refused
     * for its errors answers 422 with the same report, which the screen reads from the error.
     */
    importProducts: build.mutation<
      ProductImportReport,
      { file: File; pictures: File | null; dryRun: boolean }
    >({
      query: ({ file, pictures, dryRun }) => {
        const body = new FormData();
        body.append('file', file);
        if (pictures) body.append('pictures', pictures);
        body.append('dryRun', String(dryRun));
        return { url: '/api/products/import', method: 'POST', body };
      },
      invalidatesTags: (result) => (result?.applied ? ['Product'] : []),
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
  useGetProductLowStockQuery,
  useImportProductsMutation,
  useCreateProductMutation,
  useUpdateProductMutation,
  useSaveProductVariantsMutation,
  useDeleteProductMutation,
  useUploadProductImageMutation,
} = productAdminApi;
