import {
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MINUTES,
  type ForgotPasswordRequest,
  type ResetCodeCheckRequest,
  type ResetPasswordRequest,
} from '@proshop/domain/user-schemas';
import type { MessageResponse } from '@proshop/domain/route-schemas';
import type { Database } from '../../db/client.ts';
import { invalid } from '../../errors/app-error.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { hashPassword } from '../auth/password.ts';
import type { BackgroundMail } from '../mail/background-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { rateLimitRules } from '../rate-limit/rules.ts';
import {
  consumeResetCode,
  deleteResetCode,
  markVerified,
  replaceResetCode,
  takeAttempt,
} from './password-reset-repository.ts';
import { findUserByEmail, updateUser, type UserRow } from './repository.ts';
import { generateResetCode, hashResetCode, sameCodeHash } from './reset-code.ts';
import { mailBrand } from '../mail/templates/brand.ts';
import { resetCodeEmail } from './reset-email.ts';

export interface ResetContext {
  db: Database;
  jwtSecret: string;
  clock: Clock;
  mailer: Mailer;
  backgroundMail: BackgroundMail;
  limiter: RateLimiter;
  shopName: string;
  shopColor: string;
  /** The shop's address as shoppers reach it (links in e-mails). */
  publicUrl: string;
}

export const CODE_SENT = `If an account exists for this e-mail, a code has been sent. It is valid for ${RESET_CODE_TTL_MINUTES} minutes.`;
export const CODE_VERIFIED = 'Great! You are verified. Create a new password.';
export const PASSWORD_RESET = 'Your password has been reset. Please log in with your new password.';
// One answer for every refusal (unknown e-mail, no code, wrong, expired, out of tries), so that
// the check tells nothing about which accounts exist.
export const WRONG_CODE =
  'The code is wrong or has expired. Please check it or ask for a new code.';

/**
 * Answers every well-formed e-mail the same way, in status, text and time: both a known and an
 * unknown e-mail wait for the mail server to answer (503 for both when it is down) and for the
 * account look-up, and nothing else. For a known one, a new code (replacing any earlier one) is
 * written and e-mailed after the answer, at a random moment 0.2 to 1.2 s later, so neither the
 * answer nor the client's next request waits on that message.
 */
export async function sendResetCode(
  ctx: ResetContext,
  body: ForgotPasswordRequest,
  address: string,
): Promise<MessageResponse> {
  await ctx.limiter.consume(rateLimitRules.forgotPassword, { address, email: body.email });
  await ctx.mailer.checkReachable();
  const user = await findUserByEmail(ctx.db, body.email);
  // Handed over for both, to start at a random moment a little later: the work a known e-mail
  // causes does not fall on the next request of the client that asked.
  ctx.backgroundMail.start('sending a reset code', user && (() => writeAndSendCode(ctx, user)));
  return { message: CODE_SENT };
}

/** Runs after the answer: stores the code's keyed hash, then e-mails the code itself. */
async function writeAndSendCode(ctx: ResetContext, user: Pick<UserRow, 'id' | 'email'>) {
  const code = generateResetCode();
  const codeHash = hashResetCode(ctx.jwtSecret, user.id, code);
  const now = ctx.clock.now();
  await replaceResetCode(ctx.db, {
    userId: user.id,
    codeHash,
    expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MINUTES * 60_000),
    now,
  });
  try {
    await ctx.mailer.deliver(
      resetCodeEmail({
        to: user.email,
        code,
        brand: mailBrand({
          shopName: ctx.shopName,
          publicUrl: ctx.publicUrl,
          shopColor: ctx.shopColor,
        }),
        resetUrl: `${ctx.publicUrl}/resetpassword`,
      }),
    );
  } catch (error) {
    // A code the shopper never received must not stay usable; they can ask again.
    await deleteResetCode(ctx.db, user.id, codeHash);
    throw error;
  }
}

/** Compares the given code with the live one, spending one of its tries. */
async function spendAttempt(ctx: ResetContext, email: string, code: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw invalid(WRONG_CODE);
  const stored = await takeAttempt(ctx.db, user.id, ctx.clock.now(), RESET_CODE_MAX_ATTEMPTS);
  const codeHash = hashResetCode(ctx.jwtSecret, user.id, code);
  if (!stored || !sameCodeHash(stored, codeHash)) throw invalid(WRONG_CODE);
  return { userId: user.id, codeHash };
}

export async function checkResetCode(
  ctx: ResetContext,
  body: ResetCodeCheckRequest,
  address: string,
): Promise<MessageResponse> {
  await ctx.limiter.consume(rateLimitRules.resetCode, { address, email: body.email });
  const { userId, codeHash } = await spendAttempt(ctx, body.email, body.resetToken);
  await markVerified(ctx.db, userId, codeHash, ctx.clock.now());
  return { message: CODE_VERIFIED };
}

/** Checks the code again, sets the password, ends every session, and uses the code up. */
export async function resetPassword(
  ctx: ResetContext,
  body: ResetPasswordRequest,
  address: string,
): Promise<MessageResponse> {
  await ctx.limiter.consume(rateLimitRules.resetCode, { address, email: body.email });
  const { userId, codeHash } = await spendAttempt(ctx, body.email, body.resetToken);
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction(async (tx) => {
    // Whoever removes the code first resets the password; a second use finds nothing.
    if (!(await consumeResetCode(tx, userId, codeHash))) throw invalid(WRONG_CODE);
    await updateUser(tx, userId, { passwordHash });
  });
  return { message: PASSWORD_RESET };
}
