import { randomUUID } from 'node:crypto';
import { centsToDecimalString, toCents } from '@proshop/domain/money';
import type { Refund, RefundRequestBody } from '@proshop/domain/refund-schemas';
import {
  isFullyRefunded,
  isRefundRefusal,
  planRefund,
  refundableOrder,
  type RefundPlan,
  type RefundRefusal,
  type RefundableOrder,
  unitsLeft,
} from '@proshop/domain/refunds';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, invalid, notFound } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import type { RefundResult } from '../payment-providers/payment-provider.ts';
import { giveDiscountUseBack } from '../promotions/uses.ts';
import { captureLeaseMs } from '../orders/capture-claims.ts';
import { findAfterSaleOfOrder } from '../orders/after-sale-records.ts';
import { BY_SHOP, byCaller } from '../orders/order-events.ts';
import { toOrder, toRefund, type OrderItemRow, type OrderRow } from '../orders/order-mapper.ts';
import { recordRefundEvent } from './refund-events.ts';
import { findOrderWithLines } from '../orders/order-records.ts';
import {
  claimRefund,
  findOpenRefunds,
  findRefundsOfOrder,
  insertRefund,
  settleRefundRow,
  type RefundWithLines,
} from '../orders/refund-records.ts';
import { ORDER_NOT_FOUND } from '../orders/service.ts';
import type { SettleDeps } from '../orders/order-deps.ts';
import { giveOrderStockBack } from '../orders/line-stock.ts';
import type { BackInStock } from '../wishlist/back-in-stock.ts';

export const NOT_PAID_NO_REFUND = 'This order has not been paid, so there is nothing to refund';
/** How long a pending refund waits before the provider is asked about it again. */
const PENDING_FOLLOW_UP_MS = 10 * 60 * 1000;

function refusalError(refusal: RefundRefusal) {
  switch (refusal.reason) {
    case 'nothing':
      return invalid('Choose the lines to refund, the shipping, or an amount');
    case 'unknown-line':
      return invalid('A line to refund is not part of this order');
    case 'too-many':
      return conflict(`Only ${refusal.left} of a line are left to refund`);
    case 'shipping-refunded':
      return conflict('The shipping of this order has already been refunded');
    case 'over-captured':
      return conflict(
        `That is more than is left to refund of this order (${centsToDecimalString(refusal.leftCents)})`,
      );
  }
}

/**
 * The order as the refund rule reads it (refundableOrder), from its stored rows: with each line's
 * own tax, the shipping's tax and whether prices held their tax (issue #38; a line placed before
 * has no tax of its own, null, and gets its share of the order's).
 */
function refundable(
  order: OrderRow,
  items: readonly OrderItemRow[],
  earlier: readonly RefundWithLines[],
): RefundableOrder {
  return refundableOrder({
    ...order,
    orderItems: items.map((item) => ({ ...item, _id: item.id })),
    refunds: earlier.map(toRefund),
  });
}

/**
 * Admin: POST /api/orders/{id}/refunds. One short transaction, under the order's lock (so two
 * refunds at once see each other), computes the amount from the order's stored prices and stores
 * the refund with the request id the provider will get; the provider is asked after it commits,
 * outside any transaction; a second short one records its answer and, if asked for, puts the
 * lines back into stock. If the provider does not answer, the refund stays `requested` and is
 * sent again with the same request id (refundRecovery), which cannot refund twice.
 */
export async function refundOrder(
  deps: SettleDeps,
  admin: SessionUser,
  orderId: string,
  body: RefundRequestBody,
): Promise<Refund> {
  const stored = await deps.db.transaction(async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    const found = isUuid(orderId)
      ? await findOrderWithLines(tx, orderId, { forUpdate: true })
      : undefined;
    if (!found) throw notFound(ORDER_NOT_FOUND);
    return storeRefund(tx, deps, found.order, found.items, admin, body);
  });
  const sent = await sendRefund(deps, stored);
  if (sent.refund.status === 'failed') {
    // Kept on the order, marked failed, for the record; nothing was refunded.
    throw conflict(
      `The payment provider refused the refund (${sent.refund.failureReason ?? 'no reason given'}); nothing was refunded.`,
    );
  }
  return toRefund(sent);
}

/**
 * In the caller's transaction, with the order locked: stores a refund of everything not yet
 * refunded (every unit left, the shipping if not refunded, their tax), its lines going back into
 * stock when the provider accepts it. What goodwill refunds already gave back comes off: if the
 * lines are worth more than is left, what is left is refunded as an amount and the lines are put
 * back into stock at once. Undefined when nothing is left to refund.
 */
export async function storeRemainingRefund(
  tx: Database,
  deps: Pick<SettleDeps, 'payments' | 'notices'>,
  order: OrderRow,
  items: readonly OrderItemRow[],
  by: SessionUser,
  reason: string,
): Promise<RefundWithLines | undefined> {
  const earlier = await findRefundsOfOrder(tx, order.id);
  const target = refundable(order, items, earlier);
  const left = unitsLeft(
    target.lines,
    target.earlier.map((refund) => refund.lines),
  );
  const lines = [...left]
    .filter(([, qty]) => qty > 0)
    .map(([orderItem, qty]) => ({ orderItem, qty }));
  const shipping = !target.earlier.some((refund) => refund.shipping) && target.shippingCents > 0;
  let plan = planRefund(target, { lines, shipping });
  let restockNow = false;
  if (isRefundRefusal(plan) && plan.reason === 'over-captured') {
    plan = planRefund(target, { goodwillCents: plan.leftCents });
    restockNow = true;
  }
  if (restockNow || isRefundRefusal(plan)) {
    await linesBackIntoStock(
      tx,
      deps.notices.backInStock,
      items,
      lines.map((line) => ({ orderItemId: line.orderItem, qty: line.qty })),
    );
  }
  if (isRefundRefusal(plan)) return undefined;
  return insertPlannedRefund(tx, deps, order, by, plan, { restock: !restockNow, reason });
}

/** Puts these units of the order's lines back into stock (products deleted since are skipped). */
async function linesBackIntoStock(
  tx: Database,
  backInStock: BackInStock,
  items: readonly OrderItemRow[],
  lines: readonly { orderItemId: string; qty: number }[],
): Promise<void> {
  const lineOf = new Map(items.map((item) => [item.id, item]));
  await giveOrderStockBack(
    tx,
    lines.flatMap((line) => {
      const item = lineOf.get(line.orderItemId);
      return item ? [{ ...item, qty: line.qty }] : [];
    }),
    backInStock,
  );
}

/**
 * Stores a planned refund, `requested`, with the request id the provider will get, and adds it
 * to the order's timeline.
 */
async function insertPlannedRefund(
  tx: Database,
  deps: Pick<SettleDeps, 'payments'>,
  order: OrderRow,
  by: SessionUser,
  plan: RefundPlan,
  options: { restock: boolean; reason: string },
): Promise<RefundWithLines> {
  const stored = await insertRefund(
    tx,
    {
      id: randomUUID(),
      orderId: order.id,
      amount: centsToDecimalString(plan.amountCents),
      currency: order.currency,
      shipping: plan.shippingCents > 0,
      restock: options.restock,
      reason: options.reason,
      status: 'requested',
      requestId: randomUUID(),
      createdBy: by.id,
    },
    plan.lines.map((line) => ({ orderItemId: line.orderItem, qty: line.qty })),
    captureLeaseMs(deps.payments),
  );
  await recordRefundEvent(tx, stored.refund, byCaller(by, order));
  return stored;
}

/**
 * In the caller's transaction, with the order locked: computes the refund from the order's
 * stored prices and the refunds before it, and stores it with the request id the provider will
 * get. Refusals (nothing chosen, too many units, beyond the capture) are thrown.
 */
export async function storeRefund(
  tx: Database,
  deps: Pick<SettleDeps, 'payments'>,
  order: OrderRow,
  items: readonly OrderItemRow[],
  admin: SessionUser,
  body: RefundRequestBody,
): Promise<RefundWithLines> {
  if (!order.isPaid || !order.captureId) throw conflict(NOT_PAID_NO_REFUND);
  const plan = planRefund(refundable(order, items, await findRefundsOfOrder(tx, order.id)), {
    ...(body.lines ? { lines: body.lines } : {}),
    ...(body.shipping !== undefined ? { shipping: body.shipping } : {}),
    ...(body.amount !== undefined ? { goodwillCents: toCents(body.amount) } : {}),
  });
  if (isRefundRefusal(plan)) throw refusalError(plan);
  return insertPlannedRefund(tx, deps, order, admin, plan, {
    restock: body.restock ?? false,
    reason: body.reason,
  });
}

/** Asks the provider for the refund (again, with its request id) and records the answer. */
export async function sendRefund(
  deps: SettleDeps,
  stored: RefundWithLines,
): Promise<RefundWithLines> {
  const { refund } = stored;
  const order = (await findOrderWithLines(deps.db, refund.orderId))?.order;
  if (!order?.captureId) throw conflict(NOT_PAID_NO_REFUND);
  let result: RefundResult;
  try {
    result = await deps.payments.forOrder(order).refundCapture({
      captureId: order.captureId,
      amountCents: toCents(refund.amount),
      currency: refund.currency,
      requestId: refund.requestId,
      orderId: order.id,
    });
  } catch (error) {
    // No answer: the refund may have been made. It stays requested, its lease ended, and is sent
    // again with the same request id by the recovery pass.
    await settleRefundRow(deps.db, refund.id, ['requested'], {}, 'ended');
    throw error;
  }
  return recordRefundResult(deps, stored, result);
}

/**
 * Records the provider's answer in one short transaction. The first time a refund is accepted
 * (pending or completed), its lines go back into stock if the admin asked for it, and if it
 * makes the order fully refunded (isFullyRefunded), the order's discount code use goes back.
 */
async function recordRefundResult(
  deps: SettleDeps,
  stored: RefundWithLines,
  result: RefundResult,
): Promise<RefundWithLines> {
  const { refund, lines } = stored;
  const accepted = result.status !== 'failed';
  const record = async (tx: Database) => {
    const updated = await settleRefundRow(
      tx,
      refund.id,
      ['requested', 'pending'],
      {
        status: result.status,
        providerRefundId: result.refundId ?? refund.providerRefundId,
        failureReason: result.status === 'failed' ? result.reason : null,
        completedAt: result.status === 'completed' ? new Date() : null,
      },
      result.status === 'pending' ? PENDING_FOLLOW_UP_MS : null,
    );
    const firstAccepted = updated && refund.status === 'requested' && accepted;
    if (firstAccepted) {
      // The order's row, then its products, then its discount: the order payments lock them in.
      const found = await findOrderWithLines(tx, refund.orderId, { forUpdate: true });
      if (found && refund.restock)
        await linesBackIntoStock(tx, deps.notices.backInStock, found.items, lines);
      if (found) {
        const afterSale = await findAfterSaleOfOrder(tx, refund.orderId);
        const order = toOrder(found.order, found.items, afterSale);
        if (isFullyRefunded(order)) await giveDiscountUseBack(tx, order._id);
        await deps.notices.queue(tx, order, { refund: toRefund({ refund: updated, lines }) });
      }
    }
    // The provider's answer on the timeline, once per change of status (a pending refund
    // followed up and still pending adds nothing). After the order's lock above, if taken: the
    // event's reference to the order takes a share lock on its row, which two refunds settling
    // at once could not both upgrade to that lock.
    if (updated && updated.status !== refund.status) {
      await recordRefundEvent(tx, updated, BY_SHOP);
    }
    if (result.status === 'failed') {
      deps.log.error(
        { refundId: refund.id, orderId: refund.orderId, reason: result.reason },
        'the payment provider refused a refund',
      );
    }
    return { refund: updated ?? refund, lines };
  };
  return refund.restock && accepted
    ? deps.catalogue.change(deps.db, record)
    : deps.db.transaction(record);
}

export interface RefundRecoveryRun {
  settled: number;
  left: number;
}

/**
 * Refunds still waiting on the provider: a `requested` one whose request died or got no answer
 * is sent again with its request id (the provider answers the refund it made, if it made one);
 * a `pending` one is followed up. Each is claimed first, so one instance at a time handles it.
 */
export async function recoverRefunds(deps: SettleDeps): Promise<RefundRecoveryRun> {
  const run: RefundRecoveryRun = { settled: 0, left: 0 };
  for (const refund of await findOpenRefunds(deps.db, 50)) {
    if (!(await claimRefund(deps.db, refund.id, captureLeaseMs(deps.payments)))) continue;
    try {
      const stored = (await findRefundsOfOrder(deps.db, refund.orderId)).find(
        (entry) => entry.refund.id === refund.id,
      )!;
      const order = (await findOrderWithLines(deps.db, refund.orderId))?.order;
      if (!order) throw new Error('A refund without its order');
      const after =
        refund.status === 'pending' && refund.providerRefundId
          ? await recordRefundResult(
              deps,
              stored,
              await deps.payments.forOrder(order).findRefund(refund.providerRefundId),
            )
          : await sendRefund(deps, stored);
      if (after.refund.status === 'requested' || after.refund.status === 'pending') run.left += 1;
      else run.settled += 1;
    } catch (error) {
      run.left += 1;
      deps.log.warn(
        { err: error, refundId: refund.id },
        'a refund is still waiting on the provider',
      );
    }
  }
  return run;
}
