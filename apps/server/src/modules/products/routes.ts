import {
  productDetailSchema,
  productListQuerySchema,
  productListResponseSchema,
  productSchema,
  productUpdateRequestSchema,
  topProductsResponseSchema,
} from '@proshop/domain/product-schemas';
import {
  adminProductListQuerySchema,
  adminProductDetailSchema,
  adminProductListResponseSchema,
  adminProductSchema,
  productLowStockSchema,
} from '@proshop/domain/product-admin-schemas';
import { idParamsSchema, messageResponseSchema } from '@proshop/domain/route-schemas';
import { variantsUpdateRequestSchema } from '@proshop/domain/variant-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { currentUser } from '../auth/access-plugin.ts';
import {
  createSampleProduct,
  deleteProduct,
  getAdminProductDetail,
  getProductDetail,
  listProducts,
  topProducts,
  updateProduct,
} from './service.ts';
import { replaceVariants } from './variants-service.ts';
import { getProductLowStock, listAdminProducts } from './admin-products.ts';
import { productCsvRoutes } from './csv-routes.ts';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/products',
    {
      config: { access: 'public', catalogueCache: true },
      schema: {
        tags: ['products'],
        summary: 'One page of products, optionally filtered by a keyword',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, ...errorResponses(400) },
      },
    },
    (request) => listProducts(app.readDb(request), request.query, app.config.PAGE_SIZE),
  );

  // A static segment wins over `/:id` in Fastify's router, whatever the registration order.
  app.get(
    '/api/products/top',
    {
      config: { access: 'public', catalogueCache: true },
      schema: {
        tags: ['products'],
        summary: 'The best-rated products, for the carousel',
        response: { 200: topProductsResponseSchema, ...errorResponses() },
      },
    },
    (request) => topProducts(app.readDb(request)),
  );

  app.get(
    '/api/products/admin',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        summary:
          'The admin list: a page of every product, each marked when low on stock; lowStock=1 keeps only those',
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListResponseSchema, ...errorResponses(400) },
      },
    },
    (request) =>
      listAdminProducts(
        app.readDb(request),
        request.query,
        app.config.PAGE_SIZE,
        app.config.LOW_STOCK_THRESHOLD,
      ),
  );

  app.get(
    '/api/products/:id/low-stock',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        summary: "A product's low-stock threshold (null: the shop's) and whether it is low now",
        params: idParamsSchema,
        response: { 200: productLowStockSchema, ...errorResponses(404) },
      },
    },
    (request) => getProductLowStock(app.db, request.params.id, app.config.LOW_STOCK_THRESHOLD),
  );

  app.get(
    '/api/products/:id/admin',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        summary: 'A product as its edit screen shows it, a draft too, with its status',
        params: idParamsSchema,
        response: { 200: adminProductDetailSchema, ...errorResponses(404) },
      },
    },
    (request) => getAdminProductDetail(app.db, request.params.id),
  );

  await app.register(productCsvRoutes);

  app.get(
    '/api/products/:id',
    {
      config: { access: 'public', catalogueCache: true },
      schema: {
        tags: ['products'],
        summary: 'A product with its reviews',
        params: idParamsSchema,
        response: { 200: productDetailSchema, ...errorResponses(404) },
      },
    },
    (request) => getProductDetail(app.readDb(request), request.params.id),
  );

  app.post(
    '/api/products',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        summary: 'Create a sample product to edit',
        response: { 201: productSchema, ...errorResponses() },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSampleProduct(app.db, app.catalogue, currentUser(request))),
  );

  app.put(
    '/api/products/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        summary: 'Update a product',
        params: idParamsSchema,
        body: productUpdateRequestSchema,
        response: { 200: adminProductSchema, ...errorResponses(400, 404, 413, 415) },
      },
    },
    (request) =>
      updateProduct(
        app.db,
        app.catalogue,
        currentUser(request),
        request.params.id,
        request.body,
        { storage: app.imageStorage, log: request.log },
        app.config.LOW_STOCK_THRESHOLD,
        app.backInStock,
      ),
  );

  app.put(
    '/api/products/:id/variants',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        summary:
          "Replace a product's options and variants (kept by _id, created without, deleted when left out)",
        params: idParamsSchema,
        body: variantsUpdateRequestSchema,
        response: { 200: adminProductDetailSchema, ...errorResponses(400, 404, 409, 413, 415) },
      },
    },
    (request) =>
      replaceVariants(
        app.db,
        app.catalogue,
        currentUser(request),
        request.params.id,
        request.body,
        app.backInStock,
      ),
  );

  app.delete(
    '/api/products/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        summary: 'Delete a product; orders keep their copy of it',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(404) },
      },
    },
    (request) =>
      deleteProduct(app.db, app.catalogue, currentUser(request), request.params.id, {
        storage: app.imageStorage,
        log: request.log,
      }),
  );
};
