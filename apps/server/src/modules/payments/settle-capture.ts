import { randomUUID } from 'node:crypto';
import type { Order } from '@proshop/domain/order-schemas';
import { toCents } from '@proshop/domain/money';
import {
  verifyCapture,
  type CaptureResult,
  type CaptureVerdict,
} from '@proshop/domain/payment-verification';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import { giveDiscountUseBack } from '../promotions/uses.ts';
import {
  captureLeaseMs,
  claimCapture,
  endCapture,
  leaveInDoubt,
  markOrderPaid,
} from '../orders/capture-claims.ts';
import type { SettleDeps } from '../orders/order-deps.ts';
import { recordOrderEvent, type EventActor } from '../orders/order-events.ts';
import { NOTHING_AFTER_SALE } from '../orders/after-sale-records.ts';
import { toOrder, type OrderRow } from '../orders/order-mapper.ts';
import { findOrderWithLines } from '../orders/order-records.ts';
import { giveOrderStockBack } from '../orders/line-stock.ts';

/**
 * Why a capture does not pay the order: verifyCapture's reasons, and a capture id already
 * recorded for another order, which only the database can know (markOrderPaid, unique index).
 */
export type CaptureRefusal = Exclude<CaptureVerdict, { paid: true }>['reason'] | 'capture-reused';

export type Settled =
  | { outcome: 'paid'; order: Order }
  | { outcome: 'refused'; reason: CaptureRefusal }
  /**
   * The provider holds no capture: the stock and the discount code's use are back, and the order
   * can be paid again.
   */
  | { outcome: 'released' }
  /** Another attempt owns the order now (it took this one over); the order as it stands. */
  | { outcome: 'taken-over'; order: OrderRow };

export interface CaptureAttempt {
  orderId: string;
  attemptId: string;
  /** Who settles it, for the order's timeline: the buyer paying, or the shop's recovery pass. */
  by: EventActor;
}

/** Why the order's timeline says a capture did not pay: a refusal, or no capture at all. */
const failureReason = (reason: CaptureRefusal | undefined) => reason ?? 'not-captured';

/**
 * Finishes an attempt with what the provider said, in one short transaction: a verified capture
 * marks the order paid and queues the receipt; anything else gives the reserved stock and the
 * discount code's use back and ends the attempt (`capture` undefined: the provider holds none).
 * Either way the order's timeline tells of it (paid, or payment failed) in that transaction.
 */
export async function settleCapture(
  deps: SettleDeps,
  attempt: CaptureAttempt,
  capture: CaptureResult | undefined,
): Promise<Settled> {
  try {
    return await settle(deps, attempt, capture);
  } catch (error) {
    // Another order recorded the same capture id between our check and our write.
    if (!isUniqueViolation(error)) throw error;
    deps.log.error({ orderId: attempt.orderId }, 'a completed capture was refused: capture reused');
    const released = await settle(deps, attempt, undefined, 'capture-reused');
    return released.outcome === 'released'
      ? { outcome: 'refused', reason: 'capture-reused' }
      : released;
  }
}

/** settleCapture's transaction; `refused` refuses the capture without looking at it. */
async function settle(
  deps: SettleDeps,
  attempt: CaptureAttempt,
  capture: CaptureResult | undefined,
  refused?: CaptureRefusal,
): Promise<Settled> {
  return deps.catalogue.change(deps.db, async (tx) => {
    const found = await findOrderWithLines(tx, attempt.orderId, { forUpdate: true });
    if (!found) return { outcome: 'released' } as const;
    const { order, items } = found;
    if (order.captureAttemptId !== attempt.attemptId) {
      return { outcome: 'taken-over', order } as const;
    }
    const release = async (reason?: CaptureRefusal): Promise<Settled> => {
      if (capture?.status === 'completed') {
        // Money moved but does not pay this order: someone must look at it (refund or fraud).
        deps.log.error(
          { orderId: order.id, providerOrderId: order.providerOrderId, reason },
          'a completed capture was refused',
        );
      }
      await giveOrderStockBack(tx, items, deps.notices.backInStock);
      await giveDiscountUseBack(tx, order.id);
      await endCapture(tx, order.id, attempt.attemptId);
      await recordOrderEvent(tx, {
        orderId: order.id,
        kind: 'payment-failed',
        ...attempt.by,
        details: { reason: failureReason(reason) },
      });
      return reason ? { outcome: 'refused', reason } : { outcome: 'released' };
    };
    if (refused) return release(refused);
    if (!capture) return release();
    const verdict = verifyCapture(
      { amountCents: toCents(order.totalPrice), currency: order.currency },
      capture,
    );
    if (!verdict.paid) return release(verdict.reason);
    const payment = {
      paidAt: new Date(),
      captureId: verdict.captureId,
      payerEmail: capture.status === 'completed' ? (capture.payerEmail ?? null) : null,
    };
    if ((await markOrderPaid(tx, order.id, attempt.attemptId, payment)) !== 'paid') {
      return release('capture-reused');
    }
    const paid = toOrder(
      { ...order, ...payment, isPaid: true, captureAttemptId: null, captureLeaseUntil: null },
      items,
      // Paid this moment: no refund or return can exist yet.
      NOTHING_AFTER_SALE,
    );
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'paid',
      ...attempt.by,
      details: { captureId: verdict.captureId, amount: paid.totalPrice, currency: paid.currency },
    });
    await deps.notices.queue(tx, paid, 'paid');
    return { outcome: 'paid', order: paid } as const;
  });
}

/**
 * Settles an attempt in doubt (its lease is over: its request died, or the provider did not
 * answer) by asking the provider what became of the payment, without capturing anything. The
 * attempt is taken over first, so one instance at a time settles it; undefined when another
 * request or instance holds it now. Throws AppError('unavailable') if the provider does not
 * answer (the attempt stays in doubt, for the next try).
 */
export async function recoverCapture(
  deps: SettleDeps,
  orderId: string,
  attemptInDoubt: string,
  by: EventActor,
): Promise<Settled | undefined> {
  const attemptId = randomUUID();
  const leaseMs = captureLeaseMs(deps.payments);
  const claimed = await claimCapture(deps.db, orderId, attemptId, attemptInDoubt, leaseMs);
  if (!claimed) return undefined;
  const { providerOrderId } = claimed;
  const attempt = { orderId, attemptId, by };
  let capture: CaptureResult | undefined;
  try {
    capture = providerOrderId
      ? await deps.payments.forOrder(claimed).findCapture({ providerOrderId, orderId })
      : undefined;
  } catch (error) {
    await leaveInDoubt(deps.db, orderId, attemptId);
    throw error;
  }
  return settleCapture(deps, attempt, capture);
}
