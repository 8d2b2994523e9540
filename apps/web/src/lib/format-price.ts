import { centsToDecimalString, toCents } from '@proshop/domain/money';

/** A price as the shop shows it: `$` and exactly 2 decimals ($19.90). */
export function formatPrice(amount: number): string {
  return `$${centsToDecimalString(toCents(amount))}`;
}
