import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  signInChanges,
} from '@proshop/domain/account-changes';
import type {
  LoginRequest,
  ProfileUpdateRequest,
  RegisterRequest,
  User,
  UserInfo,
} from '@proshop/domain/user-schemas';
import type { Database } from '../../db/client.ts';
import { conflict, forbidden, invalid, notFound, unauthorized } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import type { OutboxWorker } from '../mail/outbox-worker.ts';
import { accountChangedEmail } from './account-changed-email.ts';
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

/** What a profile change needs beyond the account context: its limits and its e-mail. */
export interface ProfileContext extends AccountContext {
  limiter: RateLimiter;
  mail: Pick<OutboxWorker, 'queue' | 'nudge'>;
  shopName: string;
  shopEmail: string | undefined;
  publicUrl: string;
}

/**
 * Name and e-mail, and the password when one is given (which ends every older session). A change
 * of e-mail or password needs the current password, judged and counted like a sign-in, so that a
 * stolen session cannot take the account over; the address the account had is told of it.
 */
export async function updateProfile(
  ctx: ProfileContext,
  caller: SessionUser,
  body: ProfileUpdateRequest,
  address: string,
): Promise<UserInfo> {
  const current = await findUserById(ctx.db, caller.id);
  if (!current) throw notFound(USER_NOT_FOUND);
  const changed = signInChanges(current.email, body);
  const changesSignIn = changed.email || changed.password;
  if (changesSignIn) {
    if (!body.currentPassword) throw invalid(CURRENT_PASSWORD_REQUIRED);
    const attempt = await ctx.limiter.admitSignIn(signInRule, { address, email: current.email });
    if (!(await verifyPassword(current.passwordHash, body.currentPassword))) {
      throw forbidden(CURRENT_PASSWORD_WRONG);
    }
    await attempt.succeeded();
  }
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      await confirmCaller(tx, caller, 'user');
      const updated = await updateUser(tx, caller.id, {
        name: body.name,
        email: body.email,
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (updated && changesSignIn) {
        await ctx.mail.queue(
          tx,
          accountChangedEmail({ to: current.email, changed, ...helpOf(ctx, changed) }),
        );
      }
      return updated;
    });
    if (!row) throw notFound(USER_NOT_FOUND);
    if (changesSignIn) ctx.mail.nudge();
    return await sessionOf(row, ctx.jwtSecret);
  } catch (error) {
    if (error instanceof EmailTakenError) throw conflict(EMAIL_IN_USE);
    throw error;
  }
}

/** How the owner takes the account back if the change was not theirs. */
function helpOf(ctx: ProfileContext, changed: { email: boolean }) {
  const help = ctx.shopEmail
    ? `write to ${ctx.shopEmail} at once.`
    : changed.email
      ? `contact ${ctx.shopName} at once.`
      : `ask for a new password at ${ctx.publicUrl}/forgotpassword at once.`;
  return { shopName: ctx.shopName, help };
}
