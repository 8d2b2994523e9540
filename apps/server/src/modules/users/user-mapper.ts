import type { User, UserInfo } from '@proshop/domain/user-schemas';
import type { UserRow } from './repository.ts';

export function toUser(
  row: Pick<UserRow, 'id' | 'name' | 'email' | 'isAdmin' | 'emailVerifiedAt'>,
  pendingEmail?: string,
): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    isAdmin: row.isAdmin,
    emailVerified: row.emailVerifiedAt !== null,
    ...(pendingEmail ? { pendingEmail } : {}),
  };
}

export function toUserInfo(row: UserRow, token: string, pendingEmail?: string): UserInfo {
  return { ...toUser(row, pendingEmail), token };
}
