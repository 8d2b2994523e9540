import type { MessageResponse } from '@proshop/domain/route-schemas';
import type {
  CreateOrderRequest,
  Order,
  PayConfig,
  PlacedOrder,
  StartPaymentResponse,
} from '@proshop/domain/order-schemas';
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

const orderPath = ({ id, accessKey }: PlacedRef, tail: string) =>
  `/api/orders/${encodeURIComponent(id)}${tail}${
    accessKey ? `?key=${encodeURIComponent(accessKey)}` : ''
  }`;

// Checkout's own calls: the order page's (features/orders) belong to that feature, and no
// feature imports another. Paying here calls the same routes as paying on the order page.
const checkoutApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['Order', 'Product'] })
  .injectEndpoints({
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
      /** Which provider takes the payment (PayPal, or test mode), as on the order page. */
      getCheckoutPayConfig: build.query<PayConfig, void>({
        query: () => '/api/config/pay',
      }),
      startCheckoutPayment: build.mutation<StartPaymentResponse, PlacedRef>({
        query: (placed) => ({ url: orderPath(placed, '/payment'), method: 'POST' }),
      }),
      payCheckoutOrder: build.mutation<Order, { placed: PlacedRef; providerOrderId: string }>({
        query: ({ placed, providerOrderId }) => ({
          url: orderPath(placed, '/pay'),
          method: 'PUT',
          body: { providerOrderId },
        }),
        // Paying takes stock.
        invalidatesTags: (_order, error) => (error ? [] : ['Order', 'Product']),
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
  useGetCheckoutPayConfigQuery,
  useStartCheckoutPaymentMutation,
  usePayCheckoutOrderMutation,
  useGetBuyerProfileQuery,
  useResendEmailConfirmationMutation,
} = checkoutApi;
