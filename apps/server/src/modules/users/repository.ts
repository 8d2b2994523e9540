import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import { users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;
type NewUser = typeof users.$inferInsert;

/** Thrown when a write would give two accounts the same e-mail (unique index on lower(email)). */
export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

async function mapEmailTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError('E-mail already in use');
    throw error;
  }
}

/** `email` must already be lower case (the request schemas make it so). */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export function listUsers(db: Database): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
}

export async function insertUser(db: Database, values: NewUser): Promise<UserRow> {
  const [row] = await mapEmailTaken(db.insert(users).values(values).returning());
  return row!;
}

export interface UserChanges {
  name?: string;
  email?: string;
  isAdmin?: boolean;
  /** When the address was confirmed (email-confirmation-service.ts). */
  emailVerifiedAt?: Date;
  /** A new password hash; it also raises the token version, ending older sessions. */
  passwordHash?: string;
}

export async function updateUser(
  db: Database,
  id: string,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  const [row] = await mapEmailTaken(
    db
      .update(users)
      .set({
        ...changes,
        ...(changes.passwordHash ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id))
      .returning(),
  );
  return row;
}

/** Locks the rows of every admin for the rest of the transaction. */
export async function lockAdmins(db: Database): Promise<void> {
  await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(asc(users.id))
    .for('update');
}

export async function deleteUser(db: Database, id: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
}
