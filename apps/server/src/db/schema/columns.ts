// Column helpers shared by every owner's tables.
import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Money is numeric(12,2): exact cents, never a binary float. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
