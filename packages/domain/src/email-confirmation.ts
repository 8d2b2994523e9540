import { z } from 'zod';

/** A confirmation link works for this long after it is sent; then the account asks for another. */
export const EMAIL_CONFIRMATION_TTL_HOURS = 48;

/** The web route the e-mailed link opens: `${publicUrl}${CONFIRM_EMAIL_PATH}/${token}`. */
export const CONFIRM_EMAIL_PATH = '/confirm-email';

/** A token as the link carries it: 32 random bytes in base64url (43 characters). */
export const confirmEmailRequestSchema = z.object({
  token: z.string().trim().min(1, 'The link has no token').max(200, 'The link is not valid'),
});
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequestSchema>;

/** The answer of a confirmation: what was confirmed. */
export const confirmEmailResponseSchema = z.object({
  message: z.string(),
  email: z.string(),
});
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponseSchema>;

export const EMAIL_CONFIRMATION_MESSAGES = {
  confirmed: 'Thank you: your e-mail address is confirmed.',
  invalid:
    'This confirmation link is not valid. It may have been replaced by a newer one: use the latest e-mail, or ask for a new link.',
  used: 'This confirmation link has already been used. Sign in, or ask for a new link if your address is still not confirmed.',
  expired: `This confirmation link has expired (links work for ${EMAIL_CONFIRMATION_TTL_HOURS} hours). Ask for a new link.`,
  taken:
    'This e-mail address is now used by another account, so it cannot be confirmed for yours. Change your e-mail in the profile.',
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
  resent: 'We have sent you a new confirmation link. Older links no longer work.',
  notConfirmed:
    'Please confirm your e-mail address before placing an order: follow the link we sent you, or ask for a new one.',
  notConfirmedForAlerts:
    'Please confirm your e-mail address before asking us to e-mail you: follow the link we sent you, or ask for a new one.',
} as const;

/**
 * Who may place an order: only an account whose e-mail address is confirmed, so that nobody
 * orders (and gets order e-mails sent) in the name of an address that is not theirs.
 */
export function mayPlaceOrder(account: { emailVerified: boolean }): boolean {
  return account.emailVerified;
}

/**
 * Who the shop may e-mail, beyond the confirmation link itself: only an address its owner
 * confirmed, so that an account registered with someone else's address cannot have the shop
 * write to that person (back-in-stock alerts, notices of account changes).
 */
export function mayReceiveShopMail(account: { emailVerified: boolean }): boolean {
  return account.emailVerified;
}
