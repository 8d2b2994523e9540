// What of the sign-in a profile update changes, and the words for its refusals. Without zod, so the
// profile screen can use it without loading the schemas.

export const CURRENT_PASSWORD_REQUIRED =
  'Enter your current password to change your e-mail or password';
export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct';

/**
 * A change of e-mail or password needs the current password (a stolen session alone cannot take
 * the account) and is told to the address the account had.
 */
export function signInChanges(
  currentEmail: string,
  update: { email: string; password?: string | undefined },
): { email: boolean; password: boolean } {
  return {
    email: update.email.trim().toLowerCase() !== currentEmail.toLowerCase(),
    password: Boolean(update.password),
  };
}
