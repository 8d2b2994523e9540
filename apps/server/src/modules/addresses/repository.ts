import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { addresses } from '../../db/schema/addresses.ts';
import { users } from '../../db/schema/users.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Pick<
  AddressRow,
  | 'label'
  | 'name'
  | 'address'
  | 'city'
  | 'region'
  | 'postalCode'
  | 'country'
  | 'phone'
  | 'isDefault'
>;

/**
 * Locks the owner's account row, so that the changes of one customer's book run one after the
 * other: the cap is counted and the default moved without another request in between.
 */
export async function lockOwner(tx: Database, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function findAddresses(db: Database, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
}

export async function countAddresses(tx: Database, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

export async function hasDefault(tx: Database, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  return row !== undefined;
}

/** Unsets the owner's default, but for `keepId`: run it before another address becomes it. */
export async function clearDefault(tx: Database, userId: string, keepId: string | null) {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.isDefault, true),
        keepId === null ? sql`true` : ne(addresses.id, keepId),
      ),
    );
}

export async function insertAddress(
  tx: Database,
  userId: string,
  values: AddressValues,
): Promise<AddressRow> {
  const [row] = await tx
    .insert(addresses)
    .values({ ...values, userId })
    .returning();
  return row!;
}

/** Changes the owner's address; undefined when they have none of that id. */
export async function updateAddress(
  tx: Database,
  userId: string,
  id: string,
  values: AddressValues,
): Promise<AddressRow | undefined> {
  const [row] = await tx
    .update(addresses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row;
}

export async function deleteAddress(tx: Database, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}
