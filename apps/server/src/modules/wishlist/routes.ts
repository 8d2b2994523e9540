import { idParamsSchema, messageResponseSchema } from '@proshop/domain/route-schemas';
import {
  REMOVED_FROM_WISHLIST,
  SAVED_TO_WISHLIST,
  STOCK_ALERT_SAVED,
  stockAlertListSchema,
  stockAlertQuerySchema,
  stockAlertRequestSchema,
  wishlistAddRequestSchema,
  wishlistResponseSchema,
} from '@proshop/domain/wishlist-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { currentUser } from '../auth/access-plugin.ts';
import {
  listStockAlerts,
  listWishlist,
  removeFromWishlist,
  requestStockAlert,
  saveToWishlist,
} from './service.ts';

/** The wishlist and back-in-stock requests (issue #21, docs/decisions/0027). */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/wishlist',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wishlist'],
        summary: "The caller's saved products with their price and stock now",
        response: { 200: wishlistResponseSchema, ...errorResponses() },
      },
    },
    (request) => listWishlist(app.db, currentUser(request)),
  );

  app.post(
    '/api/wishlist',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wishlist'],
        summary: 'Save a product to the wishlist (saving it twice keeps one)',
        body: wishlistAddRequestSchema,
        response: { 201: messageResponseSchema, ...errorResponses(400, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      await saveToWishlist(app.db, currentUser(request), request.body.product);
      return reply.code(201).send({ message: SAVED_TO_WISHLIST });
    },
  );

  app.delete(
    '/api/wishlist/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wishlist'],
        summary: 'Remove a product from the wishlist',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await removeFromWishlist(app.db, currentUser(request), request.params.id);
      return { message: REMOVED_FROM_WISHLIST };
    },
  );

  app.get(
    '/api/stock-alerts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wishlist'],
        summary: "The caller's back-in-stock requests for a product",
        querystring: stockAlertQuerySchema,
        response: { 200: stockAlertListSchema, ...errorResponses(400) },
      },
    },
    (request) => listStockAlerts(app.db, currentUser(request), request.query.product),
  );

  app.post(
    '/api/stock-alerts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wishlist'],
        summary: 'E-mail me when it is back: one e-mail once the product or variant is in stock',
        body: stockAlertRequestSchema,
        response: { 201: messageResponseSchema, ...errorResponses(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      await requestStockAlert(app.db, currentUser(request), request.body);
      return reply.code(201).send({ message: STOCK_ALERT_SAVED });
    },
  );
};
