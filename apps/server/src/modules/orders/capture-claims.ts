import { and, eq, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { findOrderWithLines } from './order-records.ts';

/**
 * A capture under way: the order row names the attempt and how long it is leased for
 * (orders.capture_attempt_id, capture_lease_until). The capture at the provider happens between
 * two short transactions, never inside one, so no row lock or transaction is held while the
 * provider is asked. Every step below is one conditional UPDATE on the attempt id, so of several
 * requests or instances racing for one order exactly one acts, without a lock held between
 * steps. Lease times are the database's clock, the one every instance shares.
 */

/** Time an attempt is given beyond its provider's own limit (two short transactions). */
const LEASE_MARGIN_MS = 10_000;

/**
 * How long an attempt is leased for: longer than the provider's capture can take
 * (`captureTimeLimitMs`). A lease that ran out belongs to a request that died, or that gave up
 * when the provider did not answer: its attempt is in doubt.
 */
export const captureLeaseMs = (payments: { captureTimeLimitMs: number }) =>
  payments.captureTimeLimitMs + LEASE_MARGIN_MS;

const leaseEnd = (leaseMs: number) =>
  sql`now() + make_interval(secs => ${leaseMs / 1000}::double precision)`;
const leaseOver = or(isNull(orders.captureLeaseUntil), lte(orders.captureLeaseUntil, sql`now()`));

/** The payment an attempt captures, and the provider (or method) that names its provider. */
export interface ClaimedCapture {
  providerOrderId: string | null;
  paymentProvider: string | null;
  paymentMethod: string;
}

/**
 * Starts an attempt: on an order with no attempt, or by taking over one in doubt (`previous`,
 * its lease over). Answers the provider's order id, or undefined when another attempt is still
 * being worked on.
 */
export async function claimCapture(
  tx: Database,
  orderId: string,
  attemptId: string,
  previous: string | null,
  leaseMs: number,
): Promise<ClaimedCapture | undefined> {
  const free =
    previous === null
      ? isNull(orders.captureAttemptId)
      : and(eq(orders.captureAttemptId, previous), leaseOver);
  const claimed = await tx
    .update(orders)
    .set({ captureAttemptId: attemptId, captureLeaseUntil: leaseEnd(leaseMs) })
    .where(and(eq(orders.id, orderId), free))
    .returning({
      providerOrderId: orders.providerOrderId,
      paymentProvider: orders.paymentProvider,
      paymentMethod: orders.paymentMethod,
    });
  return claimed[0];
}

/**
 * The provider did not answer: the capture may or may not have happened. The attempt keeps the
 * stock it reserved and ends its lease now, so the buyer's retry or the recovery pass can take
 * it over at once.
 */
export async function leaveInDoubt(db: Database, orderId: string, attemptId: string) {
  await db
    .update(orders)
    .set({ captureLeaseUntil: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.captureAttemptId, attemptId)));
}

/** Ends the attempt without payment; true when it was still this attempt's to end. */
export async function endCapture(tx: Database, orderId: string, attemptId: string) {
  const ended = await tx
    .update(orders)
    .set({ captureAttemptId: null, captureLeaseUntil: null, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.captureAttemptId, attemptId)))
    .returning({ id: orders.id });
  return ended.length > 0;
}

export type MarkPaidResult = 'paid' | 'capture-reused' | 'not-this-attempt';

/**
 * Marks the order paid with the given capture and ends the attempt, if the order is still this
 * attempt's and no order already holds the capture id. The unique index on capture_id still
 * refuses two payments that race past this check (the caller turns that into 'capture-reused').
 */
export async function markOrderPaid(
  tx: Database,
  orderId: string,
  attemptId: string,
  payment: { paidAt: Date; captureId: string; payerEmail: string | null },
): Promise<MarkPaidResult> {
  const updated = await tx
    .update(orders)
    .set({
      ...payment,
      isPaid: true,
      captureAttemptId: null,
      captureLeaseUntil: null,
      updatedAt: payment.paidAt,
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.captureAttemptId, attemptId),
        notExists(
          tx.select({ id: orders.id }).from(orders).where(eq(orders.captureId, payment.captureId)),
        ),
      ),
    )
    .returning({ id: orders.id })
    .prepare('order_mark_paid')
    .execute();
  if (updated.length > 0) return 'paid';
  const [still] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.captureAttemptId, attemptId)));
  return still ? 'capture-reused' : 'not-this-attempt';
}

/** Orders whose capture is in doubt (lease over), oldest lease first. */
export async function findCapturesInDoubt(db: Database, limit: number) {
  return db
    .select({ id: orders.id, attemptId: orders.captureAttemptId })
    .from(orders)
    .where(and(isNotNull(orders.captureAttemptId), leaseOver))
    .orderBy(orders.captureLeaseUntil)
    .limit(limit);
}

/**
 * Milliseconds until the first lease still running ends, if any, on the database's clock (so
 * the instances' own clocks do not matter): the recovery pass looks again then.
 */
export async function msUntilNextLeaseEnd(db: Database): Promise<number | undefined> {
  const [row] = await db
    .select({
      ms: sql<
        number | null
      >`(extract(epoch from min(${orders.captureLeaseUntil}) - now()) * 1000)::float8`,
    })
    .from(orders)
    .where(and(isNotNull(orders.captureAttemptId), sql`${orders.captureLeaseUntil} > now()`));
  return row?.ms ?? undefined;
}

/** What a provider's event names of a capture: the capture, our order, the provider's own. */
export interface CaptureIds {
  captureId?: string;
  orderId?: string;
  providerOrderId?: string;
}

/**
 * The order a provider's capture event is about (our order id, the provider's order, or the
 * capture), with its lines, locked until the transaction ends.
 */
export async function findOrderOfCapture(tx: Database, ids: CaptureIds) {
  const conditions = [];
  if (ids.captureId) conditions.push(eq(orders.captureId, ids.captureId));
  if (ids.orderId) conditions.push(eq(orders.id, ids.orderId));
  if (ids.providerOrderId) conditions.push(eq(orders.providerOrderId, ids.providerOrderId));
  if (conditions.length === 0) return undefined;
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(or(...conditions))
    .limit(1);
  return row ? findOrderWithLines(tx, row.id, { forUpdate: true }) : undefined;
}

/** The order whose capture this is, if any (a refund made on the provider's own site). */
export async function findOrderIdOfCapture(
  tx: Database,
  captureId: string,
): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.captureId, captureId));
  return row?.id;
}
