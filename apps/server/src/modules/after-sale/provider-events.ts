import { orderLabel } from '@proshop/domain/order-number';
import { randomUUID } from 'node:crypto';
import { centsToDecimalString, toCents } from '@proshop/domain/money';
import { PROVIDER_NAMES, type ProviderKind } from '@proshop/domain/payment-methods';
import { isFullyRefunded } from '@proshop/domain/refunds';
import type { Database } from '../../db/client.ts';
import { findAfterSaleOfOrder } from '../orders/after-sale-records.ts';
import { findOrderIdOfCapture } from '../orders/capture-claims.ts';
import { giveOrderStockBack } from '../orders/line-stock.ts';
import type { SettleDeps } from '../orders/order-deps.ts';
import { BY_SHOP, recordOrderEvent } from '../orders/order-events.ts';
import { toOrder, toRefund, type OrderItemRow, type OrderRow } from '../orders/order-mapper.ts';
import { findOrderWithLines, updateOrder } from '../orders/order-records.ts';
import { findRefundByProviderId, insertRefund, settleRefundRow } from '../orders/refund-records.ts';
import { giveDiscountUseBack } from '../promotions/uses.ts';
import { recordRefundEvent } from './refund-events.ts';

/**
 * What a payment provider reports after the sale, outside the shop's own calls (payments hands
 * each event over once verified and recorded, in its transaction): a capture taken back (denied
 * when pending, reversed by a chargeback), and a refund finished at the provider or made on its
 * own site. The rules are written once here; each provider's webhook passes its kind, whose name
 * the texts and the timeline give.
 */

/** A refund's status in every provider's words (each webhook maps its own to these). */
export type ProviderRefundStatus = 'completed' | 'pending' | 'failed';

/** A refund as the provider reports it. */
export interface ProviderRefund {
  providerRefundId: string;
  status: ProviderRefundStatus;
  /** Why it failed, when it did. */
  failureReason?: string;
  /** The amount as a decimal string in `currency`. */
  amount: string;
  currency: string;
  /** The capture it refunds, when the provider names it. */
  captureId: string | undefined;
  /**
   * The refund carries our order id: the shop asked for it, and the request that did (or its
   * retry with the same key) records it. Its event may arrive before that answer; it is never
   * taken for a refund made on the provider's site.
   */
  askedByShop?: boolean;
  provider: ProviderKind;
}

/**
 * The provider took back a capture (PayPal's DENIED: a pending one failed; REVERSED: a
 * chargeback, as is a dispute lost in Stripe). An order not sent yet is cancelled: its stock and
 * its discount code's use go back.
 */
export async function captureLost(
  deps: SettleDeps,
  tx: Database,
  found: { order: OrderRow; items: OrderItemRow[] },
  captureId: string,
  problem: 'denied' | 'reversed',
  provider: ProviderKind,
): Promise<void> {
  const { order, items } = found;
  const name = PROVIDER_NAMES[provider];
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
    details: { problem, captureId, provider },
  });
  if (stockBack) {
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'cancelled',
      ...BY_SHOP,
      details: { reason: `${name} ${problem} the payment` },
    });
  }
  await deps.notices.alertShop(
    tx,
    `${name} ${problem} the payment of order ${orderLabel(order.orderNumber)}`,
    `${name} says the payment of order ${orderLabel(order.orderNumber)} (${order.id}, capture ${captureId}) was ${problem}. ` +
      (stockBack
        ? 'The order was not sent: it is cancelled and its items are back in stock.'
        : 'The order was already sent or cancelled: please look at it.'),
  );
}

/**
 * A refund the provider finished (or failed), or one made in the provider's own dashboard: it
 * appears on the order, and gives back the order's discount code use if it refunds the order
 * fully. False when the refund is of no order of this shop, or not one to record here.
 */
export async function refundedAtProvider(
  deps: SettleDeps,
  tx: Database,
  resource: ProviderRefund,
): Promise<boolean> {
  const known = await findRefundByProviderId(tx, resource.providerRefundId);
  if (known) {
    if (resource.status !== 'pending') {
      const settled = await settleRefundRow(
        tx,
        known.id,
        ['requested', 'pending'],
        resource.status === 'completed'
          ? { status: 'completed', completedAt: new Date() }
          : { status: 'failed', failureReason: resource.failureReason ?? 'failed' },
        null,
      );
      if (settled) await recordRefundEvent(tx, settled, BY_SHOP);
    }
    return true;
  }
  // The shop's own refund is recorded by its request; a failed one gave nothing back to show.
  if (resource.askedByShop || resource.status === 'failed') return false;
  const orderId = resource.captureId && (await findOrderIdOfCapture(tx, resource.captureId));
  if (!orderId) return false;
  const made = await insertRefund(
    tx,
    {
      id: randomUUID(),
      orderId,
      amount: centsToDecimalString(toCents(resource.amount)),
      currency: resource.currency,
      reason: `Refunded in ${PROVIDER_NAMES[resource.provider]}`,
      status: resource.status,
      providerRefundId: resource.providerRefundId,
      requestId: randomUUID(),
      completedAt: resource.status === 'pending' ? null : new Date(),
    },
    [],
    null,
  );
  const found = await findOrderWithLines(tx, orderId, { forUpdate: true });
  await recordRefundEvent(tx, made.refund, BY_SHOP);
  if (found) {
    const afterSale = await findAfterSaleOfOrder(tx, orderId);
    const refundedOrder = toOrder(found.order, found.items, afterSale);
    if (isFullyRefunded(refundedOrder)) await giveDiscountUseBack(tx, orderId);
    await deps.notices.queue(tx, refundedOrder, { refund: toRefund(made) });
  }
  return true;
}
