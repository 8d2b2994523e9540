import { randomUUID } from 'node:crypto';
import type { CreateOrderRequest, Order, OrderPage } from '@proshop/domain/order-schemas';
import { canMarkDelivered, canMarkSent } from '@proshop/domain/order-transitions';
import {
  computeOrderPrices,
  lineDiscountShares,
  orderTooLarge,
  type OrderPrices,
} from '@proshop/domain/prices';
import { centsToDecimalString, toCents } from '@proshop/domain/money';
import { DISCOUNT_MESSAGES } from '@proshop/domain/discounts';
import { pageCount } from '@proshop/domain/pagination';
import { lineLabel, optionValues, variantPrice } from '@proshop/domain/variants';
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
  type NewOrderItem,
  updateOrder,
  type OrderLineWithStock,
} from './repository.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import { applicableDiscount, type AppliedDiscount } from '../promotions/service.ts';
import { requireConfirmedEmail } from '../users/email-confirmation-service.ts';
import { findAfterSaleOfOrder } from './after-sale.ts';
import type { OrderFilter } from './order-search.ts';
import { byAdmin, recordOrderEvent } from './order-events.ts';

export const ORDER_NOT_FOUND = 'Order not found';
export const ORDER_CANCELLED = 'This order has been cancelled';
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different order. Send a new key for a new order.';
export const PRICES_CHANGED =
  'Prices have changed since you saw them. Please review your order and place it again.';
export const PRODUCT_GONE =
  'A product of this order was just taken off the shop. Please review your cart and order again.';

const priceFields = [
  'itemsPrice',
  'discountPrice',
  'shippingPrice',
  'taxPrice',
  'totalPrice',
] as const;

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
 * The lines of an order request as they are stored, copied from the catalogue: each names a
 * product and the variant chosen (none for a product without options: its one variant), which
 * must be on offer with enough stock. Name, SKU, option values, picture and price are the
 * variant's now, so the order reads the same whatever the catalogue becomes.
 */
async function orderLines(
  db: Database,
  requested: CreateOrderRequest['orderItems'],
): Promise<{ item: NewOrderItem; categoryId: string | null }[]> {
  const unknownProduct = requested.find((line) => !isUuid(line.product));
  if (unknownProduct) throw invalid(`Product not found: ${unknownProduct.product}`);
  const unknownVariant = requested.find((line) => line.variant && !isUuid(line.variant));
  if (unknownVariant) throw invalid(`Variant not found: ${unknownVariant.variant}`);
  const rows = await findProductsForOrder(
    db,
    requested.map((line) => line.product),
    requested.flatMap((line) => (line.variant ? [line.variant] : [])),
  );
  const chosen = requested.map(({ product: productId, variant: variantId, qty }) => {
    const ofProduct = rows.filter((row) => row.product.id === productId);
    const product = ofProduct[0]?.product;
    if (!product) throw invalid(`Product not found: ${productId}`);
    if (!variantId && product.options.length > 0) {
      throw invalid(`Choose the options of ${product.name}`);
    }
    // Without options the product's one variant; else the one named, if it is this product's.
    const variant = ofProduct.find((row) => !variantId || row.variant?.id === variantId)?.variant;
    if (!variant && variantId) throw invalid(`Variant not found: ${variantId}`);
    const options = variant ? optionValues(product.options, variant.options) : [];
    return { product, variant, options, label: lineLabel(product.name, options), qty };
  });
  // Two variants of one product are two lines; the same variant twice is one line too many.
  const seen = new Set<string>();
  for (const { product, variant, label } of chosen) {
    const key = variant?.id ?? product.id;
    if (seen.has(key)) throw invalid(`${label} may appear only once in an order`);
    seen.add(key);
  }
  return chosen.map(({ product, variant, options, label, qty }) => {
    if (!variant?.active) throw conflict(`${label} is no longer available`);
    if (variant.countInStock === 0) throw conflict(`${label} is out of stock`);
    if (qty > variant.countInStock) {
      throw conflict(`Only ${variant.countInStock} of ${label} left in stock`);
    }
    const price = variantPrice(Number(product.price), {
      price: variant.price === null ? null : Number(variant.price),
    });
    const item: NewOrderItem = {
      productId: product.id,
      variantId: variant.id,
      name: product.name,
      sku: variant.sku,
      options,
      image: variant.image ?? product.image,
      price: centsToDecimalString(toCents(price)),
      qty,
    };
    // The category is what a discount for some categories reads; the line does not keep it.
    return { item, categoryId: product.categoryId };
  });
}

/** What the shop needs to know to price an order: its currency and the time of the placing. */
export interface ShopNow {
  currency: string;
  now: Date;
}

/** An order as it would be placed now: its lines, prices and discount, nothing stored. */
export interface OrderQuote {
  lines: NewOrderItem[];
  prices: OrderPrices;
  /** The code's terms and the lines it applies to; undefined without a code. */
  discount: AppliedDiscount | undefined;
  /** Each line's share of the discount in cents, adding up to it exactly. */
  shares: number[];
}

/**
 * Prices the lines at the catalogue's current prices with the discount code, if any (blank is
 * none), checking every condition of the code: one copy for placing the order and for the
 * cart's check of a code (POST /api/discounts/check), so both give the same figures and the
 * same reasons.
 */
export async function quoteOrder(
  db: Database,
  user: SessionUser,
  request: Pick<CreateOrderRequest, 'orderItems' | 'discountCode'>,
  shop: ShopNow,
): Promise<OrderQuote> {
  const chosen = await orderLines(db, request.orderItems);
  const lines = chosen.map(({ item }) => item);
  const code = request.discountCode?.trim() ?? '';
  const discount =
    code === ''
      ? undefined
      : await applicableDiscount(
          db,
          user,
          code,
          chosen.map(({ item, categoryId }) => ({
            productId: item.productId!,
            categoryId,
            price: item.price,
            qty: item.qty,
          })),
          shop,
        );
  const priced = lines.map((line, index) => ({
    price: Number(line.price),
    qty: line.qty,
    eligible: discount?.eligible[index] ?? true,
  }));
  const prices = computeOrderPrices(priced, discount?.terms);
  // Past what a money column holds the database would refuse the order with a 500.
  const tooLarge = orderTooLarge(prices, shop.currency);
  if (tooLarge) throw invalid(tooLarge);
  return {
    lines,
    prices,
    discount,
    shares: lineDiscountShares(priced, discount?.terms),
  };
}

/**
 * Places an order at the catalogue's current prices. The lines' names, SKUs, option values,
 * images and prices are copied from the database (orderLines); the discount code, if any, is
 * checked and applied by the shared price rules (quoteOrder); the totals the shopper saw must
 * match, so nobody is charged an amount they did not see. No use of the code is taken here:
 * the payment takes it (promotions/uses.ts), so an order never paid uses nothing. A retry with
 * the same idempotency key answers the first order; the same key with another order (another
 * code included) is refused (422).
 * `shop.currency` (PAYMENT_CURRENCY) is kept with the order: it is charged, shown and e-mailed
 * in it even if the shop's currency changes later.
 */
export async function createOrder(
  db: Database,
  user: SessionUser,
  request: CreateOrderRequest,
  idempotencyKey: string | undefined,
  shop: ShopNow,
): Promise<Order> {
  await requireConfirmedEmail(db, user.id);
  const requestHash = orderRequestHash(request);
  if (idempotencyKey) {
    const earlier = await findOrderByIdempotencyKey(db, user.id, idempotencyKey);
    if (earlier) return replay(db, earlier, requestHash);
  }
  const { lines, prices, discount, shares } = await quoteOrder(db, user, request, shop);
  if (!samePrices(request, prices)) throw conflict(PRICES_CHANGED);
  const money = (amount: number) => centsToDecimalString(toCents(amount));

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
        itemsPrice: money(prices.itemsPrice),
        discountPrice: money(prices.discountPrice),
        discountCode: discount?.code ?? null,
        discountId: discount?.id ?? null,
        shippingPrice: money(prices.shippingPrice),
        taxPrice: money(prices.taxPrice),
        totalPrice: money(prices.totalPrice),
        currency: shop.currency,
        idempotencyKey: idempotencyKey ?? null,
        idempotencyBodyHash: idempotencyKey ? requestHash : null,
      },
      lines.map((line, index) => ({ ...line, discount: centsToDecimalString(shares[index]!) })),
    );
    return toOrder(stored.order, stored.items, stored.afterSale);
  } catch (error) {
    // The same key sent twice at once: the first insert won; answer its order (or refuse this
    // one if it is another order).
    if (idempotencyKey && isUniqueViolation(error, 'orders_user_idempotency_key')) {
      const earlier = await findOrderByIdempotencyKey(db, user.id, idempotencyKey);
      if (earlier) return replay(db, earlier, requestHash);
    }
    // The buyer's account was deleted, or a product or variant deleted, while the order was
    // on its way: the one statement that stores the order refuses it whole.
    if (isForeignKeyViolation(error, 'orders_user_id_users_id_fk'))
      throw unauthorized(SESSION_ENDED);
    // The code was deleted by an admin between its check and the insert: as if never there.
    if (discount && isForeignKeyViolation(error, 'orders_discount_id_discounts_id_fk')) {
      throw notFound(DISCOUNT_MESSAGES.unknown(discount.code));
    }
    if (
      isForeignKeyViolation(error, 'order_items_product_id_products_id_fk') ||
      isForeignKeyViolation(error, 'order_items_variant_id_product_variants_id_fk')
    ) {
      throw conflict(PRODUCT_GONE);
    }
    throw error;
  }
}

/** Whether the caller may see the order: its buyer or an admin. */
const mayView = (user: SessionUser, order: OrderRow) => order.userId === user.id || user.isAdmin;

/**
 * The order and its lines (each with its variant's stock) if the caller may see it. Anyone else
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
