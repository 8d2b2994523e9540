const MINUTE = 60_000;

/**
 * Waits between tries of one outbox message: soon at first (a mail server restarting), then
 * longer so that a server down for a day is not hammered. The last wait repeats.
 */
const RETRY_DELAYS_MS = [1, 5, 30, 120, 360].map((minutes) => minutes * MINUTE);

/** After this many failed tries the message is given up: kept in the table, logged as an error. */
export const MAX_MAIL_ATTEMPTS = 10;

/**
 * How long a worker holds a message it is sending before another may take it. Longer than the
 * mailer's SMTP timeouts, so only a worker that died mid-send lets its message go.
 */
export const MAIL_LEASE_MS = 5 * MINUTE;

/** The wait after the given number of failed tries (1 for the first failure). */
export function retryDelayMs(failedAttempts: number): number {
  const index = Math.min(Math.max(failedAttempts, 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[index]!;
}
