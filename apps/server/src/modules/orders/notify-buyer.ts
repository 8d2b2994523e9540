import type { Order } from '@proshop/domain/order-schemas';
import type { Refund, ReturnRequest } from '@proshop/domain/refund-schemas';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { BackInStock } from '../wishlist/back-in-stock.ts';
import { mailBrand } from '../mail/templates/brand.ts';
import { shopAlertEmail } from './shop-alert-email.ts';
import { lowStockEmail } from '../products/low-stock-alert.ts';
import type { LowStockWatch } from '../products/stock.ts';
import {
  cancelledEmail,
  deliveredEmail,
  guestLinkEmail,
  opensByGuestLinkOnly,
  receiptEmail,
  refundEmail,
  returnEmail,
  sentEmail,
} from './order-emails.ts';

export type OrderEvent =
  /** A guest's order placed: the key of its link, which only this e-mail carries (issue #37). */
  | { guestLink: string }
  | 'paid'
  | 'sent'
  | 'delivered'
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
   * The shop's e-mail about the variants a sale took low on stock (products/stock.ts), queued in the
   * sale's transaction; none without SHOP_EMAIL (the admin's product list still shows them).
   */
  lowStock: LowStockWatch;
  /** Answers the back-in-stock requests of stock given back (orders/line-stock.ts giveOrderStockBack). */
  backInStock: BackInStock;
}

export function orderNotices(app: FastifyInstance): OrderNotices {
  const brand = mailBrand({
    shopName: app.config.SHOP_NAME,
    publicUrl: app.config.publicUrl,
    shopColor: app.config.SHOP_COLOR,
  });
  return {
    async queue(tx, order, event) {
      if (typeof event === 'object' && 'guestLink' in event) {
        const key = event.guestLink;
        const link = `${app.config.publicUrl}/order/${order._id}?key=${encodeURIComponent(key)}`;
        // The key is the outbox's secret: its row forgets it once the e-mail is sent.
        await app.mailOutbox.queue(
          tx,
          guestLinkEmail(order, brand, link),
          { orderId: order._id },
          key,
        );
        return;
      }
      // A guest's order opens only with the link of its first e-mail, which the shop cannot
      // write again: its later e-mails say where that link is instead.
      const url = opensByGuestLinkOnly(order) ? null : `${app.config.publicUrl}/order/${order._id}`;
      const message =
        event === 'paid'
          ? receiptEmail(order, brand, url)
          : event === 'sent'
            ? sentEmail(order, brand, url)
            : event === 'delivered'
              ? deliveredEmail(order, brand, url)
              : 'refund' in event
                ? refundEmail(order, event.refund, brand, url)
                : 'returnRequest' in event
                  ? returnEmail(order, event.returnRequest, event.step, brand, url)
                  : cancelledEmail(order, brand, url, event.cancelledBy);
      await app.mailOutbox.queue(tx, message, { orderId: order._id });
    },
    nudge: () => app.mailOutbox.nudge(),
    backInStock: app.backInStock,
    lowStock: {
      shopThreshold: app.config.LOW_STOCK_THRESHOLD,
      async alert(tx, variants) {
        const to = app.config.SHOP_EMAIL;
        if (!to) return;
        await app.mailOutbox.queue(tx, lowStockEmail(variants, { to, brand }));
      },
    },
    async alertShop(tx, subject, text) {
      const to = app.config.SHOP_EMAIL;
      if (!to) {
        app.log.error({ subject }, `${text} (set SHOP_EMAIL to get this by e-mail)`);
        return;
      }
      await app.mailOutbox.queue(tx, shopAlertEmail(brand, { to, subject, text }));
    },
  };
}
