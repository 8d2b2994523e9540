import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { RESET_CODE_LENGTH } from '@proshop/domain/user-schemas';

/** Six digits from the operating system's secure random source, leading zeros kept. */
export function generateResetCode(): string {
  return randomInt(0, 10 ** RESET_CODE_LENGTH)
    .toString()
    .padStart(RESET_CODE_LENGTH, '0');
}

/**
 * A keyed hash: with only a million possible codes a plain hash would be reversed at once from a
 * copy of the database, but without the server's secret this one cannot be. The user id binds the
 * code to its account.
 */
export function hashResetCode(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`password-reset:${userId}:${code}`).digest('hex');
}

export function sameCodeHash(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
