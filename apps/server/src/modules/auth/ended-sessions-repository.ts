import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { endedSessions } from '../../db/schema/auth.ts';
import { CLOCK_SKEW_SECONDS } from './tokens.ts';

/** Records a session as ended; false when it already was. */
export async function insertEndedSession(
  db: Database,
  values: { jti: string; userId: string; expiresAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(endedSessions)
    .values(values)
    .onConflictDoNothing()
    .returning({ jti: endedSessions.jti });
  return inserted.length > 0;
}

export async function isSessionEnded(db: Database, jti: string): Promise<boolean> {
  const [row] = await db
    .select({ jti: endedSessions.jti })
    .from(endedSessions)
    .where(eq(endedSessions.jti, jti));
  return row !== undefined;
}

/**
 * Deletes the ended sessions whose tokens have expired (they are refused for that alone), so the
 * table holds at most a token lifetime of sign-outs. Kept a clock skew longer, for an instance
 * whose clock is behind the database's. Rows another sign-out is deleting are skipped: two
 * sign-outs never wait for each other or deadlock over them.
 */
export async function deleteExpiredEndedSessions(db: Database): Promise<void> {
  const expired = db
    .select({ jti: endedSessions.jti })
    .from(endedSessions)
    .where(lt(endedSessions.expiresAt, sql`now() - make_interval(secs => ${CLOCK_SKEW_SECONDS})`))
    .for('update', { skipLocked: true });
  await db.delete(endedSessions).where(inArray(endedSessions.jti, expired));
}
