import { toCents } from '@proshop/domain/money';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { paypalWebhookEvents } from '../../db/schema/payments.ts';
import {
  captureLost,
  refundedAtProvider,
  type ProviderRefundStatus,
} from '../after-sale/provider-events.ts';
import { findOrderOfCapture } from '../orders/capture-claims.ts';
import type { SettleDeps } from '../orders/order-deps.ts';
import { holdsUnstorableText } from '../payment-providers/webhook-checks.ts';
import { lateCaptureCompleted, type WebhookOutcome } from './late-capture.ts';

/**
 * PayPal's webhook events (POST /api/payments/paypal/webhook), after PayPal verified them: what
 * happened to a capture or refund outside the shop's own calls. A capture completed late pays
 * the order (late-capture.ts); a capture taken back and a refund are after-sale's (provider-events.ts). Each event is applied once, in
 * one transaction with the record of its id, so PayPal's retries and duplicates change nothing.
 */

const money = z.object({ currency_code: z.string(), value: z.string() });
const captureResource = z.object({
  id: z.string().min(1),
  status: z.string().optional(),
  amount: money.optional(),
  custom_id: z.string().optional(),
  supplementary_data: z
    .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
    .optional(),
});
const refundResource = z.object({
  id: z.string().min(1),
  status: z.string().optional(),
  amount: money,
  custom_id: z.string().optional(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
});
/** Loose: the event goes back to PayPal whole for its verification. */
export const webhookEventSchema = z
  .looseObject({
    id: z.string().min(1).max(200),
    event_type: z.string().min(1).max(100),
    resource: z.unknown(),
  })
  .refine((event) => !holdsUnstorableText(event), {
    message: 'The event holds a NUL character or half of a character',
  });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** PayPal's refund statuses in the provider-neutral words of after-sale. */
const refundStatus = (status: string | undefined): ProviderRefundStatus =>
  status === 'PENDING'
    ? 'pending'
    : status === 'FAILED' || status === 'CANCELLED'
      ? 'failed'
      : 'completed';

/** The order a capture event is about: our order id (custom_id), PayPal's order, or the capture. */
function orderOfCapture(tx: Database, capture: z.infer<typeof captureResource>) {
  return findOrderOfCapture(tx, {
    captureId: capture.id,
    orderId: capture.custom_id && isUuid(capture.custom_id) ? capture.custom_id : undefined,
    providerOrderId: capture.supplementary_data?.related_ids?.order_id,
  });
}

/** Applies a verified event once; a repeated event id changes nothing. */
export async function applyWebhookEvent(
  deps: SettleDeps,
  event: WebhookEvent,
): Promise<WebhookOutcome> {
  const capture = captureResource.safeParse(event.resource);
  const refund = refundResource.safeParse(event.resource);
  return deps.catalogue.change(deps.db, async (tx) => {
    const recorded = await tx
      .insert(paypalWebhookEvents)
      .values({
        id: event.id,
        eventType: event.event_type,
        resourceId: capture.success ? capture.data.id : null,
      })
      .onConflictDoNothing()
      .returning({ id: paypalWebhookEvents.id });
    if (recorded.length === 0) return 'duplicate';
    switch (event.event_type) {
      case 'PAYMENT.CAPTURE.COMPLETED': {
        // A PENDING capture that PayPal completed later.
        if (!capture.success) return 'ignored';
        const { id, amount } = capture.data;
        return lateCaptureCompleted(
          deps,
          tx,
          await orderOfCapture(tx, capture.data),
          {
            captureId: id,
            amountCents: amount ? toCents(amount.value) : -1,
            currency: amount?.currency_code ?? '',
          },
          'paypal',
        );
      }
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.REVERSED': {
        if (!capture.success) return 'ignored';
        const found = await orderOfCapture(tx, capture.data);
        if (!found || found.order.captureId !== capture.data.id) return 'ignored';
        const problem = event.event_type === 'PAYMENT.CAPTURE.DENIED' ? 'denied' : 'reversed';
        await captureLost(deps, tx, found, capture.data.id, problem, 'paypal');
        return 'applied';
      }
      case 'PAYMENT.CAPTURE.REFUNDED': {
        if (!refund.success) return 'ignored';
        const { id, status, amount, links } = refund.data;
        // The capture a refund made on PayPal's own site belongs to: its link 'up'.
        const captureId = /\/captures\/([^/]+)$/.exec(
          links?.find((link) => link.rel === 'up')?.href ?? '',
        )?.[1];
        const applied = await refundedAtProvider(deps, tx, {
          providerRefundId: id,
          status: refundStatus(status),
          amount: amount.value,
          currency: amount.currency_code,
          captureId,
          provider: 'paypal',
        });
        return applied ? 'applied' : 'ignored';
      }
      default:
        return 'ignored';
    }
  });
}
