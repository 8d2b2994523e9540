import { and, asc, eq, inArray, lte, or, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { groupUnder } from './group-rows.ts';
import { refundLines, refunds } from '../../db/schema/orders.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundLineRow = typeof refundLines.$inferSelect;
export type NewRefund = Omit<typeof refunds.$inferInsert, 'leaseUntil'> & { id: string };

/**
 * A lease on the database's clock: `ms` from now, 'ended' (now: anyone may take it), or null
 * (none: the refund is settled).
 */
export type Lease = number | 'ended' | null;
const leaseValue = (lease: Lease) =>
  lease === null
    ? null
    : lease === 'ended'
      ? sql`now()`
      : sql`now() + make_interval(secs => ${lease / 1000}::double precision)`;
export interface RefundWithLines {
  refund: RefundRow;
  lines: RefundLineRow[];
}

/** The refunds of these orders with their lines, oldest first, in one query, by order id. */
export async function findRefundsOfOrders(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, RefundWithLines[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ parent: refunds, line: refundLines })
    .from(refunds)
    .leftJoin(refundLines, eq(refundLines.refundId, refunds.id))
    .where(inArray(refunds.orderId, [...orderIds]))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const grouped = groupUnder(rows, (row) => row.orderId);
  return new Map(
    [...grouped].map(([orderId, list]) => [
      orderId,
      list.map(({ parent, lines }) => ({ refund: parent, lines })),
    ]),
  );
}

export async function findRefundsOfOrder(db: Database, orderId: string) {
  return (await findRefundsOfOrders(db, [orderId])).get(orderId) ?? [];
}

/** Stores a refund and its lines, in the caller's transaction. */
export async function insertRefund(
  tx: Database,
  refund: NewRefund,
  lines: readonly { orderItemId: string; qty: number }[],
  lease: Lease,
): Promise<RefundWithLines> {
  const [row] = await tx
    .insert(refunds)
    .values({ ...refund, leaseUntil: leaseValue(lease) })
    .returning();
  const lineRows =
    lines.length === 0
      ? []
      : await tx
          .insert(refundLines)
          .values(lines.map((line) => ({ ...line, refundId: refund.id })))
          .returning();
  return { refund: row!, lines: lineRows };
}

/**
 * Records the provider's answer to a refund still `requested` (or `pending`, when followed up),
 * if it is still so: of several requests or instances settling one refund, one does it. Answers
 * the refund as it is now, or undefined when another one settled it first.
 */
export async function settleRefundRow(
  tx: Database,
  id: string,
  from: readonly RefundRow['status'][],
  values: Partial<Pick<RefundRow, 'status' | 'providerRefundId' | 'failureReason' | 'completedAt'>>,
  lease: Lease,
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(refunds)
    .set({ ...values, leaseUntil: leaseValue(lease), updatedAt: new Date() })
    .where(and(eq(refunds.id, id), inArray(refunds.status, [...from])))
    .returning();
  return row;
}

/** Refunds waiting on the provider whose lease is over: to send again, or to follow up. */
export async function findOpenRefunds(db: Database, limit: number) {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        inArray(refunds.status, ['requested', 'pending']),
        or(isNull(refunds.leaseUntil), lte(refunds.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(refunds.leaseUntil))
    .limit(limit);
}

/** Takes an open refund for `leaseMs`, if its lease is over; false when someone else has it. */
export async function claimRefund(db: Database, id: string, leaseMs: number): Promise<boolean> {
  const claimed = await db
    .update(refunds)
    .set({ leaseUntil: leaseValue(leaseMs) })
    .where(
      and(
        eq(refunds.id, id),
        inArray(refunds.status, ['requested', 'pending']),
        or(isNull(refunds.leaseUntil), lte(refunds.leaseUntil, sql`now()`)),
      ),
    )
    .returning({ id: refunds.id });
  return claimed.length > 0;
}

/** The refund the provider knows by this id, if the shop recorded it. */
export async function findRefundByProviderId(db: Database, providerRefundId: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(eq(refunds.providerRefundId, providerRefundId));
  return row;
}
