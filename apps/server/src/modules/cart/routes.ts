import {
  cartMergeRequestSchema,
  cartSchema,
  cartUpdateRequestSchema,
} from '@proshop/domain/cart-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { currentUser } from '../auth/access-plugin.ts';
import { getCart, mergeCart, updateCart } from './service.ts';

const tags = ['cart'];

/** The signed-in customer's cart, kept with the account (docs/decisions/0026). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/cart',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "The customer's cart with current names, prices and stock; lines that cannot be bought say why",
        response: { 200: cartSchema, ...errorResponses() },
      },
    },
    (request) => getCart(app.db, currentUser(request).id),
  );

  app.put(
    '/api/cart',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Replace the cart (quantities capped at the stock); 409 when `version` is not the current one',
        body: cartUpdateRequestSchema,
        response: { 200: cartSchema, ...errorResponses(400, 404, 409, 413, 415) },
      },
    },
    (request) => updateCart(app.db, currentUser(request), request.body),
  );

  app.post(
    '/api/cart/merge',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Merge the browser's cart into the account's at sign-in: the larger quantity of a line, never above the stock",
        body: cartMergeRequestSchema,
        response: { 200: cartSchema, ...errorResponses(400, 413, 415) },
      },
    },
    (request) => mergeCart(app.db, currentUser(request), request.body),
  );
};
