import { productListQuerySchema, productListResponseSchema } from '@proshop/domain/product-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listProducts } from './service.ts';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'One page of products, optionally filtered by a keyword',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema },
      },
    },
    (request) => listProducts(app.db, request.query, app.config.PAGE_SIZE),
  );
};
