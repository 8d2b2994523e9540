import {
  createOrderRequestSchema,
  orderListSchema,
  orderPageQuerySchema,
  orderPageSchema,
  orderSchema,
  payOrderRequestSchema,
  startPaymentResponseSchema,
} from '@proshop/domain/order-schemas';
import {
  acceptReturnSchema,
  declineReturnSchema,
  refundRequestSchema,
  refundSchema,
  returnRequestSchema,
} from '@proshop/domain/refund-schemas';
import { idParamsSchema, idSchema, messageResponseSchema } from '@proshop/domain/route-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound } from '../../errors/app-error.ts';
import { errorResponses } from '../../errors/error-responses.ts';
import { currentUser } from '../auth/access-plugin.ts';
import { rateLimitRules } from '../rate-limit/rules.ts';
import { cancelOrder } from './cancel-order.ts';
import { applyWebhookEvent, webhookEventSchema } from './paypal-webhook.ts';
import { refundOrder } from './refund-order.ts';
import { acceptReturn, declineReturn, requestReturn } from './return-requests.ts';
import { orderNotices } from './notify-buyer.ts';
import { payOrder, startPayment, type PaymentDeps } from './pay-order.ts';
import { advanceOrder, createOrder, getOrder, myOrders, orderPage } from './service.ts';

const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, 'must be 1 to 200 visible ASCII characters')
    .optional(),
});

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const notices = orderNotices(app);

  app.post(
    '/api/orders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          'Place an order at the current prices, with a discount code or none (Idempotency-Key makes a retry safe)',
        headers: idempotencyHeaders,
        body: createOrderRequestSchema,
        response: { 201: orderSchema, ...errorResponses(400, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.body.discountCode?.trim()) {
        await app.rateLimiter.consume(rateLimitRules.discountCode, {
          address: request.ip,
          email: user.email,
        });
      }
      const order = await createOrder(
        app.db,
        user,
        request.body,
        request.headers['idempotency-key'],
        { currency: app.config.PAYMENT_CURRENCY, now: app.clock.now() },
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
        response: { 200: orderListSchema, ...errorResponses() },
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
        response: { 200: orderPageSchema, ...errorResponses(400) },
      },
    },
    (request) =>
      orderPage(app.db, request.query.pageNumber, app.config.PAGE_SIZE, request.query.status),
  );

  app.get(
    '/api/orders/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'One order, for its buyer or an admin',
        params: idParamsSchema,
        response: { 200: orderSchema, ...errorResponses(404) },
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
        params: idParamsSchema,
        response: { 200: startPaymentResponseSchema, ...errorResponses(403, 404, 409) },
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
        params: idParamsSchema,
        body: payOrderRequestSchema,
        response: { 200: orderSchema, ...errorResponses(400, 403, 404, 409, 413, 415) },
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

  app.post(
    '/api/orders/:id/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          'Cancel an order: its buyer before it is paid, an admin before it is sent (refunding it)',
        params: idParamsSchema,
        response: { 200: orderSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const order = await cancelOrder(
        paymentDeps(request.log),
        currentUser(request),
        request.params.id,
      );
      notices.nudge();
      return order;
    },
  );

  app.post(
    '/api/orders/:id/refunds',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary:
          'Refund lines, shipping or an amount of a paid order (admin); the server computes the amount',
        params: idParamsSchema,
        body: refundRequestSchema,
        response: { 201: refundSchema, ...errorResponses(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const refund = await refundOrder(
        paymentDeps(request.log),
        currentUser(request),
        request.params.id,
        request.body,
      );
      notices.nudge();
      return reply.code(201).send(refund);
    },
  );

  app.post(
    '/api/orders/:id/returns',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'Ask to return lines of a paid order (its buyer); the shop accepts or declines',
        params: idParamsSchema,
        body: returnRequestSchema,
        response: { 201: orderSchema, ...errorResponses(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const order = await requestReturn(
        paymentDeps(request.log),
        currentUser(request),
        request.params.id,
        request.body,
      );
      notices.nudge();
      return reply.code(201).send(order);
    },
  );

  const returnParams = z.object({
    id: idParamsSchema.shape.id,
    returnId: idSchema('Invalid id'),
  });
  app.post(
    '/api/orders/:id/returns/:returnId/accept',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Accept a return request: its lines are refunded (admin)',
        params: returnParams,
        body: acceptReturnSchema,
        response: { 200: orderSchema, ...errorResponses(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { id, returnId } = request.params;
      const deps = paymentDeps(request.log);
      const order = await acceptReturn(deps, currentUser(request), id, returnId, request.body);
      notices.nudge();
      return order;
    },
  );

  app.post(
    '/api/orders/:id/returns/:returnId/decline',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Decline a return request with a message to the buyer (admin)',
        params: returnParams,
        body: declineReturnSchema,
        response: { 200: orderSchema, ...errorResponses(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { id, returnId } = request.params;
      const deps = paymentDeps(request.log);
      const order = await declineReturn(deps, currentUser(request), id, returnId, request.body);
      notices.nudge();
      return order;
    },
  );

  app.post(
    '/api/payments/paypal/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary:
          "PayPal's webhook: capture completed, denied or reversed, and refunds, verified with PayPal",
        body: webhookEventSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 404, 413, 415) },
      },
    },
    async (request) => {
      const webhookId = app.config.PAYPAL_WEBHOOK_ID;
      if (!webhookId || app.payments.kind !== 'paypal') {
        throw notFound('Webhooks are not configured');
      }
      const verified = await app.payments.verifyWebhook({
        headers: request.headers,
        event: request.body,
        webhookId,
      });
      // Whoever is not PayPal changes nothing.
      if (!verified) throw invalid('The event could not be verified with PayPal');
      const outcome = await applyWebhookEvent(paymentDeps(request.log), request.body);
      notices.nudge();
      return { message: outcome };
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
          params: idParamsSchema,
          response: { 200: orderSchema, ...errorResponses(404, 409) },
        },
      },
      async (request) => {
        const order = await advanceOrder(
          app.db,
          currentUser(request),
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
