import type {
  Discount,
  DiscountDeleteResponse,
  DiscountOrders,
  DiscountRequest,
} from '@proshop/domain/discount-schemas';
import type { ProductListResponse } from '@proshop/domain/product-schemas';
import { apiSlice } from '../../state/api-slice.ts';

const path = (id: string) => `/api/discounts/${encodeURIComponent(id)}`;

const LIST = { type: 'Discount', id: 'LIST' } as const;

/**
 * The admin's discount codes. Every change refreshes the list, and a change to one code its edit
 * screen; a refused change refreshes nothing.
 */
const discountsAdminApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['Discount', 'Product'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getDiscounts: build.query<Discount[], void>({
        query: () => '/api/discounts',
        providesTags: (discounts) => [
          LIST,
          ...(discounts ?? []).map((discount) => ({ type: 'Discount' as const, id: discount._id })),
        ],
      }),
      getDiscount: build.query<Discount, string>({
        query: path,
        providesTags: (_result, _error, id) => [{ type: 'Discount', id }],
      }),
      getDiscountOrders: build.query<DiscountOrders, string>({
        query: (id) => `${path(id)}/orders`,
        providesTags: (_result, _error, id) => [{ type: 'Discount', id }],
      }),
      createDiscount: build.mutation<Discount, DiscountRequest>({
        query: (body) => ({ url: '/api/discounts', method: 'POST', body }),
        invalidatesTags: (_result, error) => (error ? [] : [LIST]),
      }),
      updateDiscount: build.mutation<Discount, { id: string; body: DiscountRequest }>({
        query: ({ id, body }) => ({ url: path(id), method: 'PUT', body }),
        invalidatesTags: (_result, error, { id }) =>
          error ? [] : [LIST, { type: 'Discount', id }],
      }),
      /** The first page of the catalogue's search, for the products a code is limited to. */
      searchDiscountProducts: build.query<ProductListResponse, string>({
        query: (keyword) => ({
          url: '/api/products',
          params: { ...(keyword ? { keyword } : {}), pageNumber: '1' },
        }),
        providesTags: ['Product'],
      }),
      deleteDiscount: build.mutation<DiscountDeleteResponse, string>({
        query: (id) => ({ url: path(id), method: 'DELETE' }),
        // A deleted code: only the list (its own calls would answer 404 if asked again). A code
        // deactivated instead: its edit screen too.
        invalidatesTags: (result, error, id) =>
          error ? [] : result?.deactivated ? [LIST, { type: 'Discount', id }] : [LIST],
      }),
    }),
  });

export const {
  useGetDiscountsQuery,
  useGetDiscountQuery,
  useGetDiscountOrdersQuery,
  useCreateDiscountMutation,
  useUpdateDiscountMutation,
  useDeleteDiscountMutation,
  useSearchDiscountProductsQuery,
} = discountsAdminApi;
