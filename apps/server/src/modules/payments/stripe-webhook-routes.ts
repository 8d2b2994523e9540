import { messageResponseSchema } from '@proshop/domain/route-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound } from '../../errors/app-error.ts';
import { errorResponses } from '../../errors/error-responses.ts';
import { orderNotices } from '../orders/notify-buyer.ts';
import { settleDeps } from '../orders/order-deps.ts';
import { stripeWebhookRule } from '../rate-limit/rules.ts';
import { applyStripeEvent, stripeEventSchema, verifiedStripeEvent } from './stripe-webhook.ts';

/** Far above any event Stripe sends (a few kilobytes; a charge with its refunds, tens). */
const STRIPE_EVENT_LIMIT_BYTES = 512 * 1024;

/**
 * Stripe's webhook. Its signature is over the exact bytes Stripe sent, so this plugin (and only
 * it: the plugin is encapsulated) reads JSON bodies as they arrived, unparsed; the event is read
 * from them once the signature matched.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const notices = orderNotices(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: STRIPE_EVENT_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/payments/stripe/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary:
          "Stripe's webhook: payments succeeded or failed, refunds, disputes; the Stripe-Signature header checked against the raw body",
        headers: z.looseObject({
          'stripe-signature': z
            .string()
            .optional()
            .describe('t=<unix time>,v1=<HMAC-SHA256 of "<t>.<raw body>" with the secret>'),
        }),
        response: { 200: messageResponseSchema, ...errorResponses(400, 404, 413, 415, 429) },
      },
    },
    async (request) => {
      const secret = app.config.STRIPE_WEBHOOK_SECRET;
      if (!secret || !app.payments.find('stripe')) throw notFound('Webhooks are not configured');
      // Only refused events are counted: past the limit an address is refused before its
      // signature is even checked; Stripe's own deliveries are never limited.
      const attempt = await app.rateLimiter.admitByAddress(stripeWebhookRule, request.ip);
      const raw = Buffer.isBuffer(request.body) ? request.body : undefined;
      const verified =
        raw &&
        verifiedStripeEvent(raw, request.headers['stripe-signature'], secret, app.clock.now());
      // Whoever is not Stripe changes nothing.
      if (!verified) throw invalid('The event could not be verified');
      await attempt.succeeded();
      const event = stripeEventSchema.safeParse(verified);
      if (!event.success) throw invalid('The event could not be read');
      const outcome = await applyStripeEvent(settleDeps(app, request.log, notices), event.data);
      notices.nudge();
      return { message: outcome };
    },
  );
};
