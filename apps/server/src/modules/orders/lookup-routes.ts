import { orderLookupRequestSchema } from '@proshop/domain/order-schemas';
import { messageResponseSchema } from '@proshop/domain/route-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { noStore } from '../../http/no-store.ts';
import { rateLimitRules } from '../rate-limit/rules.ts';
import { sendGuestLinkAgain } from './guest-link-again.ts';
import { orderNotices } from './notify-buyer.ts';

export const LINK_SENT_IF_FOUND =
  'If an order with this number was placed as a guest with this e-mail, we have sent a new link to it. The link sent before no longer opens the order.';

/**
 * A guest who lost the e-mail with their order's link asks for a new one (issue #37). The answer
 * is the same 202, in status, text and time, whether such an order exists or not: the look-up
 * itself runs after the answer, at a random moment (backgroundMail), so that neither the answer
 * nor its timing tells which orders exist.
 */
export const orderLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const notices = orderNotices(app);

  app.post(
    '/api/orders/lookup',
    {
      config: { access: 'public' },
      onRequest: noStore,
      schema: {
        tags: ['orders'],
        summary:
          "E-mail a new link to a guest's order, found by its number and e-mail (the same 202 whether it exists or not)",
        body: orderLookupRequestSchema,
        response: { 202: messageResponseSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      await app.rateLimiter.consume(rateLimitRules.orderLookup, {
        address: request.ip,
        email: request.body.email,
      });
      const { body } = request;
      app.backgroundMail.start('sending an order link again', async () => {
        if (await sendGuestLinkAgain(app.db, notices, body)) notices.nudge();
      });
      return reply.code(202).send({ message: LINK_SENT_IF_FOUND });
    },
  );
};
