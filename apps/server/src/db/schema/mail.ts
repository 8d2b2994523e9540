// The tables the mail module (apps/server/src/modules/mail/) owns: only it writes them
// (README, Architecture). Other modules read them only where eslint.config.js allows it.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.ts';
import { orders } from './orders.ts';

/**
 * E-mails that follow a change of an order (receipt, sent notice). They are written in the
 * transaction of that change, so none is lost when the mail server is down or the process dies,
 * and the outbox worker sends them with retries (modules/mail/outbox-worker.ts).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
    /** Tries so far, counted when a worker claims the message. */
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it; null once sent or given up. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The order it tells of, if any: sending it adds an 'email' event to that order's timeline. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /**
     * A part of the message that is kept only until it is sent or given up, e.g. the key of a
     * guest's order link (issue #37): then it is replaced in `text` and `html` by a placeholder
     * and this column is cleared (outbox-repository.ts).
     */
    secret: text('secret'),
  },
  (table) => [
    // Only waiting messages are indexed: the worker's query stays small however many were sent.
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.nextAttemptAt} is not null`),
  ],
);
