/**
 * Orders have a short number people read out and type (#1001), kept by the database: one
 * sequence per shop, from 1001 up (decision 0041). The id stays the order's key and address.
 */

/** The largest number an order can have (the column is a PostgreSQL integer). */
const MAX_ORDER_NUMBER = 2_147_483_647;

/** An order's number as every screen, e-mail and file shows it: `#1001`. */
export function orderLabel(orderNumber: number): string {
  return `#${orderNumber}`;
}

/**
 * The order number a typed text names, with or without its '#' ('1001', '#1001', ' # 1001 '),
 * or undefined when the text is not one.
 */
export function typedOrderNumber(text: string): number | undefined {
  const digits = /^#?\s*(\d{1,10})$/.exec(text.trim())?.[1];
  if (digits === undefined) return undefined;
  const number = Number(digits);
  return number >= 1 && number <= MAX_ORDER_NUMBER ? number : undefined;
}
