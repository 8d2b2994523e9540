// Limits of one order, in a file without zod so the web's first load can import them cheaply.

/** Most lines one order may hold. */
export const MAX_ORDER_LINES = 100;

/**
 * Most of one product in one line. The quantity select offers 1 to the stock count and never
 * more than this, because the server refuses a larger line.
 */
export const MAX_LINE_QTY = 10_000;

/** Longest carrier name and tracking number Mark As Sent keeps (shipment-schemas.ts). */
export const MAX_CARRIER_LENGTH = 100;
export const MAX_TRACKING_NUMBER_LENGTH = 100;

/** Longest internal note an admin may add to an order (order-event-schemas.ts). */
export const MAX_NOTE_LENGTH = 2000;
