import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { forbidden, unauthorized } from '../../errors/app-error.ts';
import { NOT_ADMIN, SESSION_ENDED, type SessionUser } from './access-plugin.ts';
import { isSessionEnded } from './ended-sessions-repository.ts';

/**
 * Checks again, inside the transaction that makes a change, that the caller may still make it:
 * their account still exists, their session was not ended (token version, sign-out) and, for
 * `admin`, they are still an admin. The access guard checked this when the request began, but a request can
 * take long to arrive whole, and the caller may be demoted, deleted or signed out meanwhile.
 * The caller's row is read FOR SHARE: a demotion or deletion of the caller waits until this
 * change is committed, or this change waits and then sees it. A sign-out locks the row too
 * (modules/auth/end-session.ts).
 */
export async function confirmCaller(
  tx: Database,
  caller: SessionUser,
  access: 'user' | 'admin',
): Promise<void> {
  const [row] = await tx
    .select({ isAdmin: users.isAdmin, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, caller.id))
    .for('share');
  if (!row || row.tokenVersion !== caller.tokenVersion) throw unauthorized(SESSION_ENDED);
  // A statement of its own, after the lock: the read above may have waited for a sign-out to
  // commit, and (read committed) only a statement begun after that sees its row.
  if (caller.session.id !== null && (await isSessionEnded(tx, caller.session.id))) {
    throw unauthorized(SESSION_ENDED);
  }
  if (access === 'admin' && !row.isAdmin) throw forbidden(NOT_ADMIN);
}
