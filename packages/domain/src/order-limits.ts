// Limits of one order, in a file without zod so the web's first load can import them cheaply.

/** Most lines one order may hold. */
export const MAX_ORDER_LINES = 100;

/**
 * Most of one product in one line. The quantity select offers 1 to the stock count and never
 * more than this, because the server refuses a larger line.
 */
export const MAX_LINE_QTY = 10_000;
