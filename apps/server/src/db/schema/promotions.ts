// The tables the promotions module (apps/server/src/modules/promotions/) owns: only it writes them
// (README, Architecture). Other modules read them only where eslint.config.js allows it.
import { DISCOUNT_KINDS } from '@proshop/domain/discounts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, money } from './columns.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * Discount codes (modules/promotions). A use is held by a paid order from the transaction that
 * takes its stock, under a lock on this row, until the order is cancelled or fully refunded
 * (docs/decisions/0020): `uses` counts them, so that a limit holds however many pay at once, and
 * discount_uses says which orders hold them.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: id(),
    /** Stored upper-case: codes are compared without case. */
    code: text('code').notNull(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    /** The percentage (0.01 to 100) or the amount off; null for free shipping. */
    value: money('value'),
    minSubtotal: money('min_subtotal'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    /** Only these products, or these categories' products; both empty: every product. */
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** Uses held now by paid orders (never above usage_limit when taken under the row's lock). */
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('discounts_code_key').on(table.code),
    check('discounts_uses_check', sql`${table.uses} >= 0`),
  ],
);

/**
 * The orders that hold a use of their discount now, one row each: written with `discounts.uses`
 * in one transaction (modules/promotions/uses.ts), so the row's presence makes giving a use back
 * happen once. The buyer is copied so that a per-customer limit counts without the orders table.
 */
export const discountUses = pgTable(
  'discount_uses',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null once the code is deleted: it counts nothing any more. */
    discountId: uuid('discount_id').references(() => discounts.id, { onDelete: 'set null' }),
    /** Null once the buyer's account is deleted, as on the order. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The order's buyer e-mail: a per-customer limit counts a guest by it (issue #37), and an
     * account by it too, so that checking out as a guest does not start the count again.
     */
    buyerEmail: text('buyer_email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('discount_uses_discount_user_idx').on(table.discountId, table.userId),
    index('discount_uses_discount_email_idx').on(table.discountId, table.buyerEmail),
  ],
);
