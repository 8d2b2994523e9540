import { randomUUID } from 'node:crypto';
import type { Order } from '@proshop/domain/order-schemas';
import { toCents } from '@proshop/domain/money';
import { payRefusal } from '@proshop/domain/order-permissions';
import { lineLabel } from '@proshop/domain/variants';
import type { CaptureResult } from '@proshop/domain/payment-verification';
import { conflict, forbidden, type AppError } from '../../errors/app-error.ts';
import type { CreatedPayment } from '../payment-providers/payment-provider.ts';
import { discountUseRefusal, takeDiscountUse } from '../promotions/uses.ts';
import { captureLeaseMs, claimCapture, leaveInDoubt } from '../orders/capture-claims.ts';
import { callerActor, isBuyer, type OrderCaller } from '../orders/order-caller.ts';
import type { OrderRow } from '../orders/order-mapper.ts';
import { setOrderPayment } from '../orders/order-records.ts';
import {
  findVisibleOrder,
  getOrder,
  ORDER_CANCELLED,
  PAYMENT_BEING_CONFIRMED,
} from '../orders/service.ts';
import {
  recoverCapture,
  settleCapture,
  type CaptureAttempt,
  type CaptureRefusal,
} from './settle-capture.ts';
import type { SettleDeps } from '../orders/order-deps.ts';
import { findShortage } from '../products/stock.ts';
import { takeOrderStock } from '../orders/line-stock.ts';

export const ALREADY_PAID = 'This order has already been paid';
export const ONLY_THE_BUYER_PAYS = 'Only the buyer can pay this order';
const outOfStock = (name: string) =>
  `Sorry, ${name} is out of stock, so nothing was charged. Please update your order.`;
/** The code's reason (used up, the customer's limit, switched off), as a payment refused. */
const codeRefused = (reason: string) =>
  `${reason}, so nothing was charged. Please place your order again without it.`;

const refusals: Record<CaptureRefusal, string> = {
  declined: 'Your payment was declined. Please choose another way to pay.',
  pending: 'Your payment is still pending with the payment provider; nothing was charged yet.',
  failed: 'The payment could not be completed. Please try again.',
  'wrong-amount': 'The payment could not be verified. Please contact us.',
  'wrong-currency': 'The payment could not be verified. Please contact us.',
  'capture-reused': 'This payment has already been used for another order.',
};

const NOT_THIS_PAYMENT = 'This payment does not belong to this order. Please pay again.';

/** The shared rule of who may pay (the order screen shows the buttons by the same rule). */
function assertMayPay(caller: OrderCaller, order: OrderRow): void {
  const refusal = payRefusal(
    { isPaid: order.isPaid, isCancelled: order.cancelledAt !== null },
    isBuyer(caller, order),
  );
  if (refusal === 'not-buyer') throw forbidden(ONLY_THE_BUYER_PAYS);
  if (refusal === 'already-paid') throw conflict(ALREADY_PAID);
  if (refusal === 'cancelled') throw conflict(ORDER_CANCELLED);
}

export type PaymentDeps = SettleDeps;

/** What the capture of an attempt needs of its order: its provider and the amount due. */
interface AttemptPayment {
  paymentProvider: string | null;
  paymentMethod: string;
  amountCents: number;
  currency: string;
}

/**
 * Starts paying an unpaid order: the provider gets the amount the server stored with the order,
 * and the provider's order id is kept with ours so that only that payment can pay it.
 */
export async function startPayment(
  deps: PaymentDeps,
  caller: OrderCaller,
  orderId: string,
): Promise<CreatedPayment> {
  let { order, items } = await findVisibleOrder(deps.db, caller, orderId);
  assertMayPay(caller, order);
  if (order.captureAttemptId) {
    // A capture in doubt is settled first: the buyer may have paid already.
    const by = callerActor(caller, order);
    const settled = await recoverCapture(deps, order.id, order.captureAttemptId, by);
    if (settled?.outcome === 'paid') throw conflict(ALREADY_PAID);
    ({ order, items } = await findVisibleOrder(deps.db, caller, orderId));
    assertMayPay(caller, order);
    if (order.captureAttemptId) throw conflict(PAYMENT_BEING_CONFIRMED);
  }
  const shortage = findShortage(items);
  if (shortage) throw conflict(outOfStock(shortage.name));
  const codeProblem = await discountUseRefusal(deps.db, order);
  if (codeProblem) throw conflict(codeRefused(codeProblem));
  const provider = deps.payments.forOrder(order);
  // A retry through the same provider may reuse the payment it made before (Stripe's intent).
  const previous =
    order.paymentProvider === provider.kind ? (order.providerOrderId ?? undefined) : undefined;
  const created = await provider.createPayment({
    orderId: order.id,
    ...(previous ? { previousProviderOrderId: previous } : {}),
    amountCents: toCents(order.totalPrice),
    currency: order.currency,
    breakdown: {
      itemsCents: toCents(order.itemsPrice),
      shippingCents: toCents(order.shippingPrice),
      taxCents: toCents(order.taxPrice),
      // Taken off the items by the discount code: PayPal shows it and subtracts it.
      discountCents: toCents(order.discountPrice),
    },
    // What PayPal's review page lists: the line as the order shows it, with the variant's SKU.
    items: items.map((item) => ({
      name: lineLabel(item.name, item.options),
      quantity: item.qty,
      unitAmountCents: toCents(item.price),
      ...(item.sku ? { sku: item.sku } : {}),
    })),
  });
  const { providerOrderId } = created;
  await setOrderPayment(
    deps.db,
    order.id,
    { paymentProvider: provider.kind, providerOrderId },
    {
      orderId: order.id,
      kind: 'payment-started',
      ...callerActor(caller, order),
      details: { provider: provider.kind },
    },
  );
  return created;
}

/**
 * Pays an order without holding the database while the provider is asked: one short transaction
 * checks the order, reserves its stock and starts a capture attempt (orders/capture-claims.ts); the
 * capture runs outside any transaction; a second short one marks the order paid, or gives the
 * stock back (settle-capture.ts). An out-of-stock line, or a discount code used up meanwhile, is
 * found before any money is captured.
 * If the provider does not answer, the attempt stays in doubt with its stock reserved: the
 * buyer's retry captures again (PayPal answers the capture it made), and the recovery pass
 * (capture-recovery.ts) settles it if nobody retries.
 */
export async function payOrder(
  deps: PaymentDeps,
  caller: OrderCaller,
  orderId: string,
  providerOrderId: string,
): Promise<Order> {
  let attempt: Awaited<ReturnType<typeof beginCapture>>;
  try {
    attempt = await beginCapture(deps, caller, orderId, providerOrderId);
  } catch (error) {
    const order = endedPayments.get(error as object);
    // Refused for stock or a used-up code: this payment will never be captured, so the hold on
    // the buyer's card goes now (Stripe), not when the authorisation lapses days later.
    if (order) await deps.payments.forOrder(order).releasePayment?.({ providerOrderId, orderId });
    throw error;
  }
  let capture: CaptureResult;
  try {
    capture = await deps.payments.forOrder(attempt.payment).capturePayment({
      providerOrderId,
      orderId: attempt.orderId,
      amountCents: attempt.payment.amountCents,
      currency: attempt.payment.currency,
    });
  } catch (error) {
    await leaveInDoubt(deps.db, attempt.orderId, attempt.attemptId).catch((cause: unknown) => {
      // Its lease runs out on its own; the attempt is in doubt then all the same.
      deps.log.warn({ err: cause, orderId }, 'could not mark a capture in doubt');
    });
    throw error;
  }
  const settled = await settleCapture(deps, attempt, capture);
  switch (settled.outcome) {
    case 'paid':
      return settled.order;
    case 'refused':
      throw conflict(refusals[settled.reason]);
    case 'released':
      throw conflict(refusals.failed);
    case 'taken-over':
      // A retry took the attempt over and settles the same payment; it may have done so already.
      if (settled.order.isPaid) return getOrder(deps.db, caller, orderId);
      throw conflict(PAYMENT_BEING_CONFIRMED);
  }
}

/**
 * Refusals of beginCapture that end the payment (out of stock, a code used up), with the order
 * whose provider lets it go; other refusals (being confirmed, already paid) leave it alone.
 */
const endedPayments = new WeakMap<object, Pick<OrderRow, 'paymentProvider' | 'paymentMethod'>>();

function endsPayment(error: AppError, order: OrderRow): AppError {
  endedPayments.set(error, order);
  return error;
}

/**
 * The first short transaction: the order is the buyer's, unpaid, and this payment is the one
 * created for it; its stock and its discount code's use are taken (kept when an attempt in
 * doubt is taken over). A refusal rolls back everything taken: nothing is captured.
 */
async function beginCapture(
  deps: PaymentDeps,
  caller: OrderCaller,
  orderId: string,
  providerOrderId: string,
): Promise<CaptureAttempt & { payment: AttemptPayment }> {
  return deps.catalogue.change(deps.db, async (tx) => {
    const { order, items } = await findVisibleOrder(tx, caller, orderId, { forUpdate: true });
    assertMayPay(caller, order);
    if (!order.providerOrderId || order.providerOrderId !== providerOrderId) {
      throw conflict(NOT_THIS_PAYMENT);
    }
    const attemptId = randomUUID();
    const leaseMs = captureLeaseMs(deps.payments);
    if (!(await claimCapture(tx, order.id, attemptId, order.captureAttemptId, leaseMs))) {
      throw conflict(PAYMENT_BEING_CONFIRMED);
    }
    if (order.captureAttemptId === null) {
      // Products, then the discount: the order in which every payer locks them (uses.ts).
      const shortage = await takeOrderStock(tx, items, deps.notices.lowStock);
      if (shortage) throw endsPayment(conflict(outOfStock(shortage.name)), order);
      const codeProblem = await takeDiscountUse(tx, order);
      if (codeProblem) throw endsPayment(conflict(codeRefused(codeProblem)), order);
    }
    const payment = {
      paymentProvider: order.paymentProvider,
      paymentMethod: order.paymentMethod,
      amountCents: toCents(order.totalPrice),
      currency: order.currency,
    };
    return { orderId: order.id, attemptId, by: callerActor(caller, order), payment };
  });
}
