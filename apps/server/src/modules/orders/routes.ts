import {
  createOrderRequestSchema,
  orderListSchema,
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
import {
  orderEventListSchema,
  orderEventSchema,
  orderNoteRequestSchema,
} from '@proshop/domain/order-event-schemas';
import { orderFiltersSchema, orderListQuerySchema } from '@proshop/domain/order-search-schemas';
import { idParamsSchema, idSchema, messageResponseSchema } from '@proshop/domain/route-schemas';
import { markSentRequestSchema, shipmentText } from '@proshop/domain/shipment-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound } from '../../errors/app-error.ts';
import { errorResponses } from '../../errors/error-responses.ts';
import { currentUser } from '../auth/access-plugin.ts';
import { paypalWebhookRule, rateLimitRules } from '../rate-limit/rules.ts';
import { cancelOrder } from './cancel-order.ts';
import { applyWebhookEvent, webhookEventSchema } from './paypal-webhook.ts';
import { refundOrder } from './refund-order.ts';
import { acceptReturn, declineReturn, requestReturn } from './return-requests.ts';
import { orderNotices } from './notify-buyer.ts';
import { exportOrders } from './orders-export.ts';
import { addOrderNote, orderTimeline } from './order-timeline.ts';
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
        summary:
          'One page of the orders that match the search and filters (every order without), newest first, PAGE_SIZE a page (admin)',
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema, ...errorResponses(400) },
      },
    },
    (request) => {
      const { pageNumber, ...filters } = request.query;
      const filter = { ...filters, timeZone: app.config.SHOP_TIMEZONE };
      return orderPage(app.db, pageNumber, app.config.PAGE_SIZE, filter);
    },
  );

  app.get(
    '/api/orders/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary:
          'Every order that matches the filters as CSV, one line per order line, streamed; X-Total-Count tells the number of lines after the header (admin)',
        querystring: orderFiltersSchema,
        response: {
          200: {
            description: 'The CSV file (UTF-8 with a byte order mark, CRLF line ends)',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const filter = { ...request.query, timeZone: app.config.SHOP_TIMEZONE };
      const csv = await exportOrders(app.db, filter, { now: app.clock.now() });
      // A stream is sent as it comes, past the serialiser (the schema's string is its bytes);
      // Fastify logs an error of the stream and ends the answer.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.fileName}"`)
        .header('x-total-count', String(csv.lines))
        .send(csv.stream as unknown as string);
    },
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
        response: { 200: messageResponseSchema, ...errorResponses(400, 404, 413, 415, 429) },
      },
    },
    async (request) => {
      const webhookId = app.config.PAYPAL_WEBHOOK_ID;
      if (!webhookId || app.payments.kind !== 'paypal') {
        throw notFound('Webhooks are not configured');
      }
      // Each request below costs a call to PayPal: bounded per address (issue #35).
      await app.rateLimiter.consumeByAddress(paypalWebhookRule, request.ip);
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

  app.put(
    '/api/orders/:id/sent',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Mark a paid order as sent, with its carrier and tracking number if given (admin)',
        params: idParamsSchema,
        // Optional (Fastify gives null without one): a call without a body marks the order
        // sent, as before carriers were kept.
        body: markSentRequestSchema.nullish(),
        response: { 200: orderSchema, ...errorResponses(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const order = await advanceOrder(
        app.db,
        currentUser(request),
        request.params.id,
        'sent',
        notices,
        {
          carrier: shipmentText(request.body?.carrier),
          trackingNumber: shipmentText(request.body?.trackingNumber),
        },
      );
      notices.nudge();
      return order;
    },
  );

  app.put(
    '/api/orders/:id/deliver',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Mark a sent order as delivered (admin)',
        params: idParamsSchema,
        response: { 200: orderSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const order = await advanceOrder(
        app.db,
        currentUser(request),
        request.params.id,
        'delivered',
        notices,
      );
      notices.nudge();
      return order;
    },
  );

  app.get(
    '/api/orders/:id/events',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: "The order's timeline, oldest first, internal notes included (admin)",
        params: idParamsSchema,
        response: { 200: orderEventListSchema, ...errorResponses(404) },
      },
    },
    (request) => orderTimeline(app.db, request.params.id),
  );

  app.post(
    '/api/orders/:id/notes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary:
          "Add an internal note to the order's timeline, never shown to the customer (admin)",
        params: idParamsSchema,
        body: orderNoteRequestSchema,
        response: { 201: orderEventSchema, ...errorResponses(400, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const event = await addOrderNote(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.note,
      );
      return reply.code(201).send(event);
    },
  );
};
