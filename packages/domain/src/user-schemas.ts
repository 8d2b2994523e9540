import { z } from 'zod';
import { oneLineText } from './text-fields.ts';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rule.ts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
/** A reset code is valid for this long; then the shopper asks for a new one. */
export const RESET_CODE_TTL_MINUTES = 10;
/** Wrong codes allowed before a reset code is dead. */
export const RESET_CODE_MAX_ATTEMPTS = 5;
/** A reset code is this many decimal digits. */
export const RESET_CODE_LENGTH = 6;
/** A reset code as the shopper types it and the e-mail shows it. */
export const RESET_CODE_PATTERN = new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email('Enter a valid e-mail address'));
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
export const nameSchema = oneLineText('Name')
  .min(1, 'Name is required')
  .max(100, 'Name is too long');
const resetCodeSchema = z
  .string()
  .trim()
  .regex(RESET_CODE_PATTERN, `The code is ${RESET_CODE_LENGTH} digits`);

/** The session the browser keeps as `userInfo` (spec: _id, name, email, isAdmin, token). */
export const userInfoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  /** Whether the account's e-mail address is confirmed (until then it cannot place orders). */
  emailVerified: z.boolean(),
  /** A new address waiting for its confirmation link; the account keeps `email` until then. */
  pendingEmail: z.string().optional(),
  token: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** A user as the admin screens and the profile see it (no token). */
export const userSchema = userInfoSchema.omit({ token: true });
export type User = z.infer<typeof userSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  // Any length is accepted at sign-in so an old password is judged only by the hash check.
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Register: unknown fields (such as isAdmin) are dropped. */
export const registerRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** Profile update: the password is optional; an empty one means "keep the current password". */
export const profileUpdateRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: z.union([z.literal(''), passwordSchema]).optional(),
  /** Needed only when the e-mail or the password changes: a stolen session alone cannot. */
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

/** Admin user update (the only way isAdmin changes). */
export const adminUserUpdateRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  isAdmin: z.boolean(),
});
export type AdminUserUpdateRequest = z.infer<typeof adminUserUpdateRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetCodeCheckRequestSchema = z.object({
  email: emailSchema,
  resetToken: resetCodeSchema,
});
export type ResetCodeCheckRequest = z.infer<typeof resetCodeCheckRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  email: emailSchema,
  resetToken: resetCodeSchema,
  newPassword: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
