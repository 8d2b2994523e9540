import type { OrderPage } from '@proshop/domain/order-schemas';
import type { OrderFilters } from '@proshop/domain/order-search-schemas';
import { apiSlice } from '../../state/api-slice.ts';

// Tagged `Order` like every order call, so placing, paying or marking an order refreshes the list.
const ordersAdminApi = apiSlice.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    /**
     * One page of every order, or of those the search and filters find; the page number goes as
     * typed (the server reads a bad one as 1).
     */
    getOrderPage: build.query<OrderPage, { pageNumber: string; filters: OrderFilters }>({
      query: ({ pageNumber, filters }) => ({
        url: '/api/orders',
        params: { pageNumber, ...filters },
      }),
      providesTags: (page) => [
        { type: 'Order', id: 'LIST' },
        ...(page?.orders ?? []).map((order) => ({ type: 'Order' as const, id: order._id })),
      ],
    }),
  }),
});

export const { useGetOrderPageQuery } = ordersAdminApi;
