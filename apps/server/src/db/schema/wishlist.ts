// The tables the wishlist module (apps/server/src/modules/wishlist/) owns: only it writes them
// (README, Architecture). Other modules read them only where eslint.config.js allows it.
import { sql } from 'drizzle-orm';
import { index, pgTable, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.ts';
import { productVariants, products } from './products.ts';
import { users } from './users.ts';

/** Products a customer keeps for later. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('wishlist_items_user_product_key').on(table.userId, table.productId),
    index('wishlist_items_product_idx').on(table.productId),
  ],
);

/**
 * "E-mail me when it is back": one e-mail per request, sent when the product (or the variant)
 * is on offer again; `notifiedAt` marks it done.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    unique('stock_alerts_request_key')
      .on(table.userId, table.productId, table.variantId)
      .nullsNotDistinct(),
    // Only waiting requests are looked up when stock comes back.
    index('stock_alerts_waiting_idx')
      .on(table.productId)
      .where(sql`${table.notifiedAt} is null`),
  ],
);
