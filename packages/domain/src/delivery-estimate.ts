/** How many days after an order is sent the shopper is told to expect it. */
export const ESTIMATED_DELIVERY_DAYS = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The estimated delivery date of an order sent at `sentAt` (an ISO timestamp), as `YYYY-MM-DD`
 * in UTC, like the other dates the shop shows (the first 10 characters of a timestamp).
 */
export function estimatedDeliveryDate(sentAt: string): string {
  const sent = Date.parse(sentAt);
  if (Number.isNaN(sent)) throw new RangeError(`Not a timestamp: ${sentAt}`);
  return new Date(sent + ESTIMATED_DELIVERY_DAYS * DAY_MS).toISOString().slice(0, 10);
}
