import type { Order } from '@proshop/domain/order-schemas';
import type { Refund } from '@proshop/domain/refund-schemas';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { cancelledEmail, receiptEmail, refundEmail, sentEmail } from './order-emails.ts';

export type OrderEvent =
  'paid' | 'sent' | { cancelledBy: Parameters<typeof cancelledEmail>[3] } | { refund: Refund };

export interface OrderNotices {
  /**
   * Writes the buyer's e-mail about the event to the mail outbox, in the transaction that makes
   * the change: the e-mail exists exactly when the change does, and a mail server that is down
   * cannot turn a captured payment into an error.
   */
  queue(tx: Database, order: Order, event: OrderEvent): Promise<void>;
  /** Wakes the outbox worker once that transaction has committed. */
  nudge(): void;
}

export function orderNotices(app: FastifyInstance): OrderNotices {
  return {
    async queue(tx, order, event) {
      const url = `${app.config.publicUrl}/order/${order._id}`;
      const shop = app.config.SHOP_NAME;
      const message =
        event === 'paid'
          ? receiptEmail(order, shop, url)
          : event === 'sent'
            ? sentEmail(order, shop, url)
            : 'refund' in event
              ? refundEmail(order, event.refund, shop, url)
              : cancelledEmail(order, shop, url, event.cancelledBy);
      await app.mailOutbox.queue(tx, message);
    },
    nudge: () => app.mailOutbox.nudge(),
  };
}
