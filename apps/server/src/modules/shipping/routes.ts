import { idParamsSchema, messageResponseSchema } from '@proshop/domain/route-schemas';
import {
  methodRequestSchema,
  shippingMethodSchema,
  shippingSettingsSchema,
  shippingZoneSchema,
  taxClassListSchema,
  taxClassRequestSchema,
  taxClassSchema,
  taxRateRequestSchema,
  taxRateSchema,
  taxSettingsSchema,
  zoneOrderSchema,
  zoneRequestSchema,
} from '@proshop/domain/shipping-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { currentUser } from '../auth/access-plugin.ts';
import { getShippingSettings, updateTaxSettings } from './settings-service.ts';
import {
  changeTaxClass,
  createTaxClass,
  listTaxClasses,
  putTaxRate,
  removeTaxClass,
  removeTaxRate,
} from './tax-classes.ts';
import {
  changeMethod,
  changeZone,
  createMethod,
  createZone,
  orderZones,
  removeMethod,
  removeZone,
} from './zones.ts';

const tags = ['shipping'];
const admin = { access: 'admin' } as const;

/**
 * The merchant's shipping and tax settings (issue #38): zones in their matching order with
 * their methods, tax classes and rates, and whether prices include tax. Admins only.
 */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/shipping',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every shipping zone in its order with its methods and tax rates, every tax class',
        response: { 200: shippingSettingsSchema, ...errorResponses() },
      },
    },
    () => getShippingSettings(app.db),
  );

  app.post(
    '/api/admin/shipping/zones',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create a shipping zone, matched after every other',
        body: zoneRequestSchema,
        response: { 201: shippingZoneSchema, ...errorResponses(400, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createZone(app.db, currentUser(request), request.body)),
  );

  app.put(
    '/api/admin/shipping/zones/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: "Change a zone's name, countries, regions, postal prefixes and shipping tax",
        params: idParamsSchema,
        body: zoneRequestSchema,
        response: { 200: shippingZoneSchema, ...errorResponses(400, 404, 413, 415) },
      },
    },
    (request) => changeZone(app.db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/shipping/zones/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a zone with its methods and rates; placed orders keep their snapshot',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(404) },
      },
    },
    (request) => removeZone(app.db, currentUser(request), request.params.id),
  );

  app.put(
    '/api/admin/shipping/zone-order',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The order zones are matched in: every zone named exactly once',
        body: zoneOrderSchema,
        response: { 200: shippingSettingsSchema, ...errorResponses(400, 413, 415) },
      },
    },
    (request) => orderZones(app.db, currentUser(request), request.body),
  );

  app.post(
    '/api/admin/shipping/zones/:id/methods',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create a shipping method of a zone, offered after its others',
        params: idParamsSchema,
        body: methodRequestSchema,
        response: { 201: shippingMethodSchema, ...errorResponses(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createMethod(app.db, currentUser(request), request.params.id, request.body)),
  );

  app.put(
    '/api/admin/shipping/methods/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Change a shipping method; placed orders keep their snapshot',
        params: idParamsSchema,
        body: methodRequestSchema,
        response: { 200: shippingMethodSchema, ...errorResponses(400, 404, 413, 415) },
      },
    },
    (request) => changeMethod(app.db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/shipping/methods/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a shipping method; placed orders keep their snapshot',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(404) },
      },
    },
    (request) => removeMethod(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/api/admin/tax-classes',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The tax classes a product may be taxed as',
        response: { 200: taxClassListSchema, ...errorResponses() },
      },
    },
    () => listTaxClasses(app.db),
  );

  app.post(
    '/api/admin/tax-classes',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create a tax class (names unique without case); isDefault makes it the default',
        body: taxClassRequestSchema,
        response: { 201: taxClassSchema, ...errorResponses(400, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createTaxClass(app.db, currentUser(request), request.body)),
  );

  app.put(
    '/api/admin/tax-classes/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Rename a tax class; isDefault true makes it the default instead of the other',
        params: idParamsSchema,
        body: taxClassRequestSchema,
        response: { 200: taxClassSchema, ...errorResponses(400, 404, 409, 413, 415) },
      },
    },
    (request) => changeTaxClass(app.db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/tax-classes/:id',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Delete a tax class with its rates: not the default, nor one products are taxed as',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(404, 409) },
      },
    },
    (request) => removeTaxClass(app.db, currentUser(request), request.params.id),
  );

  app.put(
    '/api/admin/tax-rates',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Set the tax rate of a class in a zone (made or changed: one per zone and class)',
        body: taxRateRequestSchema,
        response: { 200: taxRateSchema, ...errorResponses(400, 413, 415) },
      },
    },
    (request) => putTaxRate(app.db, currentUser(request), request.body),
  );

  app.delete(
    '/api/admin/tax-rates/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a tax rate: the class is then untaxed in that zone',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(404) },
      },
    },
    (request) => removeTaxRate(app.db, currentUser(request), request.params.id),
  );

  app.put(
    '/api/admin/tax-settings',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Whether catalogue prices include tax; placed orders keep theirs',
        body: taxSettingsSchema,
        response: { 200: taxSettingsSchema, ...errorResponses(400, 413, 415) },
      },
    },
    (request) => updateTaxSettings(app.db, currentUser(request), request.body),
  );
};
