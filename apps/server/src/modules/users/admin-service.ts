import type { MessageResponse } from '@proshop/domain/route-schemas';
import type { AdminUserUpdateRequest, User } from '@proshop/domain/user-schemas';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import type { CatalogueChanges } from '../catalogue-cache/catalogue-changes.ts';
import { EMAIL_IN_USE, USER_NOT_FOUND } from './account-service.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import {
  deleteUser,
  EmailTakenError,
  findUserById,
  listUsers,
  lockAdmins,
  updateUser,
} from './repository.ts';
import { toUser } from './user-mapper.ts';

export const CANNOT_DEMOTE_SELF = 'You cannot remove your own admin rights';
export const CANNOT_DELETE_SELF = 'You cannot delete your own account';
export const USER_REMOVED = 'User removed';

/** A malformed id names no user: 404, like an unknown one. */
function checkId(id: string): string {
  if (!isUuid(id)) throw notFound(USER_NOT_FOUND);
  return id;
}

export async function listAllUsers(db: Database): Promise<User[]> {
  return (await listUsers(db)).map((row) => toUser(row));
}

export async function getUser(db: Database, id: string): Promise<User> {
  const row = await findUserById(db, checkId(id));
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUser(row);
}

export async function updateUserAsAdmin(
  db: Database,
  caller: SessionUser,
  id: string,
  body: AdminUserUpdateRequest,
): Promise<User> {
  checkId(id);
  // An admin locking themselves out would leave the shop without anyone able to undo it.
  if (id === caller.id && !body.isAdmin) throw conflict(CANNOT_DEMOTE_SELF);
  try {
    const row = await db.transaction(async (tx) => {
      await confirmAdminChange(tx, caller);
      return updateUser(tx, id, body);
    });
    if (!row) throw notFound(USER_NOT_FOUND);
    return toUser(row);
  } catch (error) {
    if (error instanceof EmailTakenError) throw conflict(EMAIL_IN_USE);
    throw error;
  }
}

/**
 * Their orders and reviews stay, with the buyer's name and e-mail copied on them. Their reviews
 * lose the "verified purchase" badge (no account links them to a paid order any more), which
 * the product pages show: a catalogue change.
 */
export async function deleteUserAsAdmin(
  db: Database,
  catalogue: CatalogueChanges,
  caller: SessionUser,
  id: string,
): Promise<MessageResponse> {
  checkId(id);
  if (id === caller.id) throw conflict(CANNOT_DELETE_SELF);
  const deleted = await catalogue.change(db, async (tx) => {
    await confirmAdminChange(tx, caller);
    return deleteUser(tx, id);
  });
  if (!deleted) throw notFound(USER_NOT_FOUND);
  return { message: USER_REMOVED };
}

/**
 * Inside the transaction of a change to a user: locks every admin's row (in id order, so two such
 * changes wait for each other instead of deadlocking) and checks the caller is still an admin.
 * With the rule that an admin never demotes or deletes themselves, this keeps at least one admin:
 * the caller. Two admins demoting or deleting each other at the same instant are taken one after
 * the other, and the second finds itself demoted or deleted.
 */
async function confirmAdminChange(tx: Database, caller: SessionUser): Promise<void> {
  await lockAdmins(tx);
  await confirmCaller(tx, caller, 'admin');
}
