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
import { accountChangedEmail, accountHelp } from './account-changed-email.ts';
import {
  announceConfirmation,
  issueConfirmation,
  pendingEmailOf,
  type ConfirmationContext,
} from './email-confirmation-service.ts';
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

/**
 * Creates the account, unconfirmed, and in the same transaction the link that confirms its
 * address (email-confirmation-service.ts): the account may browse and keep a cart at once, and
 * order once the link is followed.
 */
export async function register(
  ctx: AccountContext & { limiter: RateLimiter; confirmations: ConfirmationContext },
  body: RegisterRequest,
  address: string,
): Promise<UserInfo> {
  await ctx.limiter.consume(rateLimitRules.register, { address, email: body.email });
  const passwordHash = await hashPassword(body.password);
  try {
    const { row, issued } = await ctx.db.transaction(async (tx) => {
      const row = await insertUser(tx, { name: body.name, email: body.email, passwordHash });
      const issued = await issueConfirmation(tx, ctx.confirmations, row, { change: false });
      return { row, issued };
    });
    announceConfirmation(ctx.confirmations, issued);
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

/** The account, with the new address it waits to confirm, if any. */
export async function getProfile(ctx: AccountContext, userId: string): Promise<User> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUser(row, await pendingEmailOf(ctx.db, row, new Date()));
}

/** What a profile change needs beyond the account context: its limits and its e-mail. */
export interface ProfileContext extends AccountContext {
  limiter: RateLimiter;
  mail: Pick<OutboxWorker, 'queue' | 'nudge'>;
  shopName: string;
  shopEmail: string | undefined;
  publicUrl: string;
  confirmations: ConfirmationContext;
}

/**
 * Name and e-mail, and the password when one is given (which ends every older session). A change
 * of e-mail or password needs the current password, judged and counted like a sign-in, so that a
 * stolen session cannot take the account over. A new e-mail is not taken at once: a link is sent
 * to it, and the account keeps its address until that link is followed (the answer names the
 * address waiting in `pendingEmail`). The address the account has is told of a new password here,
 * and of a new address when it is confirmed.
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
  if (changed.email) {
    // Refused now rather than at the link: the address is someone else's already.
    const owner = await findUserByEmail(ctx.db, body.email);
    if (owner && owner.id !== caller.id) throw conflict(EMAIL_IN_USE);
  }
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  const { row, issued } = await ctx.db.transaction(async (tx) => {
    await confirmCaller(tx, caller, 'user');
    const updated = await updateUser(tx, caller.id, {
      name: body.name,
      ...(passwordHash ? { passwordHash } : {}),
    });
    if (!updated) return { row: undefined, issued: undefined };
    const passwordChange = { email: false, password: changed.password };
    // Only a confirmed address is told: an unconfirmed one may be a stranger's (issue #35).
    if (changed.password && current.emailVerifiedAt !== null) {
      await ctx.mail.queue(
        tx,
        accountChangedEmail({
          to: current.email,
          changed: passwordChange,
          brand: ctx.confirmations.brand,
          help: accountHelp(ctx, passwordChange),
        }),
      );
    }
    const issued = changed.email
      ? await issueConfirmation(
          tx,
          ctx.confirmations,
          { id: caller.id, email: body.email },
          { change: true },
        )
      : undefined;
    return { row: updated, issued };
  });
  if (!row) throw notFound(USER_NOT_FOUND);
  if (changed.password && current.emailVerifiedAt !== null) ctx.mail.nudge();
  if (issued) announceConfirmation(ctx.confirmations, issued);
  const pendingEmail = await pendingEmailOf(ctx.db, row, ctx.confirmations.clock.now());
  return toUserInfo(
    row,
    await signToken({ id: row.id, tokenVersion: row.tokenVersion }, ctx.jwtSecret),
    pendingEmail,
  );
}
