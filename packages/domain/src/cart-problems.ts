// Why a cart line cannot be bought, in a file without zod so the web's first load can read it.

/**
 * Why a line of the account's cart cannot be bought now (docs/decisions/0026). The line stays, so
 * the shopper sees what changed, until they remove it or lower its quantity.
 */
export const CART_LINE_PROBLEMS = [
  /** The product was deleted. */
  'deleted',
  /** The variant was deleted or switched off. */
  'unavailable',
  /** The product was given options after the line was added: a version must be chosen. */
  'choose-options',
  /** No stock left. */
  'out-of-stock',
  /** Less stock left than the line's quantity (the stock fell after the line was written). */
  'low-stock',
] as const;
export type CartLineProblemReason = (typeof CART_LINE_PROBLEMS)[number];

/** The words of each problem; `stock` is the units left (for 'low-stock'). */
export function cartProblemMessage(reason: CartLineProblemReason, stock = 0): string {
  switch (reason) {
    case 'deleted':
      return 'No longer sold';
    case 'unavailable':
      return 'This version is no longer available';
    case 'choose-options':
      return 'Choose its options on the product page';
    case 'out-of-stock':
      return 'Out of stock';
    case 'low-stock':
      return `Only ${stock} left in stock`;
  }
}
