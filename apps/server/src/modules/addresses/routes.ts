import {
  addressListSchema,
  addressRequestSchema,
  addressSchema,
} from '@proshop/domain/address-schemas';
import { idParamsSchema, messageResponseSchema } from '@proshop/domain/route-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { currentUser } from '../auth/access-plugin.ts';
import { addAddress, editAddress, listAddresses, removeAddress } from './service.ts';

export const ADDRESS_DELETED = 'Address deleted';

/** The signed-in customer's address book (issue #21, docs/decisions/0027). */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/addresses',
    {
      config: { access: 'user' },
      schema: {
        tags: ['addresses'],
        summary: "The caller's saved addresses, the default first",
        response: { 200: addressListSchema, ...errorResponses() },
      },
    },
    (request) => listAddresses(app.db, currentUser(request)),
  );

  app.post(
    '/api/addresses',
    {
      config: { access: 'user' },
      schema: {
        tags: ['addresses'],
        summary: 'Save an address (the first one becomes the default)',
        body: addressRequestSchema,
        response: { 201: addressSchema, ...errorResponses(400, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addAddress(app.db, currentUser(request), request.body)),
  );

  app.put(
    '/api/addresses/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['addresses'],
        summary: 'Change a saved address, or make it the default',
        params: idParamsSchema,
        body: addressRequestSchema,
        response: { 200: addressSchema, ...errorResponses(400, 404, 413, 415) },
      },
    },
    (request) => editAddress(app.db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/addresses/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['addresses'],
        summary: 'Delete a saved address',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await removeAddress(app.db, currentUser(request), request.params.id);
      return { message: ADDRESS_DELETED };
    },
  );
};
