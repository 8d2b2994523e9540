import { errorResponseSchema } from '@proshop/domain/error-schemas';
import {
  createOrderRequestSchema,
  orderListSchema,
  orderPageQuerySchema,
  orderPageSchema,
  orderSchema,
  payOrderRequestSchema,
  startPaymentResponseSchema,
} from '@proshop/domain/order-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/access-plugin.ts';
import { orderNotices } from './notify-buyer.ts';
import { payOrder, startPayment, type PaymentDeps } from './pay-order.ts';
import { advanceOrder, createOrder, getOrder, myOrders, orderPage } from './service.ts';

// Any string: a malformed id is answered 404 by the service (Fastify caps params at 100 characters).
const idParams = z.object({ id: z.string() });
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, 'must be 1 to 200 visible ASCII characters')
    .optional(),
});
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const notices = orderNotices(app);

  app.post(
    '/api/orders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'Place an order at the current prices (Idempotency-Key makes a retry safe)',
        headers: idempotencyHeaders,
        body: createOrderRequestSchema,
        response: { 201: orderSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const order = await createOrder(
        app.db,
        currentUser(request),
        app.config.PAYMENT_CURRENCY,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(201).send(order);
    },
  );

  app.get(
    '/api/orders/myorders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: "The signed-in shopper's orders, newest first",
        response: { 200: orderListSchema, 401: errorResponseSchema },
      },
    },
    (request) => myOrders(app.db, currentUser(request)),
  );

  app.get(
    '/api/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'One page of every order, newest first, PAGE_SIZE a page (admin)',
        querystring: orderPageQuerySchema,
        response: { 200: orderPageSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    (request) => orderPage(app.db, request.query.pageNumber, app.config.PAGE_SIZE),
  );

  app.get(
    '/api/orders/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'One order, for its buyer or an admin',
        params: idParams,
        response: { 200: orderSchema, ...errors },
      },
    },
    (request) => getOrder(app.db, currentUser(request), request.params.id),
  );

  const paymentDeps = (log: PaymentDeps['log']): PaymentDeps => ({
    db: app.db,
    payments: app.payments,
    log,
    notices,
    catalogue: app.catalogue,
  });

  app.post(
    '/api/orders/:id/payment',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: "Create the provider's payment for an unpaid order (its amount is the server's)",
        params: idParams,
        response: { 200: startPaymentResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    (request) => startPayment(paymentDeps(request.log), currentUser(request), request.params.id),
  );

  app.put(
    '/api/orders/:id/pay',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          'Capture and verify the approved payment, taking the stock, and mark the order paid',
        params: idParams,
        body: payOrderRequestSchema,
        response: {
          200: orderSchema,
          ...errors,
          409: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const order = await payOrder(
        paymentDeps(request.log),
        currentUser(request),
        request.params.id,
        request.body.providerOrderId,
      );
      notices.nudge();
      return order;
    },
  );

  for (const step of ['sent', 'deliver'] as const) {
    app.put(
      `/api/orders/:id/${step}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['orders'],
          summary:
            step === 'sent'
              ? 'Mark a paid order as sent (admin)'
              : 'Mark a sent order as delivered (admin)',
          params: idParams,
          response: {
            200: orderSchema,
            ...errors,
            403: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const order = await advanceOrder(
          app.db,
          request.params.id,
          step === 'sent' ? 'sent' : 'delivered',
          notices,
        );
        if (step === 'sent') notices.nudge();
        return order;
      },
    );
  }
};
