/**
 * Most quantities one select offers. The spec's range is 1 to the stock count; a select of
 * thousands of options helps nobody, so it stops here (larger orders go through several lines).
 */
export const MAX_SELECTABLE_QTY = 100;

/**
 * The quantities a shopper can pick: 1 up to the stock (capped), plus the quantity already
 * chosen when the stock has since dropped below it (the server says so when the order is placed).
 */
export function quantityOptions(countInStock: number, chosen = 0): number[] {
  const length = Math.max(Math.min(countInStock, MAX_SELECTABLE_QTY), chosen);
  return Array.from({ length }, (_, index) => index + 1);
}
