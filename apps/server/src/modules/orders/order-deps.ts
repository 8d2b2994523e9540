import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { CatalogueChanges } from '../catalogue-cache/catalogue-changes.ts';
import type { PaymentProviders } from '../payment-providers/payment-providers.ts';
import { orderNotices, type OrderNotices } from './notify-buyer.ts';

/**
 * What the use cases that change a placed order need (paying, settling a capture, cancelling,
 * refunding, returning, a provider's webhook): one bag, built once per request or job.
 */
export interface SettleDeps {
  db: Database;
  /** The configured providers; each order goes through its own (`forOrder`). */
  payments: PaymentProviders;
  log: FastifyBaseLogger;
  /** Queues the buyer's e-mails, and the shop's alerts, in the transaction of the change. */
  notices: Pick<OrderNotices, 'queue' | 'alertShop' | 'lowStock' | 'backInStock'>;
  /** Stock, and the reviews' "verified purchase" badge, are part of the catalogue. */
  catalogue: CatalogueChanges;
}

/** The app's deps for one request or job, logging to `log`. */
export function settleDeps(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  notices: OrderNotices = orderNotices(app),
): SettleDeps & { notices: OrderNotices } {
  return { db: app.db, payments: app.payments, log, notices, catalogue: app.catalogue };
}
