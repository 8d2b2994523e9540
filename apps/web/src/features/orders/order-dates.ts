/**
 * A date as the shop shows it: the first 10 characters of the timestamp (`2026-11-23`), the
 * same form the reviews use, so every screen and test reads one format.
 */
export function shownDate(timestamp: string): string {
  return timestamp.slice(0, 10);
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * A moment with its time, `2026-11-23 14:05`, in the browser's own time zone: the timeline's
 * events of one day need their hour and minute to be told apart.
 */
export function shownDateTime(timestamp: string): string {
  const at = new Date(timestamp);
  const date = `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}`;
  return `${date} ${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
}
