import { randomUUID } from 'node:crypto';
import { centsToDecimalString, toCents } from '@proshop/domain/money';
import { verifyCapture } from '@proshop/domain/payment-verification';
import { isFullyRefunded } from '@proshop/domain/refunds';
import { eq, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { orders, refunds } from '../../db/schema/orders.ts';
import { paypalWebhookEvents } from '../../db/schema/payments.ts';
import { holdsUnstorableText } from '../payment-providers/webhook-checks.ts';
import { forceDiscountUse, giveDiscountUseBack } from '../promotions/uses.ts';
import { insertRefund, settleRefundRow } from '../orders/refund-records.ts';
import { findAfterSaleOfOrder, NOTHING_AFTER_SALE } from '../orders/after-sale-records.ts';
import { BY_SHOP, recordOrderEvent } from '../orders/order-events.ts';
import { toOrder, toRefund, type OrderRow } from '../orders/order-mapper.ts';
import { recordRefundEvent } from '../after-sale/refund-events.ts';
import { findOrderWithLines, updateOrder } from '../orders/order-records.ts';
import type { SettleDeps } from '../orders/order-deps.ts';
import { giveOrderStockBack, takeOrderStock } from '../orders/line-stock.ts';

/**
 * PayPal's webhook events (POST /api/payments/paypal/webhook), after PayPal verified them: what
 * happened to a capture or refund outside the shop's own calls. Each event is applied once, in
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
async function orderOfCapture(tx: Database, capture: z.infer<typeof captureResource>) {
  const providerOrderId = capture.supplementary_data?.related_ids?.order_id;
  const conditions = [eq(orders.captureId, capture.id)];
  if (capture.custom_id && isUuid(capture.custom_id)) {
    conditions.push(eq(orders.id, capture.custom_id));
  }
  if (providerOrderId) conditions.push(eq(orders.providerOrderId, providerOrderId));
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(or(...conditions))
    .limit(1);
  return row ? findOrderWithLines(tx, row.id, { forUpdate: true }) : undefined;
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
      `PayPal completed a payment the shop cannot accept for order ${order.id}`,
      `PayPal completed capture ${capture.id} for order ${order.id}, which ${order.cancelledAt ? 'was cancelled' : 'asked for another amount'}. Refund it in PayPal.`,
    );
    return 'applied';
  }
  const shortage = await takeOrderStock(tx, items, deps.notices.lowStock);
  if (shortage) {
    // The money is taken: the order is paid all the same, and the shop must find the item.
    const item = shortage.sku ? `${shortage.name} (SKU ${shortage.sku})` : shortage.name;
    await deps.notices.alertShop(
      tx,
      `Order ${order.id} was paid but ${shortage.name} is out of stock`,
      `PayPal completed a pending payment for order ${order.id}, but ${item} is out of stock. Restock it or refund the order.`,
    );
  }
  // The buyer paid the discounted price: the order holds its use even past the code's limits
  // (uses above the limit until it is refunded), and the shop is told why it should not have.
  const overUsed = await forceDiscountUse(tx, order);
  if (overUsed) {
    await deps.notices.alertShop(
      tx,
      `Order ${order.id} was paid with a discount code past its limits`,
      `PayPal completed a pending payment for order ${order.id} at its discounted price, but its code could no longer be used (${overUsed}). The order keeps its discount and holds a use beyond the code's limits.`,
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

/**
 * PayPal took back a capture (DENIED: a pending one failed; REVERSED: a chargeback). An order not
 * sent yet is cancelled: its stock and its discount code's use go back.
 */
async function captureLost(
  deps: SettleDeps,
  tx: Database,
  capture: z.infer<typeof captureResource>,
  problem: 'denied' | 'reversed',
): Promise<WebhookOutcome> {
  const found = await orderOfCapture(tx, capture);
  if (!found || found.order.captureId !== capture.id) return 'ignored';
  const { order, items } = found;
  const values: Partial<OrderRow> = { paymentProblem: problem, paymentProblemAt: new Date() };
  const stockBack = order.isPaid && !order.isSent && !order.cancelledAt;
  if (stockBack) {
    await giveOrderStockBack(tx, items, deps.notices.backInStock);
    await giveDiscountUseBack(tx, order.id);
    Object.assign(values, { cancelledAt: new Date(), cancelledBy: 'shop' });
  }
  await updateOrder(tx, order.id, values);
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'payment-problem',
    ...BY_SHOP,
    details: { problem, captureId: capture.id },
  });
  if (stockBack) {
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'cancelled',
      ...BY_SHOP,
      details: { reason: `PayPal ${problem} the payment` },
    });
  }
  await deps.notices.alertShop(
    tx,
    `PayPal ${problem} the payment of order ${order.id}`,
    `PayPal says the payment of order ${order.id} (capture ${capture.id}) was ${problem}. ` +
      (stockBack
        ? 'The order was not sent: it is cancelled and its items are back in stock.'
        : 'The order was already sent or cancelled: please look at it.'),
  );
  return 'applied';
}

/**
 * A refund PayPal finished, or one made in PayPal's own dashboard: it appears on the order, and
 * gives back the order's discount code use if it refunds the order fully.
 */
async function refunded(
  deps: SettleDeps,
  tx: Database,
  resource: z.infer<typeof refundResource>,
): Promise<WebhookOutcome> {
  const [known] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, resource.id));
  if (known) {
    if (resource.status === 'COMPLETED') {
      const completed = await settleRefundRow(
        tx,
        known.id,
        ['requested', 'pending'],
        { status: 'completed', completedAt: new Date() },
        null,
      );
      if (completed) await recordRefundEvent(tx, completed, BY_SHOP);
    }
    return 'applied';
  }
  const captureId = /\/captures\/([^/]+)$/.exec(
    resource.links?.find((link) => link.rel === 'up')?.href ?? '',
  )?.[1];
  if (!captureId) return 'ignored';
  const [order] = await tx.select().from(orders).where(eq(orders.captureId, captureId));
  if (!order) return 'ignored';
  const made = await insertRefund(
    tx,
    {
      id: randomUUID(),
      orderId: order.id,
      amount: centsToDecimalString(toCents(resource.amount.value)),
      currency: resource.amount.currency_code,
      reason: 'Refunded in PayPal',
      status: resource.status === 'PENDING' ? 'pending' : 'completed',
      providerRefundId: resource.id,
      requestId: randomUUID(),
      completedAt: resource.status === 'PENDING' ? null : new Date(),
    },
    [],
    null,
  );
  const found = await findOrderWithLines(tx, order.id, { forUpdate: true });
  await recordRefundEvent(tx, made.refund, BY_SHOP);
  if (found) {
    const afterSale = await findAfterSaleOfOrder(tx, order.id);
    const refundedOrder = toOrder(found.order, found.items, afterSale);
    if (isFullyRefunded(refundedOrder)) await giveDiscountUseBack(tx, order.id);
    await deps.notices.queue(tx, refundedOrder, { refund: toRefund(made) });
  }
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
        return capture.success ? captureLost(deps, tx, capture.data, 'denied') : 'ignored';
      case 'PAYMENT.CAPTURE.REVERSED':
        return capture.success ? captureLost(deps, tx, capture.data, 'reversed') : 'ignored';
      case 'PAYMENT.CAPTURE.REFUNDED':
        return refund.success ? refunded(deps, tx, refund.data) : 'ignored';
      default:
        return 'ignored';
    }
  });
}
