import { randomUUID } from 'node:crypto';
import type { CreateOrderRequest, Order, OrderPage } from '@proshop/domain/order-schemas';
import type { OrderStatus } from '@proshop/domain/order-status';
import { canMarkDelivered, canMarkSent } from '@proshop/domain/order-transitions';
import { computeOrderPrices, type OrderPrices } from '@proshop/domain/prices';
import { centsToDecimalString, toCents } from '@proshop/domain/money';
import { pageCount } from '@proshop/domain/pagination';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors.ts';
import { isUuid } from '../../db/ids.ts';
import {
  conflict,
  invalid,
  notFound,
  unauthorized,
  unprocessable,
} from '../../errors/app-error.ts';
import { SESSION_ENDED, type SessionUser } from '../auth/access-plugin.ts';
import type { OrderNotices } from './notify-buyer.ts';
import { orderState, toOrder, type OrderRow } from './order-mapper.ts';
import { orderRequestHash } from './order-request-hash.ts';
import {
  findItemsOfOrders,
  findOrderByIdempotencyKey,
  findOrderPage,
  findOrderWithLines,
  findProductsForOrder,
  insertOrder,
  listOrdersOfUser,
  updateOrder,
  type OrderLineWithStock,
} from './repository.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import { findAfterSaleOfOrder } from './after-sale.ts';

export const ORDER_NOT_FOUND = 'Order not found';
export const ORDER_CANCELLED = 'This order has been cancelled';
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different order. Send a new key for a new order.';
export const PRICES_CHANGED =
  'Prices have changed since you saw them. Please review your order and place it again.';
export const PRODUCT_GONE =
  'A product of this order was just taken off the shop. Please review your cart and order again.';

const priceFields = ['itemsPrice', 'shippingPrice', 'taxPrice', 'totalPrice'] as const;

function samePrices(sent: OrderPrices, computed: OrderPrices): boolean {
  return priceFields.every((field) => toCents(sent[field]) === toCents(computed[field]));
}

async function withItems(db: Database, order: OrderRow): Promise<Order> {
  const items = await findItemsOfOrders(db, [order.id]);
  return toOrder(order, items, await findAfterSaleOfOrder(db, order.id));
}

/**
 * The order an earlier request with the same key placed, when this request is a retry of it.
 * A different order under the same key is refused: answering the first one would tell the
 * shopper their new order was placed. An order stored before hashes were kept (null) is
 * answered as before.
 */
async function replay(db: Database, earlier: OrderRow, requestHash: string): Promise<Order> {
  if (earlier.idempotencyBodyHash !== null && earlier.idempotencyBodyHash !== requestHash) {
    throw unprocessable(IDEMPOTENCY_KEY_REUSED);
  }
  return withItems(db, earlier);
}

/**
 * Places an order at the catalogue's current prices. The lines' names, images and prices are
 * copied from the database; the totals the shopper saw must match, so nobody is charged an
 * amount they did not see. A retry with the same idempotency key answers the first order; the
 * same key with another order is refused (422).
 * `currency` (PAYMENT_CURRENCY) is kept with the order: it is charged, shown and e-mailed in it
 * even if the shop's currency changes later.
 */
export async function createOrder(
  db: Database,
  user: SessionUser,
  request: CreateOrderRequest,
  idempotencyKey: string | undefined,
  currency: string,
): Promise<Order> {
  const requestHash = orderRequestHash(request);
  if (idempotencyKey) {
    const earlier = await findOrderByIdempotencyKey(db, user.id, idempotencyKey);
    if (earlier) return replay(db, earlier, requestHash);
  }
  const ids = request.orderItems.map((item) => item.product);
  if (new Set(ids).size !== ids.length) {
    throw invalid('Each product may appear only once in an order');
  }
  const unknownId = ids.find((id) => !isUuid(id));
  if (unknownId) throw invalid(`Product not found: ${unknownId}`);
  const found = new Map((await findProductsForOrder(db, ids)).map((row) => [row.id, row]));

  const lines = request.orderItems.map(({ product: id, qty }) => {
    const product = found.get(id);
    if (!product) throw invalid(`Product not found: ${id}`);
    if (product.countInStock === 0) throw conflict(`${product.name} is out of stock`);
    if (qty > product.countInStock) {
      throw conflict(`Only ${product.countInStock} of ${product.name} left in stock`);
    }
    return { product, qty };
  });
  const prices = computeOrderPrices(
    lines.map(({ product, qty }) => ({ price: Number(product.price), qty })),
  );
  if (!samePrices(request, prices)) throw conflict(PRICES_CHANGED);

  const { shippingAddress } = request;
  try {
    const stored = await insertOrder(
      db,
      {
        id: randomUUID(),
        userId: user.id,
        buyerName: user.name,
        buyerEmail: user.email,
        ...shippingAddress,
        paymentMethod: request.paymentMethod,
        itemsPrice: centsToDecimalString(toCents(prices.itemsPrice)),
        shippingPrice: centsToDecimalString(toCents(prices.shippingPrice)),
        taxPrice: centsToDecimalString(toCents(prices.taxPrice)),
        totalPrice: centsToDecimalString(toCents(prices.totalPrice)),
        currency,
        idempotencyKey: idempotencyKey ?? null,
        idempotencyBodyHash: idempotencyKey ? requestHash : null,
      },
      lines.map(({ product, qty }) => ({
        productId: product.id,
        name: product.name,
        image: product.image,
        price: product.price,
        qty,
      })),
    );
    return toOrder(stored.order, stored.items, stored.afterSale);
  } catch (error) {
    // The same key sent twice at once: the first insert won; answer its order (or refuse this
    // one if it is another order).
    if (idempotencyKey && isUniqueViolation(error, 'orders_user_idempotency_key')) {
      const earlier = await findOrderByIdempotencyKey(db, user.id, idempotencyKey);
      if (earlier) return replay(db, earlier, requestHash);
    }
    // The buyer's account was deleted, or a product taken off the shop, while the order was
    // on its way: the one statement that stores the order refuses it whole.
    if (isForeignKeyViolation(error, 'orders_user_id_users_id_fk'))
      throw unauthorized(SESSION_ENDED);
    if (isForeignKeyViolation(error, 'order_items_product_id_products_id_fk')) {
      throw conflict(PRODUCT_GONE);
    }
    throw error;
  }
}

/** Whether the caller may see the order: its buyer or an admin. */
const mayView = (user: SessionUser, order: OrderRow) => order.userId === user.id || user.isAdmin;

/**
 * The order and its lines (each with its product's stock) if the caller may see it. Anyone else
 * gets 404, as if it did not exist. `forUpdate` locks the order until the transaction ends.
 */
export async function findVisibleOrder(
  db: Database,
  user: SessionUser,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ order: OrderRow; items: OrderLineWithStock[] }> {
  const found = isUuid(id) ? await findOrderWithLines(db, id, options) : undefined;
  if (!found || !mayView(user, found.order)) throw notFound(ORDER_NOT_FOUND);
  return found;
}

export async function getOrder(db: Database, user: SessionUser, id: string): Promise<Order> {
  const { order, items } = await findVisibleOrder(db, user, id);
  return toOrder(order, items, await findAfterSaleOfOrder(db, order.id));
}

export async function myOrders(db: Database, user: SessionUser): Promise<Order[]> {
  return (await listOrdersOfUser(db, user.id)).map(({ order, items, afterSale }) =>
    toOrder(order, items, afterSale),
  );
}

/** Admin: one page of every order, newest first; a page past the last is empty, not an error. */
export async function orderPage(
  db: Database,
  page: number,
  pageSize: number,
  status?: OrderStatus,
): Promise<OrderPage> {
  const { rows, total } = await findOrderPage(db, {
    offset: (page - 1) * pageSize,
    limit: pageSize,
    status,
  });
  return {
    orders: rows.map(({ order, items, afterSale }) => toOrder(order, items, afterSale)),
    page,
    pages: pageCount(total, pageSize),
  };
}

/**
 * Admin: paid → sent, or sent → delivered, by the shared transition rules; 409 otherwise. The
 * buyer's notice of a sent order is queued in the mail outbox in the same transaction.
 */
export async function advanceOrder(
  db: Database,
  admin: SessionUser,
  id: string,
  step: 'sent' | 'delivered',
  notices: Pick<OrderNotices, 'queue'>,
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
      const sent = await updateOrder(tx, id, { isSent: true, sentAt: now });
      if (!sent) throw notFound(ORDER_NOT_FOUND);
      const sentOrder = toOrder(sent, items, await findAfterSaleOfOrder(tx, id));
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
    return toOrder(delivered, items, await findAfterSaleOfOrder(tx, id));
  });
}
