import type { OrderEvent, OrderNoteRequest } from '@proshop/domain/order-event-schemas';
import type { Order } from '@proshop/domain/order-schemas';
import type {
  AcceptReturnBody,
  DeclineReturnBody,
  Refund,
  RefundRequestBody,
  ReturnRequestBody,
} from '@proshop/domain/refund-schemas';
import type { MarkSentRequest } from '@proshop/domain/shipment-schemas';
import { apiSlice } from '../../state/api-slice.ts';
import { orderUrl, type OrderRef } from '../../state/payment-api.ts';

/** An order by id, or by id and a guest's key: a plain id sends no key (an account or an admin). */
export type OrderArg = string | OrderRef;

const refOf = (arg: OrderArg): OrderRef => (typeof arg === 'string' ? { orderId: arg } : arg);

const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`;
/** The tag id of an order's timeline (its order's own tag id is the order id). */
const eventsOf = (id: string) => `${id}/events`;

// Every order call shares the `Order` tag with checkout and the admin list, so paying or marking
// an order refreshes every screen that shows it. Paying takes stock, hence `Product` too.
const ordersApi = apiSlice.enhanceEndpoints({ addTagTypes: ['Order', 'Product'] }).injectEndpoints({
  endpoints: (build) => ({
    getOrderDetails: build.query<Order, OrderArg>({
      query: (arg) => orderUrl(refOf(arg)),
      providesTags: (_order, _error, arg) => [{ type: 'Order', id: refOf(arg).orderId }],
    }),
    getMyOrders: build.query<Order[], void>({
      query: () => '/api/orders/myorders',
      providesTags: (orders = []) => [
        { type: 'Order', id: 'LIST' },
        ...orders.map((order) => ({ type: 'Order' as const, id: order._id })),
      ],
    }),
    cancelOrder: build.mutation<Order, OrderArg>({
      query: (arg) => ({ url: orderUrl(refOf(arg), '/cancel'), method: 'POST' }),
      invalidatesTags: (_order, error) => (error ? [] : ['Order']),
    }),
    refundOrder: build.mutation<Refund, { orderId: string; body: RefundRequestBody }>({
      query: ({ orderId, body }) => ({
        url: `${orderPath(orderId)}/refunds`,
        method: 'POST',
        body,
      }),
      // A refund changes the order and, with restock, the products' stock.
      invalidatesTags: (_refund, error) => (error ? [] : ['Order', 'Product']),
    }),
    requestReturn: build.mutation<Order, OrderRef & { body: ReturnRequestBody }>({
      query: ({ body, ...order }) => ({
        url: orderUrl(order, '/returns'),
        method: 'POST',
        body,
      }),
      invalidatesTags: (_order, error) => (error ? [] : ['Order']),
    }),
    acceptReturn: build.mutation<
      Order,
      { orderId: string; returnId: string; body: AcceptReturnBody }
    >({
      query: ({ orderId, returnId, body }) => ({
        url: `${orderPath(orderId)}/returns/${encodeURIComponent(returnId)}/accept`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_order, error) => (error ? [] : ['Order', 'Product']),
    }),
    declineReturn: build.mutation<
      Order,
      { orderId: string; returnId: string; body: DeclineReturnBody }
    >({
      query: ({ orderId, returnId, body }) => ({
        url: `${orderPath(orderId)}/returns/${encodeURIComponent(returnId)}/decline`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_order, error) => (error ? [] : ['Order']),
    }),
    markOrderSent: build.mutation<Order, { orderId: string; body: MarkSentRequest }>({
      query: ({ orderId, body }) => ({ url: `${orderPath(orderId)}/sent`, method: 'PUT', body }),
      invalidatesTags: (_order, error) => (error ? [] : ['Order']),
    }),
    // The timeline is tagged as part of its order: every change of the order refreshes it.
    getOrderEvents: build.query<OrderEvent[], string>({
      query: (orderId) => `${orderPath(orderId)}/events`,
      providesTags: (_events, _error, id) => [{ type: 'Order', id: eventsOf(id) }],
    }),
    addOrderNote: build.mutation<OrderEvent, { orderId: string; body: OrderNoteRequest }>({
      query: ({ orderId, body }) => ({ url: `${orderPath(orderId)}/notes`, method: 'POST', body }),
      invalidatesTags: (_event, error, { orderId }) =>
        error ? [] : [{ type: 'Order', id: eventsOf(orderId) }],
    }),
    markOrderDelivered: build.mutation<Order, string>({
      query: (orderId) => ({ url: `${orderPath(orderId)}/deliver`, method: 'PUT' }),
      invalidatesTags: (_order, error) => (error ? [] : ['Order']),
    }),
  }),
});

export const {
  useGetOrderDetailsQuery,
  useGetMyOrdersQuery,
  useCancelOrderMutation,
  useRefundOrderMutation,
  useRequestReturnMutation,
  useAcceptReturnMutation,
  useDeclineReturnMutation,
  useMarkOrderSentMutation,
  useMarkOrderDeliveredMutation,
  useGetOrderEventsQuery,
  useAddOrderNoteMutation,
} = ordersApi;
