import { dashboardQuerySchema, dashboardSchema } from '@proshop/domain/dashboard-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { getDashboard } from './service.ts';

/** The admin's sales dashboard (issue #19, docs/decisions/0021). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['dashboard'],
        summary:
          "Sales of a range of days in the shop's time zone compared with the days just before, by day, week or month; the best-selling products, the orders waiting to be sent and the variants low on stock",
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...errorResponses(400) },
      },
    },
    (request) =>
      getDashboard(app.readDb(request), request.query, {
        timeZone: app.config.SHOP_TIMEZONE,
        lowStockThreshold: app.config.LOW_STOCK_THRESHOLD,
        now: app.clock.now(),
      }),
  );
};
