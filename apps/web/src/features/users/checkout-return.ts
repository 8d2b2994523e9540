import { readStored, removeStored, writeStored } from '../../lib/browser-storage.ts';

/**
 * Whether the shopper registered on the way into checkout (`/register?redirect=shipping`), so
 * that the e-mail confirmation page takes them back there (issue #37). Kept in localStorage, not
 * sessionStorage: the e-mailed link usually opens in a new tab of the same browser.
 */
export const CHECKOUT_RETURN_KEY = 'confirmEmailReturn';
const CHECKOUT_PATH = '/shipping';

/** Notes where a new account was heading: checkout, or anywhere else (nothing kept). */
export function rememberRegistrationTarget(target: string): void {
  if (target === CHECKOUT_PATH) writeStored(CHECKOUT_RETURN_KEY, CHECKOUT_PATH);
  else removeStored(CHECKOUT_RETURN_KEY);
}

/** Whether the shopper confirming their e-mail came from checkout. */
export function cameFromCheckout(): boolean {
  const stored = readStored(CHECKOUT_RETURN_KEY, (value) =>
    value === CHECKOUT_PATH ? value : undefined,
  );
  return stored !== undefined;
}

/** Once the address is confirmed the way back has been offered: a later visit starts afresh. */
export function forgetCheckoutReturn(): void {
  removeStored(CHECKOUT_RETURN_KEY);
}
