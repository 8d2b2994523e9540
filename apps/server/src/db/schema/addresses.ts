// The tables the addresses module (apps/server/src/modules/addresses/) owns: only it writes them
// (README, Architecture). Other modules read them only where eslint.config.js allows it.
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** The address book: orders copy an address, so changing the book never changes an old order. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    /** Who receives the parcel; '' for the customer themself. */
    name: text('name').notNull().default(''),
    address: text('address').notNull(),
    city: text('city').notNull(),
    /** ISO 3166-2 ('US-CA'), '' where none was given. */
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    /** ISO 3166-1 alpha-2, or the free text of an address saved before codes. */
    country: text('country').notNull(),
    phone: text('phone').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('addresses_user_idx').on(table.userId),
    // At most one default address per customer.
    uniqueIndex('addresses_one_default_key')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);
