import type { Order } from '@proshop/domain/order-schemas';
import { toCents } from '@proshop/domain/money';
import { payRefusal } from '@proshop/domain/order-permissions';
import { verifyCapture, type CaptureVerdict } from '@proshop/domain/payment-verification';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import { conflict, forbidden } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import type { CatalogueChanges } from '../catalogue-cache/catalogue-changes.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { OrderNotices } from './notify-buyer.ts';
import { toOrder } from './order-mapper.ts';
import { markOrderPaid, setOrderPayment } from './repository.ts';
import { findVisibleOrder } from './service.ts';
import type { OrderRow } from './order-mapper.ts';
import { findShortage, takeStock } from './stock.ts';

export const ALREADY_PAID = 'This order has already been paid';
export const ONLY_THE_BUYER_PAYS = 'Only the buyer can pay this order';
const outOfStock = (name: string) =>
  `Sorry, ${name} is out of stock, so nothing was charged. Please update your order.`;

/**
 * Why a capture does not pay the order: verifyCapture's reasons, and a capture id already
 * recorded for an order, which only the database can know (markOrderPaid and the unique index).
 */
type CaptureRefusal = Exclude<CaptureVerdict, { paid: true }>['reason'] | 'capture-reused';

const refusals: Record<CaptureRefusal, string> = {
  declined: 'Your payment was declined. Please choose another way to pay.',
  pending: 'Your payment is still pending with the payment provider; nothing was charged yet.',
  failed: 'The payment could not be completed. Please try again.',
  'wrong-amount': 'The payment could not be verified. Please contact us.',
  'wrong-currency': 'The payment could not be verified. Please contact us.',
  'capture-reused': 'This payment has already been used for another order.',
};

/** The shared rule of who may pay (the order screen shows the buttons by the same rule). */
function assertMayPay(user: SessionUser, order: OrderRow): void {
  const refusal = payRefusal({ buyerId: order.userId, isPaid: order.isPaid }, user.id);
  if (refusal === 'not-buyer') throw forbidden(ONLY_THE_BUYER_PAYS);
  if (refusal === 'already-paid') throw conflict(ALREADY_PAID);
}

export interface PaymentDeps {
  db: Database;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  /** Queues the receipt in the payment's transaction. */
  notices: Pick<OrderNotices, 'queue'>;
  /** Taking stock, and the reviews' "verified purchase" badge, change the catalogue. */
  catalogue: CatalogueChanges;
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
  const { order, items } = await findVisibleOrder(deps.db, user, orderId);
  assertMayPay(user, order);
  const shortage = findShortage(items);
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
  await setOrderPayment(deps.db, order.id, {
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
  const paid = await deps.catalogue
    .change(deps.db, async (tx) => {
      const { order, items } = await findVisibleOrder(tx, user, orderId, { forUpdate: true });
      assertMayPay(user, order);
      if (!order.providerOrderId || order.providerOrderId !== providerOrderId) {
        throw conflict('This payment does not belong to this order. Please pay again.');
      }
      const shortage = await takeStock(tx, items);
      if (shortage) throw conflict(outOfStock(shortage.name));

      const capture = await deps.payments.capturePayment({ providerOrderId, orderId: order.id });
      const refuse = (reason: CaptureRefusal) => {
        if (capture.status === 'completed') {
          // Money moved but does not pay this order: someone must look at it (refund or fraud).
          deps.log.error(
            { orderId: order.id, providerOrderId, reason },
            'a completed capture was refused',
          );
        }
        return conflict(refusals[reason]);
      };
      const verdict = verifyCapture(
        { amountCents: toCents(order.totalPrice), currency: order.currency },
        capture,
      );
      if (!verdict.paid) throw refuse(verdict.reason);
      const payment = {
        paidAt: new Date(),
        captureId: verdict.captureId,
        payerEmail: capture.status === 'completed' ? (capture.payerEmail ?? null) : null,
      };
      // The UPDATE records the capture id only where no order holds it; a payment racing past
      // that check breaks the unique index on the capture id, caught below.
      if (!(await markOrderPaid(tx, order.id, payment))) throw refuse('capture-reused');
      const paidOrder = toOrder({ ...order, ...payment, isPaid: true }, items);
      await deps.notices.queue(tx, paidOrder, 'paid');
      return paidOrder;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) {
        throw conflict(refusals['capture-reused']);
      }
      throw error;
    });
  return paid;
}
