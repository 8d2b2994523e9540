import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { groupUnder } from './group-rows.ts';
import { returnRequestLines, returnRequests } from '../../db/schema/orders.ts';

export type ReturnRow = typeof returnRequests.$inferSelect;
export type ReturnLineRow = typeof returnRequestLines.$inferSelect;
export interface ReturnWithLines {
  request: ReturnRow;
  lines: ReturnLineRow[];
}

/** The return requests of these orders with their lines, oldest first, in one query. */
export async function findReturnsOfOrders(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, ReturnWithLines[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ parent: returnRequests, line: returnRequestLines })
    .from(returnRequests)
    .leftJoin(returnRequestLines, eq(returnRequestLines.returnRequestId, returnRequests.id))
    .where(inArray(returnRequests.orderId, [...orderIds]))
    .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id));
  const grouped = groupUnder(rows, (row) => row.orderId);
  return new Map(
    [...grouped].map(([orderId, list]) => [
      orderId,
      list.map(({ parent, lines }) => ({ request: parent, lines })),
    ]),
  );
}

export async function insertReturn(
  tx: Database,
  request: typeof returnRequests.$inferInsert & { id: string },
  lines: readonly { orderItemId: string; qty: number }[],
): Promise<ReturnWithLines> {
  const [row] = await tx.insert(returnRequests).values(request).returning();
  const lineRows = await tx
    .insert(returnRequestLines)
    .values(lines.map((line) => ({ ...line, returnRequestId: request.id })))
    .returning();
  return { request: row!, lines: lineRows };
}

/** Decides a request still open; undefined when it was decided already (or is not this order's). */
export async function decideReturn(
  tx: Database,
  orderId: string,
  id: string,
  values: Pick<ReturnRow, 'status'> & Partial<Pick<ReturnRow, 'declineMessage' | 'refundId'>>,
): Promise<ReturnRow | undefined> {
  const [row] = await tx
    .update(returnRequests)
    .set({ ...values, decidedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(returnRequests.id, id),
        eq(returnRequests.orderId, orderId),
        eq(returnRequests.status, 'requested'),
      ),
    )
    .returning();
  return row;
}
