import { createOrderRequestSchema, orderSchema } from '@proshop/domain/order-schemas';
import {
  discountCheckRequestSchema,
  discountCheckResponseSchema,
} from '@proshop/domain/discount-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { currentUser } from '../auth/access-plugin.ts';
import { rateLimitRules } from '../rate-limit/rules.ts';
import { checkDiscount } from './discount-check.ts';
import { createOrder } from './place-order.ts';

const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, 'must be 1 to 200 visible ASCII characters')
    .optional(),
});

/** The checkout: placing an order, and checking a discount code against the cart first. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.post(
    '/api/discounts/check',
    {
      config: { access: 'user' },
      schema: {
        tags: ['discounts'],
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
};
