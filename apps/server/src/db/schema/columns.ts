// Column helpers shared by every owner's tables.
import { MONEY_PRECISION, MONEY_SCALE } from '@proshop/domain/money';
import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Money is numeric(12,2): exact cents, never a binary float; requests are bounded by MAX_MONEY. */
export const money = (name: string) =>
  numeric(name, { precision: MONEY_PRECISION, scale: MONEY_SCALE });
