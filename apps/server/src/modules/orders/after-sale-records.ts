import type { Database } from '../../db/client.ts';
import { findRefundsOfOrders, type RefundWithLines } from './refund-records.ts';
import { findReturnsOfOrders, type ReturnWithLines } from './return-records.ts';

/** What happened to an order after the sale: its refunds and return requests. */
export interface AfterSale {
  refunds: RefundWithLines[];
  returns: ReturnWithLines[];
}

/** For an order that cannot have any yet (one never paid, or paid this moment). */
export const NOTHING_AFTER_SALE: AfterSale = Object.freeze({ refunds: [], returns: [] });

/** The refunds and return requests of these orders, by order id, in two queries. */
export async function findAfterSaleOfOrders(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, AfterSale>> {
  const refunds = await findRefundsOfOrders(db, orderIds);
  const returns = await findReturnsOfOrders(db, orderIds);
  return new Map(
    orderIds.map((id) => [id, { refunds: refunds.get(id) ?? [], returns: returns.get(id) ?? [] }]),
  );
}

export async function findAfterSaleOfOrder(db: Database, orderId: string): Promise<AfterSale> {
  return (await findAfterSaleOfOrders(db, [orderId])).get(orderId)!;
}
