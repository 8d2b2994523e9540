/**
 * A date as the shop shows it: the first 10 characters of the timestamp (`2026-11-23`), the
 * same form the reviews use, so every screen and test reads one format.
 */
export function shownDate(timestamp: string): string {
  return timestamp.slice(0, 10);
}
