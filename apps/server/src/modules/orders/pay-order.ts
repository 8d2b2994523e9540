import type { Order } from '@proshop/domain/order-schemas';
import { toCents } from '@proshop/domain/money';
import { verifyCapture, type CaptureVerdict } from '@proshop/domain/payment-verification';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import { orders } from '../../db/schema.ts';
import { AppError, conflict } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { OrderNotices } from './notify-buyer.ts';
import { toOrder } from './order-mapper.ts';
import { findItemsOfOrders, updateOrder } from './repository.ts';
import { findVisibleOrder } from './service.ts';
import { findShortage, takeStock } from './stock.ts';

export const ALREADY_PAID = 'This order has already been paid';
const outOfStock = (name: string) =>
  `Sorry, ${name} is out of stock, so nothing was charged. Please update your order.`;

const refusals: Record<Exclude<CaptureVerdict, { paid: true }>['reason'], string> = {
  declined: 'Your payment was declined. Please choose another way to pay.',
  pending: 'Your payment is still pending with the payment provider; nothing was charged yet.',
  failed: 'The payment could not be completed. Please try again.',
  'wrong-amount': 'The payment could not be verified. Please contact us.',
  'wrong-currency': 'The payment could not be verified. Please contact us.',
  'capture-reused': 'This payment has already been used for another order.',
};

export interface PaymentDeps {
  db: Database;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  /** Queues the receipt in the payment's transaction. */
  notices: Pick<OrderNotices, 'queue'>;
}

/**
 * Starts paying an unpaid order: the provider gets the amount the server stored with the order,
 * and the provider's order id is kept with ours so that only that payment can pay it.
 */
export async function startPayment(
  deps: PaymentDeps,
  user: SessionUser,
  orderId: string,
): Promise<{ providerOrderId: string }> {
  const order = await findVisibleOrder(deps.db, user, orderId);
  if (order.isPaid) throw conflict(ALREADY_PAID);
  const items = await findItemsOfOrders(deps.db, [order.id]);
  const shortage = await findShortage(deps.db, items);
  if (shortage) throw conflict(outOfStock(shortage.name));
  const { providerOrderId } = await deps.payments.createPayment({
    orderId: order.id,
    amountCents: toCents(order.totalPrice),
    currency: order.currency,
    breakdown: {
      itemsCents: toCents(order.itemsPrice),
      shippingCents: toCents(order.shippingPrice),
      taxCents: toCents(order.taxPrice),
    },
    items: items.map((item) => ({
      name: item.name,
      quantity: item.qty,
      unitAmountCents: toCents(item.price),
      ...(item.productId ? { sku: item.productId } : {}),
    })),
  });
  await updateOrder(deps.db, order.id, {
    paymentProvider: deps.payments.kind,
    providerOrderId,
  });
  return { providerOrderId };
}

/**
 * Pays an order: in one transaction the order is locked, the stock of every line is taken, the
 * server captures the payment it created and verifies the capture (completed, exact amount and
 * currency, capture id never used). Any refusal rolls the stock back; an out-of-stock line is
 * found before any money is captured. The receipt is queued in the mail outbox in the same
 * transaction.
 */
export async function payOrder(
  deps: PaymentDeps,
  user: SessionUser,
  orderId: string,
  providerOrderId: string,
): Promise<Order> {
  const paid = await deps.db
    .transaction(async (tx) => {
      const order = await findVisibleOrder(tx, user, orderId, { forUpdate: true });
      if (order.isPaid) throw conflict(ALREADY_PAID);
      if (!order.providerOrderId || order.providerOrderId !== providerOrderId) {
        throw conflict('This payment does not belong to this order. Please pay again.');
      }
      const items = await findItemsOfOrders(tx, [order.id]);
      const shortage = await takeStock(tx, items);
      if (shortage) throw conflict(outOfStock(shortage.name));

      const capture = await deps.payments.capturePayment({ providerOrderId, orderId: order.id });
      const used =
        capture.status === 'completed' &&
        (
          await tx
            .select({ id: orders.id })
            .from(orders)
            .where(eq(orders.captureId, capture.captureId))
        ).length > 0;
      const verdict = verifyCapture(
        { amountCents: toCents(order.totalPrice), currency: order.currency },
        capture,
        used,
      );
      if (!verdict.paid) {
        if (capture.status === 'completed') {
          // Money moved but does not pay this order: someone must look at it (refund or fraud).
          deps.log.error(
            { orderId: order.id, providerOrderId, reason: verdict.reason },
            'a completed capture was refused',
          );
        }
        throw conflict(refusals[verdict.reason]);
      }
      const now = new Date();
      const updated = await updateOrder(tx, order.id, {
        isPaid: true,
        paidAt: now,
        captureId: verdict.captureId,
        payerEmail: capture.status === 'completed' ? (capture.payerEmail ?? null) : null,
      });
      const paidOrder = toOrder(updated!, items);
      await deps.notices.queue(tx, paidOrder, 'paid');
      return paidOrder;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) {
        throw new AppError('conflict', refusals['capture-reused']);
      }
      throw error;
    });
  return paid;
}
