import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResets } from '../../db/schema/users.ts';

/** Stores a new code for the user, replacing any earlier one (and its count of wrong tries). */
export async function replaceResetCode(
  db: Database,
  values: { userId: string; codeHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  const fresh = {
    codeHash: values.codeHash,
    expiresAt: values.expiresAt,
    failedAttempts: 0,
    verifiedAt: null,
    createdAt: values.now,
  };
  await db
    .insert(passwordResets)
    .values({ userId: values.userId, ...fresh })
    .onConflictDoUpdate({ target: passwordResets.userId, set: fresh });
}

export async function deleteResetCode(db: Database, userId: string, codeHash: string) {
  await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), eq(passwordResets.codeHash, codeHash)));
}

/**
 * Takes one of the code's tries before the code is compared, in one statement, so that
 * concurrent guesses can never get more than `maxAttempts` comparisons. Answers the stored hash,
 * or undefined when there is no live code (none, expired, or out of tries).
 */
export async function takeAttempt(
  db: Database,
  userId: string,
  now: Date,
  maxAttempts: number,
): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
    .where(
      and(
        eq(passwordResets.userId, userId),
        lt(passwordResets.failedAttempts, maxAttempts),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ codeHash: passwordResets.codeHash });
  return row?.codeHash;
}

/** The right code was given: the try is given back and the code marked as verified. */
export async function markVerified(db: Database, userId: string, codeHash: string, now: Date) {
  await db
    .update(passwordResets)
    .set({ failedAttempts: sql`${passwordResets.failedAttempts} - 1`, verifiedAt: now })
    .where(and(eq(passwordResets.userId, userId), eq(passwordResets.codeHash, codeHash)));
}

/** Removes the code when it is still the given one; false when it was already used or replaced. */
export async function consumeResetCode(
  db: Database,
  userId: string,
  codeHash: string,
): Promise<boolean> {
  const deleted = await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), eq(passwordResets.codeHash, codeHash)))
    .returning({ userId: passwordResets.userId });
  return deleted.length > 0;
}
