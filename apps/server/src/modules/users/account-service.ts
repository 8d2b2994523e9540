import type {
  LoginRequest,
  ProfileUpdateRequest,
  RegisterRequest,
  User,
  UserInfo,
} from '@proshop/domain/user-schemas';
import type { Database } from '../../db/client.ts';
import { conflict, notFound, unauthorized } from '../../errors/app-error.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { signToken } from '../auth/tokens.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { rateLimitRules, signInRule } from '../rate-limit/rules.ts';
import {
  EmailTakenError,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  type UserRow,
} from './repository.ts';
import { toUser, toUserInfo } from './user-mapper.ts';

export interface AccountContext {
  db: Database;
  jwtSecret: string;
}

export const USER_EXISTS = 'User already exists';
export const EMAIL_IN_USE = 'This e-mail is already used by another account';
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const USER_NOT_FOUND = 'User not found';

async function sessionOf(row: UserRow, jwtSecret: string): Promise<UserInfo> {
  const token = await signToken({ id: row.id, tokenVersion: row.tokenVersion }, jwtSecret);
  return toUserInfo(row, token);
}

export async function register(
  ctx: AccountContext & { limiter: RateLimiter },
  body: RegisterRequest,
  address: string,
): Promise<UserInfo> {
  await ctx.limiter.consume(rateLimitRules.register, { address, email: body.email });
  const passwordHash = await hashPassword(body.password);
  try {
    const row = await insertUser(ctx.db, { name: body.name, email: body.email, passwordHash });
    return await sessionOf(row, ctx.jwtSecret);
  } catch (error) {
    if (error instanceof EmailTakenError) throw conflict(USER_EXISTS);
    throw error;
  }
}

// Checked against when the e-mail is unknown, so that both refusals take the same time.
let dummyHash: Promise<string> | undefined;

/**
 * Signs in. The attempt is counted before the password is checked (see `signInRule`) and given
 * back when the password matches, so only failures stay counted.
 */
export async function login(
  ctx: AccountContext & { limiter: RateLimiter },
  body: LoginRequest,
  address: string,
): Promise<UserInfo> {
  const attempt = await ctx.limiter.admitSignIn(signInRule, { address, email: body.email });
  const row = await findUserByEmail(ctx.db, body.email);
  dummyHash ??= hashPassword('not-a-password-anyone-has');
  const matches = await verifyPassword(row?.passwordHash ?? (await dummyHash), body.password);
  if (!row || !matches) throw unauthorized(INVALID_CREDENTIALS);
  await attempt.succeeded();
  return sessionOf(row, ctx.jwtSecret);
}

export async function getProfile(ctx: AccountContext, userId: string): Promise<User> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUser(row);
}

/** Name and e-mail, and the password when one is given (which ends every older session). */
export async function updateProfile(
  ctx: AccountContext,
  userId: string,
  body: ProfileUpdateRequest,
): Promise<UserInfo> {
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  try {
    const row = await updateUser(ctx.db, userId, {
      name: body.name,
      email: body.email,
      ...(passwordHash ? { passwordHash } : {}),
    });
    if (!row) throw notFound(USER_NOT_FOUND);
    return await sessionOf(row, ctx.jwtSecret);
  } catch (error) {
    if (error instanceof EmailTakenError) throw conflict(EMAIL_IN_USE);
    throw error;
  }
}
