import { orderKeyQuerySchema, orderSchema } from '@proshop/domain/order-schemas';
import {
  acceptReturnSchema,
  declineReturnSchema,
  refundRequestSchema,
  refundSchema,
  returnRequestSchema,
} from '@proshop/domain/refund-schemas';
import { idParamsSchema, idSchema } from '@proshop/domain/route-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { currentUser } from '../auth/access-plugin.ts';
import { orderCaller } from '../orders/order-caller.ts';
import { orderNotices } from '../orders/notify-buyer.ts';
import { settleDeps } from '../orders/order-deps.ts';
import { cancelOrder } from './cancel-order.ts';
import { refundOrder } from './refund-order.ts';
import { acceptReturn, declineReturn, requestReturn } from './return-requests.ts';

/** After the sale: cancelling an order, refunds, and return requests with their decisions. */
export const afterSaleRoutes: FastifyPluginAsyncZod = async (app) => {
  const notices = orderNotices(app);

  app.post(
    '/api/orders/:id/cancel',
    {
      config: { access: 'guest' },
      schema: {
        tags: ['orders'],
        summary:
          "Cancel an order: its buyer (signed in, or a guest with the order's key) before it is paid, an admin before it is sent (refunding it)",
        params: idParamsSchema,
        querystring: orderKeyQuerySchema,
        response: { 200: orderSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const order = await cancelOrder(
        settleDeps(app, request.log, notices),
        orderCaller(request),
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
        settleDeps(app, request.log, notices),
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
      config: { access: 'guest' },
      schema: {
        tags: ['orders'],
        summary:
          "Ask to return lines of a paid order (its buyer, signed in or a guest with the order's key); the shop accepts or declines",
        params: idParamsSchema,
        querystring: orderKeyQuerySchema,
        body: returnRequestSchema,
        response: { 201: orderSchema, ...errorResponses(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const order = await requestReturn(
        settleDeps(app, request.log, notices),
        orderCaller(request),
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
      const deps = settleDeps(app, request.log, notices);
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
      const deps = settleDeps(app, request.log, notices);
      const order = await declineReturn(deps, currentUser(request), id, returnId, request.body);
      notices.nudge();
      return order;
    },
  );
};
