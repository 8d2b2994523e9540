// The tables the reviews module (apps/server/src/modules/reviews/) owns: only it writes them
// (README, Architecture). Other modules read them only where eslint.config.js allows it.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.ts';
import { products } from './products.ts';
import { users } from './users.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null once the reviewer's account is deleted; the review and its name stay. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
    uniqueIndex('reviews_product_user_key').on(table.productId, table.userId),
    index('reviews_product_idx').on(table.productId, table.createdAt),
  ],
);
