import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { unauthorized } from '../../errors/app-error.ts';
import { SESSION_ENDED, type SessionUser } from './access-plugin.ts';
import { deleteExpiredEndedSessions, insertEndedSession } from './ended-sessions-repository.ts';

/**
 * Signs the caller out on the server: their token is refused from now on, their other sessions
 * go on. A token made before tokens carried a `jti` names no session to end: it keeps working
 * until it expires (within a week of the upgrade), and the web app forgets it anyway.
 */
export async function endSession(db: Database, caller: SessionUser): Promise<void> {
  const { id: jti, expiresAt } = caller.session;
  if (jti === null) return;
  await db.transaction(async (tx) => {
    // A lock that conflicts with confirmCaller's FOR SHARE: a change of this session under way
    // is committed before the sign-out, and one that starts now waits and then sees it ended.
    const [row] = await tx
      .select({ tokenVersion: users.tokenVersion })
      .from(users)
      .where(eq(users.id, caller.id))
      .for('no key update');
    if (!row || row.tokenVersion !== caller.tokenVersion) throw unauthorized(SESSION_ENDED);
    // A second sign-out of the same token that passed the guard at the same moment.
    if (!(await insertEndedSession(tx, { jti, userId: caller.id, expiresAt }))) {
      throw unauthorized(SESSION_ENDED);
    }
    await deleteExpiredEndedSessions(tx);
  });
}
