import type { Order, OrderPage } from '@proshop/domain/order-schemas';
import { canMarkDelivered, canMarkSent } from '@proshop/domain/order-transitions';
import { pageCount } from '@proshop/domain/pagination';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import { findAfterSaleOfOrder } from './after-sale-records.ts';
import type { OrderNotices } from './notify-buyer.ts';
import { mayView, type OrderCaller } from './order-caller.ts';
import { orderState, toOrder, type OrderRow } from './order-mapper.ts';
import type { OrderFilter } from './order-search.ts';
import { byAdmin, recordOrderEvent } from './order-events.ts';
import { findItemsOfOrders, findOrderPage, listOrdersOfUser } from './repository.ts';
import { findOrderWithLines, updateOrder, type OrderLineWithStock } from './order-records.ts';

/**
 * The order record as other modules and the routes read it: who may see an order, the order
 * with its lines and after-sale, the admin's pages, and the steps after payment (sent,
 * delivered). Placing an order is the checkout module's; paying it the payments module's;
 * cancelling, refunding and returning the after-sale module's.
 */

export const ORDER_NOT_FOUND = 'Order not found';
export const ORDER_CANCELLED = 'This order has been cancelled';
/** A capture of the order is under way (orders.capture_attempt_id): nothing else may start. */
export const PAYMENT_BEING_CONFIRMED =
  'Your payment is being confirmed. Please wait a moment and reload the page.';

/** The order as the API sends it, read from its stored row: its lines and its after-sale. */
export async function orderOfRow(db: Database, order: OrderRow): Promise<Order> {
  const items = await findItemsOfOrders(db, [order.id]);
  return toOrder(order, items, await findAfterSaleOfOrder(db, order.id));
}

/**
 * The order and its lines (each with its variant's stock) if the caller may see it (its buyer,
 * by account or by its link's key, or an admin). Anyone else, a wrong key included, gets 404,
 * as if it did not exist. `forUpdate` locks the order until the transaction ends.
 */
export async function findVisibleOrder(
  db: Database,
  caller: OrderCaller,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ order: OrderRow; items: OrderLineWithStock[] }> {
  const found = isUuid(id) ? await findOrderWithLines(db, id, options) : undefined;
  if (!found || !mayView(caller, found.order)) throw notFound(ORDER_NOT_FOUND);
  return found;
}

export async function getOrder(db: Database, caller: OrderCaller, id: string): Promise<Order> {
  const { order, items } = await findVisibleOrder(db, caller, id);
  return toOrder(order, items, await findAfterSaleOfOrder(db, order.id));
}

export async function myOrders(db: Database, user: SessionUser): Promise<Order[]> {
  return (await listOrdersOfUser(db, user.id)).map(({ order, items, afterSale }) =>
    toOrder(order, items, afterSale),
  );
}

/**
 * Admin: one page of the orders that match the search and filters (every order without),
 * newest first; a page past the last is empty, not an error.
 */
export async function orderPage(
  db: Database,
  page: number,
  pageSize: number,
  filter?: OrderFilter,
): Promise<OrderPage> {
  const { rows, total } = await findOrderPage(db, {
    offset: (page - 1) * pageSize,
    limit: pageSize,
    filter,
  });
  return {
    orders: rows.map(({ order, items, afterSale }) => toOrder(order, items, afterSale)),
    page,
    pages: pageCount(total, pageSize),
  };
}

/** What Mark As Sent may say of the parcel: who carries it and its tracking number. */
export interface Shipment {
  carrier: string | null;
  trackingNumber: string | null;
}

const NO_SHIPMENT: Shipment = Object.freeze({ carrier: null, trackingNumber: null });

/**
 * Admin: paid → sent (with the carrier and tracking number, if given), or sent → delivered, by
 * the shared transition rules; 409 otherwise. The buyer's notice of a sent or delivered order is
 * queued in the mail outbox, and the step added to the order's timeline, in the same transaction.
 */
export async function advanceOrder(
  db: Database,
  admin: SessionUser,
  id: string,
  step: 'sent' | 'delivered',
  notices: Pick<OrderNotices, 'queue'>,
  shipment: Shipment = NO_SHIPMENT,
): Promise<Order> {
  return db.transaction(async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    const found = isUuid(id) ? await findOrderWithLines(tx, id, { forUpdate: true }) : undefined;
    if (!found) throw notFound(ORDER_NOT_FOUND);
    const { order, items } = found;
    const now = new Date();
    if (order.cancelledAt) throw conflict(ORDER_CANCELLED);
    if (step === 'sent') {
      if (!canMarkSent(orderState(order))) {
        throw conflict(
          order.isPaid ? 'This order has already been sent' : 'This order has not been paid yet',
        );
      }
      const sent = await updateOrder(tx, id, { isSent: true, sentAt: now, ...shipment });
      if (!sent) throw notFound(ORDER_NOT_FOUND);
      const sentOrder = toOrder(sent, items, await findAfterSaleOfOrder(tx, id));
      await recordOrderEvent(tx, {
        orderId: id,
        kind: 'sent',
        ...byAdmin(admin),
        details: { ...shipment },
      });
      await notices.queue(tx, sentOrder, 'sent');
      return sentOrder;
    }
    if (!canMarkDelivered(orderState(order))) {
      throw conflict(
        order.isDelivered
          ? 'This order has already been delivered'
          : !order.isPaid
            ? 'This order has not been paid yet'
            : 'This order has not been sent yet',
      );
    }
    const delivered = await updateOrder(tx, id, { isDelivered: true, deliveredAt: now });
    if (!delivered) throw notFound(ORDER_NOT_FOUND);
    await recordOrderEvent(tx, { orderId: id, kind: 'delivered', ...byAdmin(admin) });
    const deliveredOrder = toOrder(delivered, items, await findAfterSaleOfOrder(tx, id));
    await notices.queue(tx, deliveredOrder, 'delivered');
    return deliveredOrder;
  });
}
