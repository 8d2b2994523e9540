import type { CreateOrderRequest, Order } from '@proshop/domain/order-schemas';
import { apiSlice } from '../../state/api-slice.ts';

interface PlaceOrderArgs {
  order: CreateOrderRequest;
  /** The same key for every try of one attempt: the server answers the first order again. */
  idempotencyKey: string;
}

const checkoutApi = apiSlice.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    placeOrder: build.mutation<Order, PlaceOrderArgs>({
      query: ({ order, idempotencyKey }) => ({
        url: '/api/orders',
        method: 'POST',
        body: order,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      // Lists of orders (the shopper's and the admin's) then show the new one.
      invalidatesTags: (_order, error) => (error ? [] : ['Order']),
    }),
  }),
});

export const { usePlaceOrderMutation } = checkoutApi;
