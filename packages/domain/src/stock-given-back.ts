/**
 * What a line of an order did to its variant's stock (issue #35): the units its payments took
 * (`taken`, added up over every attempt that took them) and the units given back since
 * (`givenBack`: refunds and returns with restock, cancellation, a capture that did not pay,
 * PayPal taking the payment back). The server records both on the line (order_items).
 */
export interface LineStock {
  taken: number;
  givenBack: number;
}

/** The units of a line that are still out of stock on its account. */
export function unitsHeld(line: LineStock): number {
  return Math.max(0, line.taken - line.givenBack);
}

/**
 * The units to put back into stock when a refund, a return, a cancellation or a webhook asks for
 * `wanted` units of a line: never more than the line still holds, so that whatever order these
 * arrive in, a line never gives back more than was taken for it (units sold − units already
 * restocked). Every path that gives stock back goes through this rule.
 */
export function stockToGiveBack(line: LineStock, wanted: number): number {
  return Math.max(0, Math.min(Math.trunc(wanted), unitsHeld(line)));
}
