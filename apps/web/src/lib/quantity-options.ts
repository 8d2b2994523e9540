import { MAX_LINE_QTY } from '@proshop/domain/order-limits';

/**
 * The quantities a shopper can pick: 1 up to the stock count, never past the
 * most one order line may hold, plus the quantity already chosen when the stock has since dropped
 * below it (the server says so when the order is placed).
 */
export function quantityOptions(countInStock: number, chosen = 0): number[] {
  const length = Math.max(Math.min(countInStock, MAX_LINE_QTY), chosen);
  return Array.from({ length }, (_, index) => index + 1);
}
