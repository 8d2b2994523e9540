import {
  createOrderRequestSchema,
  placedOrderSchema,
  type GuestBuyer,
} from '@proshop/domain/order-schemas';
import {
  discountCheckRequestSchema,
  discountCheckResponseSchema,
} from '@proshop/domain/discount-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { forbidden, invalid, unauthorized } from '../../errors/app-error.ts';
import { errorResponses } from '../../errors/error-responses.ts';
import { NOT_SIGNED_IN, type SessionUser } from '../auth/access-plugin.ts';
import { rateLimitRules } from '../rate-limit/rules.ts';
import { checkingCustomer, countCodeCheck } from './code-check-limit.ts';
import { checkDiscount } from './discount-check.ts';
import { orderNotices } from '../orders/notify-buyer.ts';
import { accountBuyer, createOrder, type Buyer } from './place-order.ts';

const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, 'must be 1 to 200 visible ASCII characters')
    .optional(),
});

export const ACCOUNTS_ONLY = 'This shop sells to signed-in customers only. Please sign in.';
export const GUEST_DETAILS_NEEDED = 'Enter your e-mail and name to check out as a guest';

/**
 * Who places the order: the signed-in account; else, when the shop lets guests buy
 * (CHECKOUT_ACCOUNTS=optional), the guest's e-mail and name. A shop that sells to accounts
 * only answers a guest 403, and a caller who sent neither 401 as before.
 */
function buyerOf(user: SessionUser | null, guest: GuestBuyer | undefined, config: Config): Buyer {
  if (user) return accountBuyer(user);
  if (config.CHECKOUT_ACCOUNTS === 'required') {
    if (guest) throw forbidden(ACCOUNTS_ONLY);
    throw unauthorized(NOT_SIGNED_IN);
  }
  if (!guest) throw invalid(GUEST_DETAILS_NEEDED);
  return { user: null, name: guest.name, email: guest.email };
}

/** The checkout: placing an order, and checking a discount code against the cart first. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const notices = orderNotices(app);

  app.post(
    '/api/orders',
    {
      config: { access: 'guest' },
      schema: {
        tags: ['orders'],
        summary:
          'Place an order at the current prices, with a discount code or none (Idempotency-Key makes a retry safe); signed in, or as a guest with an e-mail and a name (the answer then carries the key of its link, once)',
        headers: idempotencyHeaders,
        body: createOrderRequestSchema,
        response: {
          201: placedOrderSchema,
          ...errorResponses(400, 403, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const buyer = buyerOf(request.user, request.body.guest, app.config);
      if (!buyer.user) {
        // Each guest order holds stock of nobody's and mails an address nobody confirmed.
        await app.rateLimiter.consume(rateLimitRules.guestOrder, {
          address: request.ip,
          email: buyer.email,
        });
      }
      if (request.body.discountCode?.trim()) {
        await app.rateLimiter.consume(rateLimitRules.discountCode, {
          address: request.ip,
          email: buyer.email,
        });
      }
      const order = await createOrder(
        app.db,
        buyer,
        request.body,
        request.headers['idempotency-key'],
        { currency: app.config.PAYMENT_CURRENCY, now: app.clock.now() },
        notices,
      );
      // A guest's order queued the e-mail with its link.
      if (!buyer.user) notices.nudge();
      return reply.code(201).send(order);
    },
  );

  app.post(
    '/api/discounts/check',
    {
      config: { access: 'guest' },
      schema: {
        tags: ['discounts'],
        summary:
          "Whether a code applies to the cart's lines, and the order's prices with it; 404 for an unknown code, 422 with the reason when it does not apply",
        body: discountCheckRequestSchema,
        response: {
          200: discountCheckResponseSchema,
          ...errorResponses(400, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request) => {
      const customer = checkingCustomer(request.user, request.body.email);
      await countCodeCheck(app.rateLimiter, request.ip, customer);
      return checkDiscount(app.db, customer, request.body, {
        currency: app.config.PAYMENT_CURRENCY,
        now: app.clock.now(),
      });
    },
  );
};
