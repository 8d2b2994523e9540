import {
  discountCheckRequestSchema,
  discountCheckResponseSchema,
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
import { rateLimitRules } from '../rate-limit/rules.ts';
import { checkDiscount } from './check.ts';
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
 * Discount codes: the admin's CRUD, and the shopper's check of a code against the cart. A code
 * that does not exist answers 404, one whose conditions are not met 422, both with the reason
 * as the message (decision 0020).
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
  app.post(
    '/api/discounts/check',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Whether a code applies to the cart's lines, and the order's prices with it; 404 for an unknown code, 422 with the reason when it does not apply",
        body: discountCheckRequestSchema,
        response: {
          200: discountCheckResponseSchema,
          ...errorResponses(400, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await app.rateLimiter.consume(rateLimitRules.discountCode, {
        address: request.ip,
        email: user.email,
      });
      return checkDiscount(app.db, user, request.body, {
        currency: app.config.PAYMENT_CURRENCY,
        now: app.clock.now(),
      });
    },
  );

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
