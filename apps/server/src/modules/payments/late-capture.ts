import { orderLabel } from '@proshop/domain/order-number';
import { toCents } from '@proshop/domain/money';
import { PROVIDER_NAMES, type ProviderKind } from '@proshop/domain/payment-methods';
import { verifyCapture } from '@proshop/domain/payment-verification';
import type { Database } from '../../db/client.ts';
import { NOTHING_AFTER_SALE } from '../orders/after-sale-records.ts';
import { findOrderIdOfCapture } from '../orders/capture-claims.ts';
import { takeOrderStock } from '../orders/line-stock.ts';
import type { SettleDeps } from '../orders/order-deps.ts';
import { BY_SHOP, recordOrderEvent } from '../orders/order-events.ts';
import { toOrder, type OrderItemRow, type OrderRow } from '../orders/order-mapper.ts';
import { updateOrder } from '../orders/order-records.ts';
import { forceDiscountUse } from '../promotions/uses.ts';

/** What a provider's webhook did with a verified event. */
export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/** A capture the provider completed, as its webhook reports it. */
export interface LateCapture {
  /** PayPal's capture id, Stripe's charge id: what a refund or a chargeback names. */
  captureId: string;
  /** In the currency's minor units; -1 when the event gave no amount. */
  amountCents: number;
  /** ISO 4217, upper case. */
  currency: string;
}

/**
 * A payment the provider completed without the shop's own capture call settling it (PayPal's
 * PENDING capture completed later, a Stripe PaymentIntent succeeded while no capture attempt of
 * ours was under way): the order is paid now, with its stock and its discount code's use taken
 * (the money is in: neither can refuse it any more). Called by each provider's webhook in the
 * transaction that records the event, with the order it found locked.
 */
export async function lateCaptureCompleted(
  deps: SettleDeps,
  tx: Database,
  found: { order: OrderRow; items: OrderItemRow[] } | undefined,
  capture: LateCapture,
  provider: ProviderKind,
): Promise<WebhookOutcome> {
  if (!found || found.order.isPaid) return 'ignored';
  const { order, items } = found;
  // A capture of ours still being settled settles this same capture itself.
  if (order.captureAttemptId) return 'ignored';
  const name = PROVIDER_NAMES[provider];
  const label = orderLabel(order.orderNumber);
  const verdict = verifyCapture(
    { amountCents: toCents(order.totalPrice), currency: order.currency },
    { status: 'completed', ...capture },
  );
  // The capture id pays one order only (the unique index would refuse it with an error, which
  // the provider would then deliver again and again).
  const holder = verdict.paid ? await findOrderIdOfCapture(tx, capture.captureId) : undefined;
  const refusal = order.cancelledAt
    ? 'cancelled'
    : !verdict.paid
      ? 'wrong-amount'
      : holder && holder !== order.id
        ? 'capture-reused'
        : undefined;
  if (refusal) {
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'payment-problem',
      ...BY_SHOP,
      details: {
        problem: 'not-accepted',
        captureId: capture.captureId,
        reason: refusal,
        provider,
      },
    });
    const why = {
      cancelled: 'was cancelled',
      'wrong-amount': 'asked for another amount',
      'capture-reused': 'is paid by another order already',
    }[refusal];
    await deps.notices.alertShop(
      tx,
      `${name} completed a payment the shop cannot accept for order ${label}`,
      `${name} completed capture ${capture.captureId} for order ${label} (${order.id}), which ${why}. Refund it in ${name}.`,
    );
    return 'applied';
  }
  const shortage = await takeOrderStock(tx, items, deps.notices.lowStock);
  if (shortage) {
    // The money is taken: the order is paid all the same, and the shop must find the item.
    const item = shortage.sku ? `${shortage.name} (SKU ${shortage.sku})` : shortage.name;
    await deps.notices.alertShop(
      tx,
      `Order ${label} was paid but ${shortage.name} is out of stock`,
      `${name} completed a pending payment for order ${label} (${order.id}), but ${item} is out of stock. Restock it or refund the order.`,
    );
  }
  // The buyer paid the discounted price: the order holds its use even past the code's limits
  // (uses above the limit until it is refunded), and the shop is told why it should not have.
  const overUsed = await forceDiscountUse(tx, order);
  if (overUsed) {
    await deps.notices.alertShop(
      tx,
      `Order ${label} was paid with a discount code past its limits`,
      `${name} completed a pending payment for order ${label} (${order.id}) at its discounted price, but its code could no longer be used (${overUsed}). The order keeps its discount and holds a use beyond the code's limits.`,
    );
  }
  const paid = await updateOrder(tx, order.id, {
    isPaid: true,
    paidAt: new Date(),
    captureId: capture.captureId,
  });
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'paid',
    ...BY_SHOP,
    details: {
      captureId: capture.captureId,
      amount: Number(order.totalPrice),
      currency: order.currency,
    },
  });
  await deps.notices.queue(tx, toOrder(paid ?? order, items, NOTHING_AFTER_SALE), 'paid');
  return 'applied';
}
