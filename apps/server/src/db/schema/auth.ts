// The tables the auth module (apps/server/src/modules/auth/) owns: only it writes them
// (README, Architecture). Other modules read them only where eslint.config.js allows it.
import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Sessions ended before their token expired (sign-out): a token whose `jti` is here is refused.
 * A row is useless once its token has expired, and is deleted then (modules/auth/end-session.ts).
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    /** The token's `jti`. */
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The token's `exp`: after it the token is refused anyway. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('ended_sessions_expires_at_idx').on(table.expiresAt)],
);
