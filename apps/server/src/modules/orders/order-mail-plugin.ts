import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BY_SHOP, recordOrderEvent } from './order-events.ts';

/**
 * Every e-mail about an order that the outbox sends goes on the order's timeline (decision
 * 0023), in the transaction that marks it sent: the orders module hands the outbox this hook.
 */
export const orderMailPlugin = fp(async (app: FastifyInstance) => {
  app.mailOutbox.onSent(async (tx, sent) => {
    await recordOrderEvent(tx, {
      orderId: sent.orderId,
      kind: 'email',
      ...BY_SHOP,
      details: { subject: sent.subject, to: sent.to },
    });
  });
});
