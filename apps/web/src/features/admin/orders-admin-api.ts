import type { OrderPage } from '@proshop/domain/order-schemas';
import type { OrderStatus } from '@proshop/domain/order-status';
import { apiSlice } from '../../state/api-slice.ts';

// Tagged `Order` like every order call, so placing, paying or marking an order refreshes the list.
const ordersAdminApi = apiSlice.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    /**
     * One page of every order, or of those in one state; the page number goes as typed (the
     * server reads a bad one as 1).
     */
    getOrderPage: build.query<OrderPage, { pageNumber: string; status?: OrderStatus | undefined }>({
      query: ({ pageNumber, status }) => ({
        url: '/api/orders',
        params: { pageNumber, ...(status ? { status } : {}) },
      }),
      providesTags: (page) => [
        { type: 'Order', id: 'LIST' },
        ...(page?.orders ?? []).map((order) => ({ type: 'Order' as const, id: order._id })),
      ],
    }),
  }),
});

export const { useGetOrderPageQuery } = ordersAdminApi;
