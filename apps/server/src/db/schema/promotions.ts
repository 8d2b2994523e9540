// The tables the promotions module (apps/server/src/modules/promotions/) owns: only it writes them
// (README, Architecture). Other modules read them only where eslint.config.js allows it.
import { DISCOUNT_KINDS } from '@proshop/domain/discounts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, money } from './columns.ts';

/**
 * Discount codes (modules/promotions). A use is held by a paid order from the transaction that
 * takes its stock, under a lock on this row, until the order is cancelled or fully refunded
 * (docs/decisions/0020): `uses` counts them, so that a limit holds however many pay at once.
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
