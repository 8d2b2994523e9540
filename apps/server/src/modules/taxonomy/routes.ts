import { errorResponseSchema } from '@proshop/domain/error-schemas';
import { idParamsSchema, messageResponseSchema } from '@proshop/domain/route-schemas';
import {
  slugParamsSchema,
  TAXONOMY_KINDS,
  TAXONOMY_LABELS,
  taxonomyCreateRequestSchema,
  taxonomyListSchema,
  taxonomyMergeRequestSchema,
  taxonomySchema,
  taxonomyUpdateRequestSchema,
  type TaxonomyKind,
} from '@proshop/domain/taxonomy-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { currentUser } from '../auth/access-plugin.ts';
import type { TaxonomyCopies } from './product-copies.ts';
import {
  createTaxonomy,
  deleteTaxonomy,
  getTaxonomyBySlug,
  listTaxonomy,
  mergeTaxonomy,
  updateTaxonomy,
} from './service.ts';

/** The address of a kind's collection. */
const PATHS: Record<TaxonomyKind, string> = {
  category: '/api/categories',
  brand: '/api/brands',
};

/**
 * The 409 of a delete refused while products use the record: how many do. Optional in the
 * schema only, so that the document keeps `{ message }` the one required field of every error.
 */
const inUseResponseSchema = errorResponseSchema.extend({ count: z.number().int().optional() });

/** The same routes for categories and for brands. */
/** `copies`: the products module's side of a record's products (app.ts wires it). */
export const taxonomyRoutes: FastifyPluginAsyncZod<{ copies: TaxonomyCopies }> = async (
  app,
  { copies },
) => {
  for (const kind of TAXONOMY_KINDS) {
    const path = PATHS[kind];
    const { one, many } = TAXONOMY_LABELS[kind];
    const tags = [many.toLowerCase()];
    const a = one.toLowerCase();

    app.get(
      path,
      {
        config: { access: 'public', catalogueCache: true },
        schema: {
          tags,
          summary: `Every ${a}, by name, with how many products it holds`,
          response: { 200: taxonomyListSchema, ...errorResponses() },
        },
      },
      (request) => listTaxonomy(app.readDb(request), kind),
    );

    app.get(
      `${path}/:slug`,
      {
        config: { access: 'public', catalogueCache: true },
        schema: {
          tags,
          summary: `A ${a} by its slug`,
          params: slugParamsSchema,
          response: { 200: taxonomySchema, ...errorResponses(400, 404) },
        },
      },
      (request) => getTaxonomyBySlug(app.readDb(request), kind, request.params.slug),
    );

    app.post(
      path,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: `Create a ${a}; without a slug, one is made from the name`,
          body: taxonomyCreateRequestSchema,
          response: { 201: taxonomySchema, ...errorResponses(400, 409, 413, 415) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await createTaxonomy(app.db, app.catalogue, currentUser(request), kind, request.body),
          ),
    );

    app.put(
      `${path}/:id`,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: `Rename a ${a} or change its slug, description or picture`,
          params: idParamsSchema,
          body: taxonomyUpdateRequestSchema,
          response: { 200: taxonomySchema, ...errorResponses(400, 404, 409, 413, 415) },
        },
      },
      (request) =>
        updateTaxonomy(
          app.db,
          app.catalogue,
          copies,
          currentUser(request),
          kind,
          request.params.id,
          request.body,
          { storage: app.imageStorage, log: request.log },
        ),
    );

    app.delete(
      `${path}/:id`,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: `Delete a ${a} no product uses`,
          params: idParamsSchema,
          response: {
            200: messageResponseSchema,
            ...errorResponses(404),
            409: inUseResponseSchema,
          },
        },
      },
      (request) =>
        deleteTaxonomy(app.db, app.catalogue, currentUser(request), kind, request.params.id, {
          storage: app.imageStorage,
          log: request.log,
        }),
    );

    app.post(
      `${path}/:id/merge`,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: `Move every product of a ${a} to another, then delete it`,
          params: idParamsSchema,
          body: taxonomyMergeRequestSchema,
          response: { 200: taxonomySchema, ...errorResponses(400, 404, 413, 415) },
        },
      },
      (request) =>
        mergeTaxonomy(
          app.db,
          app.catalogue,
          copies,
          currentUser(request),
          kind,
          request.params.id,
          request.body.into,
          { storage: app.imageStorage, log: request.log },
        ),
    );
  }
};
