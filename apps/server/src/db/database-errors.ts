/**
 * Errors that mean "the database cannot be reached right now" rather than "the query is wrong":
 * connection refused or reset, pool timeouts, a server shutting down (SQLSTATE class 08 and
 * 57P01-57P03). The API answers these with 503 so that clients retry instead of giving up.
 */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (/Connection terminated|timeout exceeded when trying to connect/i.test(current.message)) {
      return true;
    }
  }
  return false;
}
