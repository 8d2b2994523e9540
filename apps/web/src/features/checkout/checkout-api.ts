import type { MessageResponse } from '@proshop/domain/route-schemas';
import type { CreateOrderRequest, PlacedOrder } from '@proshop/domain/order-schemas';
import type { User } from '@proshop/domain/user-schemas';
import { apiSlice } from '../../state/api-slice.ts';

interface PlaceOrderArgs {
  order: CreateOrderRequest;
  /** The same key for every try of one attempt: the server answers the first order again. */
  idempotencyKey: string;
}

/** The order placed by this visit of the place-order step, as its payment calls name it. */
export interface PlacedRef {
  id: string;
  /** A guest's order: the key of its link, sent as `?key=` (none for an account's order). */
  accessKey?: string | undefined;
}

// Checkout's own calls; paying here uses the order page's calls (state/payment-api.ts).
const checkoutApi = apiSlice.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    placeOrder: build.mutation<PlacedOrder, PlaceOrderArgs>({
      query: ({ order, idempotencyKey }) => ({
        url: '/api/orders',
        method: 'POST',
        body: order,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      // Lists of orders (the shopper's and the admin's) then show the new one.
      invalidatesTags: (_order, error) => (error ? [] : ['Order']),
    }),
    /**
     * Whether the account's e-mail is confirmed (it may not order before): read from the
     * profile, which knows as soon as the link was followed, unlike the stored session.
     */
    getBuyerProfile: build.query<User, void>({
      query: () => '/api/users/profile',
      keepUnusedDataFor: 0,
    }),
    resendEmailConfirmation: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/api/users/confirm-email/resend', method: 'POST' }),
    }),
  }),
});

export const {
  usePlaceOrderMutation,
  useGetBuyerProfileQuery,
  useResendEmailConfirmationMutation,
} = checkoutApi;
