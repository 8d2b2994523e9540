import { payConfigSchema } from '@proshop/domain/order-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors/error-responses.ts';

/** What the browser needs to show the payment buttons; no secret ever leaves the server. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config/pay',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'The payment provider, its public client id, currency and script address',
        response: { 200: payConfigSchema, ...errorResponses() },
      },
    },
    async () => ({
      provider: app.payments.kind,
      clientId: app.payments.kind === 'paypal' ? (app.config.PAYPAL_CLIENT_ID ?? '') : 'test',
      currency: app.config.PAYMENT_CURRENCY,
      sdkUrl: app.config.PAYPAL_SDK_URL,
    }),
  );
};
