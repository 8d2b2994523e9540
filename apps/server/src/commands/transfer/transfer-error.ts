/**
 * A refusal or failure of an export or import that the merchant can act on: the command prints
 * the message alone (no stack) and exits with 1.
 */
export class TransferError extends Error {
  override name = 'TransferError';
}

/**
 * The database's own words for a failed statement. Drizzle wraps driver errors in one whose
 * message repeats the whole statement and its parameters (a batch of rows); the cause is short.
 */
export function databaseMessage(error: unknown): string {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (typeof (current as { code?: unknown }).code === 'string') return current.message;
  }
  return error instanceof Error ? error.message : String(error);
}
