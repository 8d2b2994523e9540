/**
 * An amount in dollars as a shopper reads it on the page ("$1,299.00"), written here on its own
 * rather than through the shop's formatter so that a change of the shop's format fails the specs.
 */
export function dollars(amount: number): string {
  const [whole, cents] = amount.toFixed(2).split('.');
  return `$${whole!.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
}
