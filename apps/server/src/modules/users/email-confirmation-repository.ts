import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailConfirmations } from '../../db/schema/users.ts';

export type ConfirmationRow = typeof emailConfirmations.$inferSelect;

export async function insertConfirmation(
  db: Database,
  values: { userId: string; email: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  const { now, ...rest } = values;
  await db.insert(emailConfirmations).values({ ...rest, createdAt: now });
}

/** The link with this hash, locked until the transaction ends (two clicks are taken in turn). */
export async function findConfirmationForUpdate(
  db: Database,
  tokenHash: string,
): Promise<ConfirmationRow | undefined> {
  const [row] = await db
    .select()
    .from(emailConfirmations)
    .where(eq(emailConfirmations.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markConfirmationUsed(db: Database, id: string, now: Date): Promise<void> {
  await db.update(emailConfirmations).set({ usedAt: now }).where(eq(emailConfirmations.id, id));
}

/**
 * Removes the account's links not used yet (all of them, or those for another address than
 * `except`): a link sent later replaces them, and a confirmed change makes them stale.
 */
export async function deleteUnusedConfirmations(
  db: Database,
  userId: string,
  except?: string,
): Promise<void> {
  await db
    .delete(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.userId, userId),
        isNull(emailConfirmations.usedAt),
        except === undefined ? undefined : ne(sql`lower(${emailConfirmations.email})`, except),
      ),
    );
}

/** The newest link not used and not expired whose address is not the account's `current` one. */
export async function findPendingChange(
  db: Database,
  userId: string,
  current: string,
  now: Date,
): Promise<ConfirmationRow | undefined> {
  const [row] = await db
    .select()
    .from(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.userId, userId),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, now),
        ne(sql`lower(${emailConfirmations.email})`, current.toLowerCase()),
      ),
    )
    .orderBy(desc(emailConfirmations.createdAt))
    .limit(1);
  return row;
}
