import type { Order } from '@proshop/domain/order-schemas';
import { apiSlice } from '../../lib/api-slice.ts';

// Tagged `Order` like every order call, so placing, paying or marking an order refreshes the list.
const ordersAdminApi = apiSlice.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    getAllOrders: build.query<Order[], void>({
      query: () => '/api/orders',
      providesTags: (orders = []) => [
        { type: 'Order', id: 'LIST' },
        ...orders.map((order) => ({ type: 'Order' as const, id: order._id })),
      ],
    }),
  }),
});

export const { useGetAllOrdersQuery } = ordersAdminApi;
