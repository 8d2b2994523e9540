/** The largest threshold a product or the shop (LOW_STOCK_THRESHOLD) may have. */
export const MAX_LOW_STOCK_THRESHOLD = 100_000;

/**
 * Low stock (issue #19): a variant on offer with `threshold` units or fewer, the threshold being
 * its product's own or the shop's LOW_STOCK_THRESHOLD. Which threshold applies is read in SQL,
 * where the product is (lowStockThresholdOf in apps/server/src/modules/products/low-stock.ts).
 */
export function isLowStock(units: number, threshold: number): boolean {
  return units <= threshold;
}

/**
 * Whether a change of stock from `before` to `after` units took the variant low: the shop is
 * told once when it gets there, not at every sale below it.
 */
export function becameLowStock(before: number, after: number, threshold: number): boolean {
  return !isLowStock(before, threshold) && isLowStock(after, threshold);
}
