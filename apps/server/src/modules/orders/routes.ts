import {
  orderKeyQuerySchema,
  orderListSchema,
  orderPageSchema,
  orderSchema,
} from '@proshop/domain/order-schemas';
import {
  orderEventListSchema,
  orderEventSchema,
  orderNoteRequestSchema,
} from '@proshop/domain/order-event-schemas';
import { orderFiltersSchema, orderListQuerySchema } from '@proshop/domain/order-search-schemas';
import { idParamsSchema } from '@proshop/domain/route-schemas';
import { markSentRequestSchema, shipmentText } from '@proshop/domain/shipment-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { currentUser } from '../auth/access-plugin.ts';
import { orderCaller } from './order-caller.ts';
import { orderNotices } from './notify-buyer.ts';
import { exportOrders } from './orders-export.ts';
import { addOrderNote, orderTimeline } from './order-timeline.ts';
import { advanceOrder, getOrder, myOrders, orderPage } from './service.ts';

/**
 * The order record: the buyer's orders, the admin's list, export, sent and delivered, and the
 * timeline. Placing is in checkout/routes.ts, paying in payments/routes.ts, cancelling,
 * refunding and returns in after-sale/routes.ts.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const notices = orderNotices(app);

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
      const csv = await exportOrders(app.readDb(request), filter, { now: app.clock.now() });
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
      config: { access: 'guest' },
      schema: {
        tags: ['orders'],
        summary:
          "One order, for its buyer (signed in, or with the key of a guest order's link) or an admin; 404 for anyone else",
        params: idParamsSchema,
        querystring: orderKeyQuerySchema,
        response: { 200: orderSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => getOrder(app.db, orderCaller(request), request.params.id),
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
