import type { Order } from '@proshop/domain/order-schemas';
import type { OrderState } from '@proshop/domain/order-transitions';
import type { Refund, ReturnRequest } from '@proshop/domain/refund-schemas';
import type { orderItems, orders } from '../../db/schema/orders.ts';
import type { AfterSale } from './after-sale-records.ts';
import type { RefundWithLines } from './refund-records.ts';
import type { ReturnWithLines } from './return-records.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert & { id: string };
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId' | 'position'>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A refund as the order's answer lists it. */
export function toRefund({ refund, lines }: RefundWithLines): Refund {
  return {
    _id: refund.id,
    amount: Number(refund.amount),
    currency: refund.currency,
    status: refund.status,
    reason: refund.reason,
    shipping: refund.shipping,
    restock: refund.restock,
    lines: lines.map((line) => ({ orderItem: line.orderItemId, qty: line.qty })),
    createdAt: refund.createdAt.toISOString(),
    completedAt: iso(refund.completedAt),
  };
}

/** A return request as the order's answer lists it. */
function toReturn({ request, lines }: ReturnWithLines): ReturnRequest {
  return {
    _id: request.id,
    status: request.status,
    reason: request.reason,
    declineMessage: request.declineMessage,
    refund: request.refundId,
    lines: lines.map((line) => ({ orderItem: line.orderItemId, qty: line.qty })),
    createdAt: request.createdAt.toISOString(),
    decidedAt: iso(request.decidedAt),
  };
}

/**
 * A stored order, its lines, refunds and return requests as the API sends them (`Order`,
 * @proshop/domain/order-schemas). NOTHING_AFTER_SALE only for an order that cannot have any yet.
 */
export function toOrder(
  row: OrderRow,
  items: readonly OrderItemRow[],
  afterSale: AfterSale,
): Order {
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    user: { _id: row.userId, name: row.buyerName, email: row.buyerEmail },
    isGuest: row.accessKeyHash !== null,
    orderItems: items.map((item) => ({
      _id: item.id,
      product: item.productId,
      variant: item.variantId,
      sku: item.sku,
      options: item.options,
      name: item.name,
      image: item.image,
      price: Number(item.price),
      qty: item.qty,
      discount: Number(item.discount),
      tax: item.tax === null ? null : Number(item.tax),
      taxBasisPoints: item.taxBasisPoints,
      taxName: item.taxName,
    })),
    shippingAddress: {
      name: row.shipName,
      address: row.address,
      city: row.city,
      region: row.region,
      postalCode: row.postalCode,
      country: row.country,
      phone: row.phone,
    },
    paymentMethod: row.paymentMethod,
    itemsPrice: Number(row.itemsPrice),
    discountPrice: Number(row.discountPrice),
    discountCode: row.discountCode,
    shippingPrice: Number(row.shippingPrice),
    shipping: {
      method: row.shippingMethodName,
      estimateMinDays: row.shippingEstimateMinDays,
      estimateMaxDays: row.shippingEstimateMaxDays,
      tax: Number(row.shippingTax),
    },
    taxPrice: Number(row.taxPrice),
    taxLines: row.taxLines.map((line) => ({
      name: line.name,
      basisPoints: line.basisPoints,
      appliesTo: line.appliesTo,
      base: Number(line.base),
      amount: Number(line.amount),
    })),
    pricesIncludeTax: row.pricesIncludeTax,
    totalPrice: Number(row.totalPrice),
    currency: row.currency,
    isPaid: row.isPaid,
    paidAt: iso(row.paidAt),
    isSent: row.isSent,
    sentAt: iso(row.sentAt),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    isDelivered: row.isDelivered,
    deliveredAt: iso(row.deliveredAt),
    isCancelled: row.cancelledAt !== null,
    cancelledAt: iso(row.cancelledAt),
    refunds: afterSale.refunds.map(toRefund),
    returns: afterSale.returns.map(toReturn),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The state the shared transition rules read (@proshop/domain/order-transitions). */
export function orderState(row: OrderRow): OrderState {
  return {
    isPaid: row.isPaid,
    isSent: row.isSent,
    isDelivered: row.isDelivered,
    isCancelled: row.cancelledAt !== null,
  };
}
