import { createReviewRequestSchema } from '@proshop/domain/product-schemas';
import { idParamsSchema, messageResponseSchema } from '@proshop/domain/route-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { currentUser } from '../auth/access-plugin.ts';
import type { RatingCopies } from './rating-copies.ts';
import { addReview } from './service.ts';

export const REVIEW_ADDED = 'Review added';

/** `copies`: the products module's side of a product's rating (app.ts wires it). */
export const reviewRoutes: FastifyPluginAsyncZod<{ copies: RatingCopies }> = async (
  app,
  { copies },
) => {
  app.post(
    '/api/products/:id/reviews',
    {
      config: { access: 'user' },
      schema: {
        tags: ['reviews'],
        summary: 'Review a product (one review per user and product)',
        params: idParamsSchema,
        body: createReviewRequestSchema,
        response: { 201: messageResponseSchema, ...errorResponses(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      await addReview(
        app.db,
        app.catalogue,
        copies,
        request.params.id,
        currentUser(request),
        request.body,
      );
      return reply.code(201).send({ message: REVIEW_ADDED });
    },
  );
};
