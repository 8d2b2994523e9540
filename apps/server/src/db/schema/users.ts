// The tables the users module (apps/server/src/modules/users/) owns: only it writes them
// (README, Architecture). Other modules read them only where eslint.config.js allows it.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Tokens carry this number; raising it (password change or reset) revokes older tokens. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * When the owner proved the address is theirs (the link e-mailed at registration or after a
     * change); null until then, and such an account cannot place an order. Accounts made before
     * confirmation existed count as confirmed (migration 0019).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

/** At most one live reset code per user, stored only as a hash. */
export const passwordResets = pgTable('password_resets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A link that confirms an e-mail address (registration or a change of address). Only a hash of its
 * secret is kept; it is used once (`usedAt`) and expires. `email` is the address it confirms:
 * confirming a new address moves the account to it.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_confirmations_user_idx').on(table.userId, table.createdAt)],
);
