import type { User, UserInfo } from '@proshop/domain/user-schemas';
import type { UserRow } from './repository.ts';

export function toUser(row: Pick<UserRow, 'id' | 'name' | 'email' | 'isAdmin'>): User {
  return { _id: row.id, name: row.name, email: row.email, isAdmin: row.isAdmin };
}

export function toUserInfo(row: UserRow, token: string): UserInfo {
  return { ...toUser(row), token };
}
