import {
  orderSchema,
  payConfigSchema,
  orderKeyQuerySchema,
  payOrderRequestSchema,
  startPaymentResponseSchema,
} from '@proshop/domain/order-schemas';
import { offeredMethods } from '@proshop/domain/payment-methods';
import { idParamsSchema, messageResponseSchema } from '@proshop/domain/route-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalid, notFound } from '../../errors/app-error.ts';
import { errorResponses } from '../../errors/error-responses.ts';
import { orderCaller } from '../orders/order-caller.ts';
import { paypalWebhookRule } from '../rate-limit/rules.ts';
import { orderNotices } from '../orders/notify-buyer.ts';
import { settleDeps } from '../orders/order-deps.ts';
import { payOrder, startPayment } from './pay-order.ts';
import { applyWebhookEvent, webhookEventSchema } from './paypal-webhook.ts';
import { stripeWebhookRoutes } from './stripe-webhook-routes.ts';

/**
 * Paying an order through the provider, and the provider's webhook. What the browser needs to
 * show the payment buttons is public; no secret ever leaves the server.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const notices = orderNotices(app);
  // Its own plugin: it reads its bodies raw, for their signature.
  await app.register(stripeWebhookRoutes);

  app.get(
    '/api/config/pay',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary:
          "The payment providers and methods offered, their public keys, currency and scripts' addresses",
        response: { 200: payConfigSchema, ...errorResponses() },
      },
    },
    async () => {
      const { kinds } = app.payments;
      const { config } = app;
      return {
        providers: kinds,
        methods: offeredMethods(kinds),
        clientId: kinds.includes('paypal')
          ? (config.PAYPAL_CLIENT_ID ?? '')
          : kinds.includes('test')
            ? 'test'
            : '',
        currency: config.PAYMENT_CURRENCY,
        sdkUrl: config.PAYPAL_SDK_URL,
        stripe:
          kinds.includes('stripe') && config.STRIPE_PUBLISHABLE_KEY
            ? { publishableKey: config.STRIPE_PUBLISHABLE_KEY, jsUrl: config.STRIPE_JS_URL }
            : null,
      };
    },
  );

  app.post(
    '/api/orders/:id/payment',
    {
      config: { access: 'guest' },
      schema: {
        tags: ['orders'],
        summary:
          "Create the provider's payment for an unpaid order (its amount is the server's); its buyer signed in, or a guest with the order's key",
        params: idParamsSchema,
        querystring: orderKeyQuerySchema,
        response: { 200: startPaymentResponseSchema, ...errorResponses(400, 403, 404, 409) },
      },
    },
    (request) =>
      startPayment(settleDeps(app, request.log, notices), orderCaller(request), request.params.id),
  );

  app.put(
    '/api/orders/:id/pay',
    {
      config: { access: 'guest' },
      schema: {
        tags: ['orders'],
        summary:
          "Capture and verify the approved payment, taking the stock, and mark the order paid; its buyer signed in, or a guest with the order's key",
        params: idParamsSchema,
        querystring: orderKeyQuerySchema,
        body: payOrderRequestSchema,
        response: { 200: orderSchema, ...errorResponses(400, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const order = await payOrder(
        settleDeps(app, request.log, notices),
        orderCaller(request),
        request.params.id,
        request.body.providerOrderId,
      );
      notices.nudge();
      return order;
    },
  );

  app.post(
    '/api/payments/paypal/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary:
          "PayPal's webhook: capture completed, denied or reversed, and refunds, verified with PayPal",
        body: webhookEventSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 404, 413, 415, 429) },
      },
    },
    async (request) => {
      const webhookId = app.config.PAYPAL_WEBHOOK_ID;
      const paypal = app.payments.find('paypal');
      if (!webhookId || !paypal) throw notFound('Webhooks are not configured');
      // Each request below costs a call to PayPal: bounded per address (issue #35).
      await app.rateLimiter.consumeByAddress(paypalWebhookRule, request.ip);
      const verified = await paypal.verifyWebhook({
        headers: request.headers,
        event: request.body,
        webhookId,
      });
      // Whoever is not PayPal changes nothing.
      if (!verified) throw invalid('The event could not be verified with PayPal');
      const outcome = await applyWebhookEvent(settleDeps(app, request.log, notices), request.body);
      notices.nudge();
      return { message: outcome };
    },
  );
};
