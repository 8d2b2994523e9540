import type { Database } from '../../db/client.ts';
import { recordOrderEvent, type EventActor } from '../orders/order-events.ts';
import type { RefundRow } from '../orders/refund-records.ts';

/**
 * A refund on the order's timeline: once when it is stored (requested, by the admin, or found in
 * PayPal), and again each time the provider's answer changes its status (pending, completed,
 * failed), so the timeline shows what the shop asked for and what became of it.
 */
export async function recordRefundEvent(
  tx: Database,
  refund: RefundRow,
  by: EventActor,
): Promise<void> {
  await recordOrderEvent(tx, {
    orderId: refund.orderId,
    kind: 'refund',
    ...by,
    details: {
      refundId: refund.id,
      amount: Number(refund.amount),
      currency: refund.currency,
      status: refund.status,
      reason: refund.reason,
      ...(refund.failureReason ? { failureReason: refund.failureReason } : {}),
    },
  });
}
