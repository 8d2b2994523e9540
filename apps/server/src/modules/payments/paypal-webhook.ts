import { orderLabel } from '@proshop/domain/order-number';
import { toCents } from '@proshop/domain/money';
import { verifyCapture } from '@proshop/domain/payment-verification';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { paypalWebhookEvents } from '../../db/schema/payments.ts';
import { captureLost, refundedAtProvider } from '../after-sale/provider-events.ts';
import { NOTHING_AFTER_SALE } from '../orders/after-sale-records.ts';
import { findOrderOfCapture } from '../orders/capture-claims.ts';
import { takeOrderStock } from '../orders/line-stock.ts';
import type { SettleDeps } from '../orders/order-deps.ts';
import { BY_SHOP, recordOrderEvent } from '../orders/order-events.ts';
import { toOrder } from '../orders/order-mapper.ts';
import { updateOrder } from '../orders/order-records.ts';
import { holdsUnstorableText } from '../payment-providers/webhook-checks.ts';
import { forceDiscountUse } from '../promotions/uses.ts';

/**
 * PayPal's webhook events (POST /api/payments/paypal/webhook), after PayPal verified them: what
 * happened to a capture or refund outside the shop's own calls. A capture completed late pays
 * the order here; a capture taken back and a refund are after-sale's (provider-events.ts). Each event is applied once, in
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

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/** The order a capture event is about: our order id (custom_id), PayPal's order, or the capture. */
function orderOfCapture(tx: Database, capture: z.infer<typeof captureResource>) {
  return findOrderOfCapture(tx, {
    captureId: capture.id,
    orderId: capture.custom_id && isUuid(capture.custom_id) ? capture.custom_id : undefined,
    providerOrderId: capture.supplementary_data?.related_ids?.order_id,
  });
}

/**
 * A PENDING capture that PayPal completed later: the order is paid now, with its stock and its
 * discount code's use taken (the money is in: neither can refuse it any more).
 */
async function captureCompleted(
  deps: SettleDeps,
  tx: Database,
  capture: z.infer<typeof captureResource>,
): Promise<WebhookOutcome> {
  const found = await orderOfCapture(tx, capture);
  if (!found || found.order.isPaid) return 'ignored';
  const { order, items } = found;
  // A capture of ours still being settled settles this same capture itself.
  if (order.captureAttemptId) return 'ignored';
  const verdict = verifyCapture(
    { amountCents: toCents(order.totalPrice), currency: order.currency },
    {
      status: 'completed',
      captureId: capture.id,
      amountCents: capture.amount ? toCents(capture.amount.value) : -1,
      currency: capture.amount?.currency_code ?? '',
    },
  );
  if (!verdict.paid || order.cancelledAt) {
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'payment-problem',
      ...BY_SHOP,
      details: {
        problem: 'not-accepted',
        captureId: capture.id,
        reason: order.cancelledAt ? 'cancelled' : 'wrong-amount',
      },
    });
    await deps.notices.alertShop(
      tx,
      `PayPal completed a payment the shop cannot accept for order ${orderLabel(order.orderNumber)}`,
      `PayPal completed capture ${capture.id} for order ${orderLabel(order.orderNumber)} (${order.id}), which ${order.cancelledAt ? 'was cancelled' : 'asked for another amount'}. Refund it in PayPal.`,
    );
    return 'applied';
  }
  const shortage = await takeOrderStock(tx, items, deps.notices.lowStock);
  if (shortage) {
    // The money is taken: the order is paid all the same, and the shop must find the item.
    const item = shortage.sku ? `${shortage.name} (SKU ${shortage.sku})` : shortage.name;
    await deps.notices.alertShop(
      tx,
      `Order ${orderLabel(order.orderNumber)} was paid but ${shortage.name} is out of stock`,
      `PayPal completed a pending payment for order ${orderLabel(order.orderNumber)} (${order.id}), but ${item} is out of stock. Restock it or refund the order.`,
    );
  }
  // The buyer paid the discounted price: the order holds its use even past the code's limits
  // (uses above the limit until it is refunded), and the shop is told why it should not have.
  const overUsed = await forceDiscountUse(tx, order);
  if (overUsed) {
    await deps.notices.alertShop(
      tx,
      `Order ${orderLabel(order.orderNumber)} was paid with a discount code past its limits`,
      `PayPal completed a pending payment for order ${orderLabel(order.orderNumber)} (${order.id}) at its discounted price, but its code could no longer be used (${overUsed}). The order keeps its discount and holds a use beyond the code's limits.`,
    );
  }
  const paid = await updateOrder(tx, order.id, {
    isPaid: true,
    paidAt: new Date(),
    captureId: capture.id,
  });
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'paid',
    ...BY_SHOP,
    details: {
      captureId: capture.id,
      amount: Number(order.totalPrice),
      currency: order.currency,
    },
  });
  await deps.notices.queue(tx, toOrder(paid ?? order, items, NOTHING_AFTER_SALE), 'paid');
  return 'applied';
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
      case 'PAYMENT.CAPTURE.COMPLETED':
        return capture.success ? captureCompleted(deps, tx, capture.data) : 'ignored';
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.REVERSED': {
        if (!capture.success) return 'ignored';
        const found = await orderOfCapture(tx, capture.data);
        if (!found || found.order.captureId !== capture.data.id) return 'ignored';
        const problem = event.event_type === 'PAYMENT.CAPTURE.DENIED' ? 'denied' : 'reversed';
        await captureLost(deps, tx, found, capture.data.id, problem);
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
          status,
          amount: amount.value,
          currency: amount.currency_code,
          captureId,
        });
        return applied ? 'applied' : 'ignored';
      }
      default:
        return 'ignored';
    }
  });
}
