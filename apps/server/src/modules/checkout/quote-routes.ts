import {
  checkoutConfigSchema,
  quoteRequestSchema,
  quoteSchema,
} from '@proshop/domain/checkout-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { checkingCustomer, countCodeCheck } from './code-check-limit.ts';
import { quoteCheckout } from './quote.ts';

/**
 * What the checkout screens ask before the order is placed (issue #37): whether a guest may buy,
 * and what the cart will cost at each step.
 */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config/checkout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        summary: 'What the checkout offers: whether guests may buy without an account',
        response: { 200: checkoutConfigSchema, ...errorResponses() },
      },
    },
    async () => ({ guestCheckout: app.config.CHECKOUT_ACCOUNTS === 'optional' }),
  );

  app.post(
    '/api/checkout/quote',
    {
      config: { access: 'guest' },
      schema: {
        tags: ['orders'],
        summary:
          "The order's prices as POST /api/orders would charge them now (shipping, tax and total null until the shipping address is known); a code that does not apply answers as POST /api/discounts/check",
        body: quoteRequestSchema,
        response: {
          200: quoteSchema,
          ...errorResponses(400, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request) => {
      const customer = checkingCustomer(request.user, request.body.email);
      // A quote with a code is a code check: counted the same, so it is no way around the limit.
      if (request.body.discountCode?.trim()) {
        await countCodeCheck(app.rateLimiter, request.ip, customer);
      }
      return quoteCheckout(app.db, customer, request.body, {
        currency: app.config.PAYMENT_CURRENCY,
        now: app.clock.now(),
      });
    },
  );
};
