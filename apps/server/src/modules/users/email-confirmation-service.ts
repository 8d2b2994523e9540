import {
  CONFIRM_EMAIL_PATH,
  EMAIL_CONFIRMATION_MESSAGES as M,
  EMAIL_CONFIRMATION_TTL_HOURS,
  mayPlaceOrder,
  mayReceiveShopMail,
  type ConfirmEmailResponse,
} from '@proshop/domain/email-confirmation';
import type { MessageResponse } from '@proshop/domain/route-schemas';
import type { Database } from '../../db/client.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors/app-error.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import type { OutboxWorker } from '../mail/outbox-worker.ts';
import type { MailBrand } from '../mail/templates/brand.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { rateLimitRules } from '../rate-limit/rules.ts';
import { accountChangedEmail, accountHelp } from './account-changed-email.ts';
import { confirmationEmail } from './email-confirmation-email.ts';
import {
  deleteUnusedConfirmations,
  findConfirmationForUpdate,
  findPendingChange,
  insertConfirmation,
  markConfirmationUsed,
} from './email-confirmation-repository.ts';
import { generateConfirmationToken, hashConfirmationToken } from './email-confirmation-token.ts';
import type { GuestOrderClaims } from './guest-order-claims.ts';
import { EmailTakenError, findUserById, updateUser } from './repository.ts';

export interface ConfirmationContext {
  db: Database;
  jwtSecret: string;
  clock: Clock;
  mail: Pick<OutboxWorker, 'queue' | 'nudge'>;
  brand: MailBrand;
  limiter: RateLimiter;
  shopEmail: string | undefined;
  /**
   * Without a mail server (no SMTP_URL) the e-mails go to the outbox folder: the link is then
   * also logged once, so a person trying the shop locally can follow it. Undefined with SMTP.
   */
  logLink: ((to: string, link: string) => void) | undefined;
  /** The orders module's side: guest orders with the confirmed e-mail join the account. */
  guestOrders: GuestOrderClaims;
}

const TTL_MS = EMAIL_CONFIRMATION_TTL_HOURS * 60 * 60_000;

/** A link that was written in a transaction, to announce once that transaction has committed. */
export interface IssuedLink {
  to: string;
  link: string;
}

/**
 * In the caller's transaction: replaces the account's unused links by a new one for `email` and
 * queues its e-mail. Only the token's keyed hash is stored; the token exists in the e-mail only.
 */
export async function issueConfirmation(
  tx: Database,
  ctx: ConfirmationContext,
  user: { id: string; email: string },
  options: { change: boolean },
): Promise<IssuedLink> {
  const token = generateConfirmationToken();
  const now = ctx.clock.now();
  await deleteUnusedConfirmations(tx, user.id);
  await insertConfirmation(tx, {
    userId: user.id,
    email: user.email,
    tokenHash: hashConfirmationToken(ctx.jwtSecret, token),
    expiresAt: new Date(now.getTime() + TTL_MS),
    now,
  });
  const link = `${ctx.brand.publicUrl}${CONFIRM_EMAIL_PATH}/${token}`;
  await ctx.mail.queue(
    tx,
    confirmationEmail({ to: user.email, link, brand: ctx.brand, change: options.change }),
  );
  return { to: user.email, link };
}

/** After the commit: wakes the outbox worker, and logs the link when there is no mail server. */
export function announceConfirmation(ctx: ConfirmationContext, issued: IssuedLink): void {
  ctx.mail.nudge();
  ctx.logLink?.(issued.to, issued.link);
}

/**
 * Follows a link: the account's address is confirmed, or, for a change of address, the account
 * takes the new one (if no other account has taken it meanwhile) and the old one is told. Each
 * refusal says why: unknown or replaced, already used, expired.
 */
export async function confirmEmail(
  ctx: ConfirmationContext,
  token: string,
): Promise<ConfirmEmailResponse> {
  const tokenHash = hashConfirmationToken(ctx.jwtSecret, token);
  const now = ctx.clock.now();
  let changedFrom: string | undefined;
  try {
    const confirmed = await ctx.db.transaction(async (tx) => {
      const row = await findConfirmationForUpdate(tx, tokenHash);
      if (!row) throw invalid(M.invalid);
      if (row.usedAt) throw conflict(M.used);
      if (row.expiresAt.getTime() <= now.getTime()) throw invalid(M.expired);
      const user = await findUserById(tx, row.userId);
      if (!user) throw invalid(M.invalid);
      const changes = user.email.toLowerCase() !== row.email.toLowerCase();
      await updateUser(tx, user.id, { email: row.email, emailVerifiedAt: now });
      await markConfirmationUsed(tx, row.id, now);
      // The address is the account's now, proven: its guest orders become the account's.
      await ctx.guestOrders.claim(tx, { id: user.id, email: row.email });
      if (changes) {
        // Links for the address the account had are stale: following one must not take it back.
        await deleteUnusedConfirmations(tx, user.id, row.email.toLowerCase());
      }
      // The address left is told, if its owner ever confirmed it: an unconfirmed one may be a
      // stranger's, whom the shop does not write to (issue #35).
      if (changes && user.emailVerifiedAt !== null) {
        const changed = { email: true, password: false };
        await ctx.mail.queue(
          tx,
          accountChangedEmail({
            to: user.email,
            changed,
            brand: ctx.brand,
            help: accountHelp({ shopEmail: ctx.shopEmail, ...ctx.brand }, changed),
          }),
        );
        changedFrom = user.email;
      }
      return row.email;
    });
    if (changedFrom) ctx.mail.nudge();
    return { message: M.confirmed, email: confirmed };
  } catch (error) {
    if (error instanceof EmailTakenError) throw conflict(M.taken);
    throw error;
  }
}

/**
 * Sends a new link (older ones stop working): for the new address waiting for confirmation if
 * there is one, else for the account's own unconfirmed address. Limited per account and per
 * client address, counted before anything is sent.
 */
export async function resendConfirmation(
  ctx: ConfirmationContext,
  caller: SessionUser,
  address: string,
): Promise<MessageResponse> {
  // Keyed by the account, not its address, which may change while links are being asked for.
  await ctx.limiter.consume(rateLimitRules.confirmEmail, {
    address,
    email: `account:${caller.id}`,
  });
  const issued = await ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, caller.id);
    if (!user) throw notFound('User not found');
    const pending = await findPendingChange(tx, user.id, user.email, ctx.clock.now());
    if (!pending && user.emailVerifiedAt) throw conflict(M.alreadyConfirmed);
    return issueConfirmation(
      tx,
      ctx,
      { id: user.id, email: pending?.email ?? user.email },
      { change: pending !== undefined },
    );
  });
  announceConfirmation(ctx, issued);
  return { message: M.resent };
}

/** The new address an account waits to confirm, if any. */
export async function pendingEmailOf(
  db: Database,
  user: { id: string; email: string },
  now: Date,
): Promise<string | undefined> {
  return (await findPendingChange(db, user.id, user.email, now))?.email;
}

/** The rule of packages/domain, checked where an order is placed: 403 until confirmed. */
export async function requireConfirmedEmail(db: Database, userId: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (user && !mayPlaceOrder({ emailVerified: user.emailVerifiedAt !== null })) {
    throw forbidden(M.notConfirmed);
  }
}

/**
 * The rule of packages/domain, checked where a customer asks the shop to e-mail them later
 * (back-in-stock alerts): 403 until their address is confirmed.
 */
export async function requireMailableEmail(db: Database, userId: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (user && !mayReceiveShopMail({ emailVerified: user.emailVerifiedAt !== null })) {
    throw forbidden(M.notConfirmedForAlerts);
  }
}
