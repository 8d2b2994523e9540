import type { Order } from '@proshop/domain/order-schemas';
import type { Refund, ReturnRequest } from '@proshop/domain/refund-schemas';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { escapeHtml } from '../../html/escape-html.ts';
import { lowStockEmail } from './low-stock-alert.ts';
import type { LowStockWatch } from './stock.ts';
import {
  cancelledEmail,
  receiptEmail,
  refundEmail,
  returnEmail,
  sentEmail,
} from './order-emails.ts';

export type OrderEvent =
  | 'paid'
  | 'sent'
  | { cancelledBy: Parameters<typeof cancelledEmail>[3] }
  | { refund: Refund }
  | { returnRequest: ReturnRequest; step: 'received' | 'accepted' | 'declined' };

export interface OrderNotices {
  /**
   * Writes the buyer's e-mail about the event to the mail outbox, in the transaction that makes
   * the change: the e-mail exists exactly when the change does, and a mail server that is down
   * cannot turn a captured payment into an error.
   */
  queue(tx: Database, order: Order, event: OrderEvent): Promise<void>;
  /** Wakes the outbox worker once that transaction has committed. */
  nudge(): void;
  /**
   * Tells the shop (SHOP_EMAIL) about something a person must look at, e.g. a payment PayPal
   * reversed, in the caller's transaction. Without SHOP_EMAIL it is logged as an error only.
   */
  alertShop(tx: Database, subject: string, text: string): Promise<void>;
  /**
   * The shop's e-mail about the variants a sale took low on stock (stock.ts), queued in the
   * sale's transaction; none without SHOP_EMAIL (the admin's product list still shows them).
   */
  lowStock: LowStockWatch;
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
              : 'returnRequest' in event
                ? returnEmail(order, event.returnRequest, event.step, shop, url)
                : cancelledEmail(order, shop, url, event.cancelledBy);
      await app.mailOutbox.queue(tx, message, { orderId: order._id });
    },
    nudge: () => app.mailOutbox.nudge(),
    lowStock: {
      shopThreshold: app.config.LOW_STOCK_THRESHOLD,
      async alert(tx, variants) {
        const to = app.config.SHOP_EMAIL;
        if (!to) return;
        const shop = { to, name: app.config.SHOP_NAME, publicUrl: app.config.publicUrl };
        await app.mailOutbox.queue(tx, lowStockEmail(variants, shop));
      },
    },
    async alertShop(tx, subject, text) {
      const to = app.config.SHOP_EMAIL;
      if (!to) {
        app.log.error({ subject }, `${text} (set SHOP_EMAIL to get this by e-mail)`);
        return;
      }
      const shop = app.config.SHOP_NAME;
      await app.mailOutbox.queue(tx, {
        to,
        subject: `${shop}: ${subject}`,
        text,
        html: `<!doctype html><html><body><p>${escapeHtml(text)}</p></body></html>`,
      });
    },
  };
}
