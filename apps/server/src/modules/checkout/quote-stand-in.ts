import { quoteRequestSchema, quoteSchema } from '@proshop/domain/checkout-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { quoteOrder } from './place-order.ts';

/**
 * A stand-in for POST /api/checkout/quote (issue #37) so the web app's checkout can be built and
 * tested against real HTTP while the server's own route is written on another branch: the same
 * quote as placing the order, with shipping, tax and total null until the address is known.
 */
export const quoteStandInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/checkout/quote',
    {
      config: { access: 'guest' },
      schema: {
        tags: ['orders'],
        summary: 'What the order will cost (stand-in)',
        body: quoteRequestSchema,
        response: { 200: quoteSchema, ...errorResponses(400, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (request) => {
      const { user } = request;
      const customer = user
        ? { userId: user.id, email: user.email }
        : { userId: null, email: request.body.email ?? '' };
      const { prices, discount } = await quoteOrder(app.db, customer, request.body, {
        currency: app.config.PAYMENT_CURRENCY,
        now: app.clock.now(),
      });
      const known = request.body.shippingAddress !== undefined;
      return {
        itemsPrice: prices.itemsPrice,
        discountPrice: prices.discountPrice,
        shippingPrice: known ? prices.shippingPrice : null,
        taxPrice: known ? prices.taxPrice : null,
        totalPrice: known ? prices.totalPrice : null,
        discountCode: discount?.code ?? null,
      };
    },
  );
};
