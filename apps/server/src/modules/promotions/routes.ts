import {
  discountDeleteResponseSchema,
  discountListSchema,
  discountOrdersSchema,
  discountRequestSchema,
  discountSchema,
} from '@proshop/domain/discount-schemas';
import { idParamsSchema } from '@proshop/domain/route-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { currentUser } from '../auth/access-plugin.ts';
import {
  createDiscount,
  deleteDiscount,
  discountOrders,
  getDiscount,
  listDiscounts,
  updateDiscount,
} from './service.ts';

const tags = ['discounts'];

/**
 * Discount codes: the admin's CRUD. The shopper's check of a code against the cart is the
 * checkout's (checkout/routes.ts). Decision 0020.
 */
export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/discounts',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Every discount code, newest first, with its uses and the discount it gave',
        response: { 200: discountListSchema, ...errorResponses() },
      },
    },
    () => listDiscounts(app.db),
  );

  app.post(
    '/api/discounts',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create a discount code (codes are unique without case)',
        body: discountRequestSchema,
        response: { 201: discountSchema, ...errorResponses(400, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDiscount(app.db, currentUser(request), request.body)),
  );

  // A static segment wins over `/:id` in Fastify's router, whatever the registration order.
  app.get(
    '/api/discounts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'A discount code',
        params: idParamsSchema,
        response: { 200: discountSchema, ...errorResponses(404) },
      },
    },
    (request) => getDiscount(app.db, request.params.id),
  );

  app.put(
    '/api/discounts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Replace a discount code, its terms and conditions (active absent: unchanged); its uses stay',
        params: idParamsSchema,
        body: discountRequestSchema,
        response: { 200: discountSchema, ...errorResponses(400, 404, 409, 413, 415) },
      },
    },
    (request) => updateDiscount(app.db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/discounts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Delete a discount code; one that orders hold a use of or wait to pay with is deactivated instead (deactivated: true)',
        params: idParamsSchema,
        response: { 200: discountDeleteResponseSchema, ...errorResponses(404) },
      },
    },
    (request) => deleteDiscount(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/api/discounts/:id/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The paid orders that used a discount code, newest first (the latest 200)',
        params: idParamsSchema,
        response: { 200: discountOrdersSchema, ...errorResponses(404) },
      },
    },
    (request) => discountOrders(app.db, request.params.id),
  );
};
