/**
 * The order number people read out and type: the first 8 characters of the order's id, upper
 * case (`3F2A9C1B`). The full id stays the order's key; this is only its short name, shown beside
 * it, on cards and in e-mails. 8 hex characters make 4 billion names: a clash between two orders
 * of one customer is negligible, and the full id settles it.
 */
export function orderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}
