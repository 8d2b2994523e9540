/**
 * Why a read failed on a replica decides what happens next (db/replicas/read-router.ts): a
 * connection-level failure leaves the replica out and the read runs again on the primary; a
 * conflict with the replica's recovery only runs it again; anything else (a mistake in the
 * query) is the caller's error as it would be on the primary.
 */

/** Socket errors of Node, and SQLSTATEs 08xxx (connection) and 57P01–57P03 (shutting down). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** node-postgres's own messages for a connection that ended, or did not come, or hung. */
const CONNECTION_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /connection timeout/i,
  /client has encountered a connection error/i,
  /not queryable/i,
];

export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  return CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * A standby cancels a query whose rows replay is about to remove (40001, "canceling statement
 * due to conflict with recovery"): the replica is fine, the read just belongs on the primary.
 */
export function isRecoveryConflict(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === '40001' &&
    /conflict with recovery/i.test(error.message)
  );
}
