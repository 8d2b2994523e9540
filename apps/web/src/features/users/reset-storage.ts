import { readStored, removeStored, writeStored } from '../../lib/browser-storage.ts';
import { nonEmptyText } from '../../lib/stored-shape.ts';

/** The localStorage keys of a password reset in progress (decision 0015 in docs/decisions/). */
const RESET_EMAIL_KEY = 'resetEmail';
const VERIFIED_KEY = 'verified';

/** A successful code request remembers the address; any earlier verification is void. */
export function startReset(email: string): void {
  writeStored(RESET_EMAIL_KEY, email);
  removeStored(VERIFIED_KEY);
}

export function readResetEmail(): string | undefined {
  return readStored(RESET_EMAIL_KEY, nonEmptyText);
}

export function markVerified(): void {
  writeStored(VERIFIED_KEY, true);
}

export function finishReset(): void {
  removeStored(RESET_EMAIL_KEY);
  removeStored(VERIFIED_KEY);
}
