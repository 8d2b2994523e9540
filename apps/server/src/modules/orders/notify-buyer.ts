import type { Order } from '@proshop/domain/order-schemas';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { receiptEmail, sentEmail } from './order-emails.ts';

/**
 * Tells the buyer that their order was paid or sent. The order change is already committed: a
 * mail server that is down must not turn a captured payment into an error, so a failure is only
 * logged.
 */
export async function notifyBuyer(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  order: Order,
  event: 'paid' | 'sent',
): Promise<void> {
  const url = `${app.config.publicUrl}/order/${order._id}`;
  const message =
    event === 'paid'
      ? receiptEmail(order, app.config.SHOP_NAME, url)
      : sentEmail(order, app.config.SHOP_NAME, url);
  try {
    await app.mailer.send(message);
  } catch (error) {
    log.error({ err: error, orderId: order._id, event }, 'the order e-mail could not be sent');
  }
}
