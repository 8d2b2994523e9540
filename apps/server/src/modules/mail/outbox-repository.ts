import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import type { MailMessage } from './mailer.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

// Each statement here runs for every paid order, so each is prepared by name: on PostgreSQL a
// connection parses and plans it once, not on every call (PGlite ignores the names).

/** What a message's row no longer shows once it is sent or given up, in place of its secret. */
export const SECRET_REMOVED = '[link removed]';

/**
 * The columns that forget a message's secret (mail_outbox.secret): it is replaced in the text and
 * the HTML, then cleared. A message without one keeps its bodies as they are.
 */
const forgetSecret = {
  text: sql`case when ${mailOutbox.secret} is null then ${mailOutbox.text}
    else replace(${mailOutbox.text}, ${mailOutbox.secret}, ${SECRET_REMOVED}) end`,
  html: sql`case when ${mailOutbox.secret} is null then ${mailOutbox.html}
    else replace(${mailOutbox.html}, ${mailOutbox.secret}, ${SECRET_REMOVED}) end`,
  secret: null,
};

/**
 * Adds a message to the outbox; pass the transaction of the change the message reports, the
 * order it tells of, if any (its sending goes on that order's timeline), and the part of the
 * message to forget once it is sent or given up, if any (a link's key).
 */
export async function enqueueMail(
  db: Database,
  message: MailMessage,
  now: Date,
  orderId: string | null = null,
  secret: string | null = null,
): Promise<void> {
  await db
    .insert(mailOutbox)
    // orderId and secret always named, null or not: the prepared statement's text must never
    // change.
    .values({ ...message, createdAt: now, nextAttemptAt: now, orderId, secret })
    .prepare('mail_enqueue')
    .execute();
}

/**
 * Takes the next due message for this worker: its attempt is counted and its next attempt moved
 * to `leaseUntil`, in one statement. `FOR UPDATE SKIP LOCKED` makes workers that ask at the same
 * moment take different rows instead of waiting for each other; once the statement commits, the
 * moved next attempt keeps the message away from every other worker until the lease ends.
 */
export async function claimNextMail(
  db: Database,
  now: Date,
  leaseUntil: Date,
): Promise<OutboxRow | undefined> {
  const due = and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now));
  const next = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(due)
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    // `= (subquery)` runs the subquery once; `IN` may run it for every row and claim them all.
    .where(and(sql`${mailOutbox.id} = (${next})`, due))
    .returning()
    .prepare('mail_claim')
    .execute();
  return claimed;
}

/**
 * Marks a message sent and forgets its secret; answers the order it tells of, as the row says now
 * (null if none).
 */
export async function markMailSent(db: Database, id: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(mailOutbox)
    .set({ sentAt: now, nextAttemptAt: null, lastError: null, ...forgetSecret })
    .where(eq(mailOutbox.id, id))
    .returning({ orderId: mailOutbox.orderId })
    .prepare('mail_sent')
    .execute();
  return row?.orderId ?? null;
}

/**
 * Records a failed try; `nextAttemptAt` null gives the message up (the row stays, without its
 * secret: nobody will send it).
 */
export async function markMailFailed(
  db: Database,
  id: string,
  failure: { error: string; nextAttemptAt: Date | null },
): Promise<void> {
  const givenUp = failure.nextAttemptAt === null;
  await db
    .update(mailOutbox)
    .set({
      lastError: failure.error,
      nextAttemptAt: failure.nextAttemptAt,
      ...(givenUp ? forgetSecret : {}),
    })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}
