// The tables the cart module (apps/server/src/modules/cart/) owns: only it writes them
// (README, Architecture). Other modules read them only where eslint.config.js allows it.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A signed-in customer's cart, kept so it follows them to every device. `version` rises with every
 * change: a change made from an older version is refused (409) instead of losing a line.
 */
export const carts = pgTable('carts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * A cart's lines. Product and variant carry no foreign key on purpose: a line whose product was
 * deleted stays, named by its copy of the name, so the cart can say why it cannot be bought.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => carts.userId, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id'),
    qty: integer('qty').notNull(),
    /** The product's name (and variant's options) when added, for a line whose product is gone. */
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    addedAt: createdAt(),
  },
  (table) => [
    unique('cart_items_line_key')
      .on(table.userId, table.productId, table.variantId)
      .nullsNotDistinct(),
    check('cart_items_qty_positive', sql`${table.qty} > 0`),
  ],
);
