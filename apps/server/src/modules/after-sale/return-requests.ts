import { orderLabel } from '@proshop/domain/order-number';
import { randomUUID } from 'node:crypto';
import type { Order } from '@proshop/domain/order-schemas';
import type {
  AcceptReturnBody,
  DeclineReturnBody,
  ReturnRequestBody,
} from '@proshop/domain/refund-schemas';
import { returnableUnits } from '@proshop/domain/refunds';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import { findAfterSaleOfOrder } from '../orders/after-sale-records.ts';
import { byAdmin, recordOrderEvent } from '../orders/order-events.ts';
import { toOrder, type OrderItemRow, type OrderRow } from '../orders/order-mapper.ts';
import { sendRefund, storeRefund } from './refund-order.ts';
import { findOrderWithLines } from '../orders/order-records.ts';
import { decideReturn, insertReturn } from '../orders/return-records.ts';
import { callerActor, isBuyer, signedIn, type OrderCaller } from '../orders/order-caller.ts';
import { findVisibleOrder, getOrder, ORDER_NOT_FOUND } from '../orders/service.ts';
import type { SettleDeps } from '../orders/order-deps.ts';

export const RETURN_NOT_FOUND = 'Return request not found';
const ONLY_THE_BUYER_RETURNS = 'Only the buyer can ask to return items of this order';

/** The buyer's notice of a step, and the answer of the order, after the change. */
async function notify(
  tx: Database,
  deps: SettleDeps,
  found: { order: OrderRow; items: OrderItemRow[] },
  requestId: string,
  step: 'received' | 'accepted' | 'declined',
): Promise<void> {
  const afterSale = await findAfterSaleOfOrder(tx, found.order.id);
  const order = toOrder(found.order, found.items, afterSale);
  const returnRequest = order.returns.find((request) => request._id === requestId)!;
  await deps.notices.queue(tx, order, { returnRequest, step });
}

/**
 * POST /api/orders/{id}/returns: the buyer asks to send lines of their paid order back. A line
 * can be asked for up to what was bought, less what was refunded and what open requests hold.
 */
export async function requestReturn(
  deps: SettleDeps,
  caller: OrderCaller,
  orderId: string,
  body: ReturnRequestBody,
): Promise<Order> {
  await deps.db.transaction(async (tx) => {
    if (caller.user) await confirmCaller(tx, caller.user, 'user');
    const found = await findVisibleOrder(tx, caller, orderId, { forUpdate: true });
    const { order, items } = found;
    if (!isBuyer(caller, order)) throw forbidden(ONLY_THE_BUYER_RETURNS);
    if (!order.isPaid || order.cancelledAt) {
      throw conflict('Only a paid order that was not cancelled can be returned');
    }
    const afterSale = await findAfterSaleOfOrder(tx, order.id);
    const left = returnableUnits(toOrder(order, items, afterSale));
    const wanted = new Map<string, number>();
    for (const line of body.lines) {
      if (!left.has(line.orderItem)) throw invalid('A line to return is not part of this order');
      wanted.set(line.orderItem, (wanted.get(line.orderItem) ?? 0) + line.qty);
    }
    for (const [orderItem, qty] of wanted) {
      const units = left.get(orderItem)!;
      if (qty > units) throw conflict(`Only ${units} of a line can still be returned`);
    }
    const id = randomUUID();
    await insertReturn(
      tx,
      { id, orderId: order.id, reason: body.reason },
      [...wanted].map(([orderItemId, qty]) => ({ orderItemId, qty })),
    );
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'return-requested',
      ...callerActor(caller, order),
      details: { returnId: id, reason: body.reason },
    });
    await notify(tx, deps, found, id, 'received');
    await deps.notices.alertShop(
      tx,
      `Return requested for order ${orderLabel(order.orderNumber)}`,
      `${order.buyerName} asks to return items of order ${orderLabel(order.orderNumber)} (${order.id}): ${body.reason}`,
    );
  });
  return getOrder(deps.db, caller, orderId);
}

/** The order (locked) and the open return request an admin decides on. */
async function openRequest(tx: Database, orderId: string, returnId: string) {
  const found = isUuid(orderId)
    ? await findOrderWithLines(tx, orderId, { forUpdate: true })
    : undefined;
  if (!found) throw notFound(ORDER_NOT_FOUND);
  const afterSale = await findAfterSaleOfOrder(tx, orderId);
  const entry = afterSale.returns.find(({ request }) => request.id === returnId);
  if (!entry) throw notFound(RETURN_NOT_FOUND);
  if (entry.request.status !== 'requested') {
    throw conflict(`This return request has already been ${entry.request.status}`);
  }
  return { found, entry };
}

/**
 * Admin: accepts a return request, which refunds its lines (with their tax, and the shipping if
 * asked) and puts them back into stock unless `restock` is false. The refund is stored with the
 * decision and sent to the provider after it commits (refund-order.ts).
 */
export async function acceptReturn(
  deps: SettleDeps,
  admin: SessionUser,
  orderId: string,
  returnId: string,
  body: AcceptReturnBody,
): Promise<Order> {
  const refund = await deps.db.transaction(async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    const { found, entry } = await openRequest(tx, orderId, returnId);
    // Before the refund it causes, which the timeline lists next.
    await recordOrderEvent(tx, {
      orderId,
      kind: 'return-accepted',
      ...byAdmin(admin),
      details: { returnId },
    });
    const stored = await storeRefund(tx, deps, found.order, found.items, admin, {
      lines: entry.lines.map((line) => ({ orderItem: line.orderItemId, qty: line.qty })),
      ...(body.shipping !== undefined ? { shipping: body.shipping } : {}),
      restock: body.restock ?? true,
      reason: `Return: ${entry.request.reason}`.slice(0, 500),
    });
    await decideReturn(tx, orderId, returnId, { status: 'accepted', refundId: stored.refund.id });
    await notify(tx, deps, found, returnId, 'accepted');
    return stored;
  });
  await sendRefund(deps, refund).catch((error: unknown) => {
    // The return is accepted either way; its refund waits on the provider (recovery pass).
    deps.log.warn({ err: error, orderId }, 'the refund of an accepted return is waiting');
  });
  return getOrder(deps.db, signedIn(admin), orderId);
}

/** Admin: declines a return request; the message goes to the buyer. */
export async function declineReturn(
  deps: SettleDeps,
  admin: SessionUser,
  orderId: string,
  returnId: string,
  body: DeclineReturnBody,
): Promise<Order> {
  await deps.db.transaction(async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    const { found } = await openRequest(tx, orderId, returnId);
    await decideReturn(tx, orderId, returnId, {
      status: 'declined',
      declineMessage: body.message,
    });
    await recordOrderEvent(tx, {
      orderId,
      kind: 'return-declined',
      ...byAdmin(admin),
      details: { returnId, message: body.message },
    });
    await notify(tx, deps, found, returnId, 'declined');
  });
  return getOrder(deps.db, signedIn(admin), orderId);
}
