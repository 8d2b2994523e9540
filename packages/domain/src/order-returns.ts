/**
 * Whether an order has a return request waiting for the admin's decision: the "Return requested"
 * badge of the admin's order list, and the `returns=requested` filter's rule
 * (modules/orders/order-search.ts holds its SQL).
 */
export function hasReturnRequested(order: { returns: readonly { status: string }[] }): boolean {
  return order.returns.some((request) => request.status === 'requested');
}
