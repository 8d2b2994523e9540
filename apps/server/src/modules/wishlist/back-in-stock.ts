import { lineLabel, optionValues } from '@proshop/domain/variants';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { mailBrand } from '../mail/templates/brand.ts';
import { backInStockEmail } from './back-in-stock-email.ts';
import { markAnswered } from './repository.ts';

/**
 * What every change that can raise stock calls in its transaction, after the products' summary
 * was refreshed (an admin's edit of a product or its variants, stock given back by a refund, a
 * cancellation or a capture that did not pay): the waiting "E-mail me when it is back" requests
 * whose product or variant is in stock now are marked answered and their e-mails queued in the
 * mail outbox, in that same transaction, so the e-mail exists exactly when the stock does.
 */
export interface BackInStock {
  announce(tx: Database, productIds: readonly string[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    backInStock: BackInStock;
  }
}

export function createBackInStock(app: FastifyInstance): BackInStock {
  const brand = mailBrand({
    shopName: app.config.SHOP_NAME,
    publicUrl: app.config.publicUrl,
    shopColor: app.config.SHOP_COLOR,
  });
  return {
    async announce(tx, productIds) {
      if (productIds.length === 0) return;
      const answered = await markAnswered(tx, productIds, app.clock.now());
      for (const alert of answered) {
        const values = alert.choice ? optionValues(alert.productOptions, alert.choice) : [];
        await app.mailOutbox.queue(
          tx,
          backInStockEmail({
            to: alert.email,
            productLabel: lineLabel(alert.productName, values),
            productId: alert.productId,
            image: alert.image,
            brand,
          }),
        );
      }
    },
  };
}

/** Decorates the app with `backInStock`; register it after the mail plugin. */
export const backInStockPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('backInStock', createBackInStock(app));
});
