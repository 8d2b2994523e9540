import type { Order, PayConfig, StartPaymentResponse } from '@proshop/domain/order-schemas';
import { apiSlice } from './api-slice.ts';

/**
 * An order as its buyer's calls name it: by id, and for a guest by the key of its link too
 * (`/order/{id}?key=...`, issue #37), which every call then sends.
 */
export interface OrderRef {
  orderId: string;
  key?: string | undefined;
}

/** The address of a call about the order (`suffix`: `/pay` ...), with its key if there is one. */
export const orderUrl = ({ orderId, key }: OrderRef, suffix = '') =>
  `/api/orders/${encodeURIComponent(orderId)}${suffix}${key ? `?key=${encodeURIComponent(key)}` : ''}`;

/**
 * The order's page (`/order/{id}`, a guest's with `?key=`): where a payment that leaves the shop's
 * page (a bank's own 3-D Secure page) comes back to be finished.
 */
export const orderPagePath = ({ orderId, key }: OrderRef) =>
  `/order/${encodeURIComponent(orderId)}${key ? `?key=${encodeURIComponent(key)}` : ''}`;

interface PayArgs extends OrderRef {
  /** The provider's order id the shopper approved; the server captures it itself. */
  providerOrderId: string;
}

// The calls of paying, one copy for the two places a shopper pays: the order page
// (features/orders) and the place-order step (features/checkout). Paying refreshes every screen
// showing orders, and takes stock, hence `Product` too.
const paymentApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['Order', 'Product'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** Which provider takes the payment (PayPal, or test mode). */
      getPayConfig: build.query<PayConfig, void>({
        query: () => '/api/config/pay',
      }),
      startOrderPayment: build.mutation<StartPaymentResponse, OrderRef>({
        query: (order) => ({ url: orderUrl(order, '/payment'), method: 'POST' }),
      }),
      payOrder: build.mutation<Order, PayArgs>({
        query: ({ providerOrderId, ...order }) => ({
          url: orderUrl(order, '/pay'),
          method: 'PUT',
          body: { providerOrderId },
        }),
        invalidatesTags: (_order, error) => (error ? [] : ['Order', 'Product']),
      }),
    }),
  });

export const { useGetPayConfigQuery, useStartOrderPaymentMutation, usePayOrderMutation } =
  paymentApi;
