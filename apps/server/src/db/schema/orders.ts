// The tables the orders module (apps/server/src/modules/orders/) owns: only it writes them
// (README, Architecture). Other modules read them only where eslint.config.js allows it.
import { REFUND_STATUSES, RETURN_STATUSES } from '@proshop/domain/refund-schemas';
import { ORDER_EVENT_ACTORS, ORDER_EVENT_KINDS } from '@proshop/domain/order-events';
import type { OptionValue } from '@proshop/domain/variants';
import type { StoredTaxLine } from '@proshop/domain/shipping-schemas';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, money } from './columns.ts';
import { productVariants, products } from './products.ts';
import { discounts } from './promotions.ts';
import { users } from './users.ts';

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /**
     * The short number people read and type (#1001), one sequence per shop's database, so unique
     * across instances and concurrent checkouts (decision 0041). The id stays the order's key and
     * address. By default, not always: an import keeps the numbers of the export.
     */
    orderNumber: integer('order_number')
      .notNull()
      .generatedByDefaultAsIdentity({ startWith: 1001 }),
    /** Null once the buyer's account is deleted; buyer name and e-mail are kept on the order. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    /** Who receives the parcel; '' for the buyer. */
    shipName: text('ship_name').notNull().default(''),
    address: text('address').notNull(),
    city: text('city').notNull(),
    /** ISO 3166-2 ('US-CA'), '' where none was given. */
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    /** ISO 3166-1 alpha-2, or the free text of an order placed before codes. */
    country: text('country').notNull(),
    phone: text('phone').notNull().default(''),
    paymentMethod: text('payment_method').notNull(),
    itemsPrice: money('items_price').notNull(),
    /** Taken off the items before tax by the order's discount code (0 without one). */
    discountPrice: money('discount_price').notNull().default('0'),
    /** The code as the order used it, and its record (null once deleted). */
    discountCode: text('discount_code'),
    discountId: uuid('discount_id').references(() => discounts.id, { onDelete: 'set null' }),
    shippingPrice: money('shipping_price').notNull(),
    /**
     * The shipping method as it was when the order was placed (issue #38): a snapshot, so that
     * changing the merchant's rules never changes a placed order. The id is the method's then
     * (no foreign key: the method may be deleted); orders before #38 say 'Standard'.
     */
    shippingMethodId: uuid('shipping_method_id'),
    shippingMethodName: text('shipping_method_name').notNull().default('Standard'),
    shippingEstimateMinDays: smallint('shipping_estimate_min_days'),
    shippingEstimateMaxDays: smallint('shipping_estimate_max_days'),
    /** The tax on shipping, part of tax_price (0 where shipping is not taxed). */
    shippingTax: money('shipping_tax').notNull().default('0'),
    /** Whether the prices held their tax (the total then does not add tax_price). */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    /** Each tax of the order: name, rate, what it applied to and its amount; they sum to tax_price. */
    taxLines: jsonb('tax_lines').$type<StoredTaxLine[]>().notNull().default([]),
    taxPrice: money('tax_price').notNull(),
    totalPrice: money('total_price').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** A client-chosen key that makes a retried POST /api/orders create one order. */
    idempotencyKey: text('idempotency_key'),
    /**
     * SHA-256 (hex) of the request the key came with (orders/order-request-hash.ts): the same key
     * with another order is refused. Null for orders placed before it was kept.
     */
    idempotencyBodyHash: text('idempotency_body_hash'),
    /**
     * A guest's order (placed without an account, issue #37): SHA-256 (hex) of the key of its
     * link, /order/{id}?key=… (orders/order-access-keys.ts); the key itself is never stored.
     * Null for an account's order. It stays when the guest's e-mail later becomes an account's.
     */
    accessKeyHash: text('access_key_hash'),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentProvider: text('payment_provider'),
    providerOrderId: text('provider_order_id'),
    /** The provider's capture id; unique so that one capture can never pay two orders. */
    captureId: text('capture_id').unique(),
    payerEmail: text('payer_email'),
    /**
     * Set while a capture is under way (orders/capture-claims.ts): the order's stock is reserved
     * and only the attempt with this id may finish it. The capture at the provider runs outside
     * any transaction, so the database is never held while the provider is asked.
     */
    captureAttemptId: uuid('capture_attempt_id'),
    /**
     * Until when that attempt is being worked on. Past it (a crash, or the provider did not
     * answer) the attempt is in doubt: a retry by the buyer or the recovery pass takes it over.
     */
    captureLeaseUntil: timestamp('capture_lease_until', { withTimezone: true }),
    isSent: boolean('is_sent').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Who carries the parcel and its tracking number, as Mark As Sent gave them (optional). */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    isDelivered: boolean('is_delivered').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Set when the order was cancelled; a cancelled order is never paid or sent. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Who cancelled it: 'buyer', 'admin', or 'shop' (unpaid past UNPAID_ORDER_DAYS). */
    cancelledBy: text('cancelled_by', { enum: ['buyer', 'admin', 'shop'] }),
    /**
     * What PayPal later said went wrong with the payment (webhooks): 'denied' (a pending
     * capture failed) or 'reversed' (a chargeback or reversal); when it said so.
     */
    paymentProblem: text('payment_problem', { enum: ['denied', 'reversed'] }),
    paymentProblemAt: timestamp('payment_problem_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('orders_user_idempotency_key').on(table.userId, table.idempotencyKey),
    // A guest's retry finds its first order by e-mail and key (no account to scope it by).
    uniqueIndex('orders_guest_idempotency_key')
      .on(table.buyerEmail, table.idempotencyKey)
      .where(sql`${table.accessKeyHash} is not null`),
    // Two orders never share a number (an import could bring one twice); also the search by it.
    uniqueIndex('orders_order_number_idx').on(table.orderNumber),
    index('orders_user_created_idx').on(table.userId, table.createdAt.desc()),
    // A buyer's orders by e-mail: a guest's first order and per-customer code limits (issue #37),
    // and the guest orders an account takes over once its e-mail is confirmed.
    index('orders_buyer_email_idx').on(table.buyerEmail),
    index('orders_created_idx').on(table.createdAt.desc(), table.id),
    // The dashboard sums paid orders by the day they were paid. The columns after paid_at are
    // what it sums and joins on, so that it reads this index alone (an index-only scan) and not
    // the orders' wide rows; drizzle cannot write INCLUDE, so they are keys (decision 0021).
    index('orders_paid_at_idx')
      .on(table.paidAt, table.id, table.userId, table.itemsPrice, table.discountPrice)
      .where(sql`${table.isPaid}`),
    // The dashboard's orders waiting to be sent: how many, and the oldest.
    index('orders_waiting_idx')
      .on(table.paidAt)
      .where(sql`${table.isPaid} and not ${table.isSent} and ${table.cancelledAt} is null`),
    // The pass that cancels orders left unpaid reads only those, oldest first.
    index('orders_unpaid_created_idx')
      .on(table.createdAt)
      .where(sql`not ${table.isPaid} and ${table.cancelledAt} is null`),
    // A customer's uses of a discount, counted under the discount's lock at payment.
    index('orders_discount_user_idx')
      .on(table.discountId, table.userId)
      .where(sql`${table.discountId} is not null`),
    // The recovery pass looks only at orders with a capture under way: a handful at most.
    index('orders_capturing_idx')
      .on(table.captureLeaseUntil)
      .where(sql`${table.captureAttemptId} is not null`),
    // The admin's order search by the buyer's name or e-mail (modules/orders/order-search.ts,
    // which must use exactly this expression).
    index('orders_buyer_search_idx').using(
      'gin',
      sql`lower(${table.buyerName} || E'\\n' || ${table.buyerEmail}) gin_trgm_ops`,
    ),
  ],
);

/** Order lines copy name, image and price so that an order reads the same forever. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The variant bought, whose stock the payment takes; null once it is deleted. */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The variant's SKU and option values when the order was placed (null/[] on older lines). */
    sku: text('sku'),
    options: jsonb('options').$type<OptionValue[]>().notNull().default([]),
    image: text('image').notNull(),
    price: money('price').notNull(),
    qty: integer('qty').notNull(),
    /** The line's share of the order's discount, in proportion (domain/prices.ts). */
    discount: money('discount').notNull().default('0'),
    /**
     * The line's tax (issue #38: rounded per line, so the order's items tax is their sum), the
     * rate in basis points and its name; null on lines placed before taxes were kept per line.
     */
    tax: money('tax'),
    taxBasisPoints: integer('tax_basis_points'),
    taxName: text('tax_name'),
    /** The line's place in the order, as the shopper's cart listed it (0 first). */
    position: smallint('position').notNull().default(0),
    /**
     * Units the order's payments took from the variant's stock, over every attempt, and units
     * given back since (refunds and returns with restock, cancellation, a capture that did not
     * pay, a chargeback): what is given back never exceeds what was taken
     * (packages/domain/src/stock-given-back.ts, issue #35).
     */
    stockTaken: integer('stock_taken').notNull().default(0),
    stockGivenBack: integer('stock_given_back').notNull().default(0),
  },
  (table) => [
    check('order_items_qty_check', sql`${table.qty} > 0`),
    check(
      'order_items_stock_given_back_check',
      sql`${table.stockGivenBack} >= 0 and ${table.stockGivenBack} <= ${table.stockTaken}`,
    ),
    // An order's lines in their order, read straight from the index (no sort).
    index('order_items_order_position_idx').on(table.orderId, table.position),
    index('order_items_product_idx').on(table.productId),
    index('order_items_variant_idx').on(table.variantId),
    // "Does an order still show this picture?" before an upload is deleted (uploads/picture-uses.ts).
    index('order_items_image_idx').on(table.image),
    // The admin's order search by a line's product name or SKU (modules/orders/order-search.ts,
    // which must use exactly this expression).
    index('order_items_search_idx').using(
      'gin',
      sql`lower(${table.name} || E'\\n' || coalesce(${table.sku}, '')) gin_trgm_ops`,
    ),
  ],
);

/**
 * Money given back on a paid order (modules/after-sale/refund-order.ts). Its amount is computed by
 * the server from the order's stored prices (packages/domain/src/refunds.ts). Every refund not
 * failed counts against what was captured.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** Whether the order's shipping price is part of it. */
    shipping: boolean('shipping').notNull().default(false),
    /** Whether its lines go back into stock (when the provider accepts the refund). */
    restock: boolean('restock').notNull().default(false),
    reason: text('reason').notNull(),
    /**
     * requested: stored, the provider not yet answered (a crash or outage: sent again with the
     * same request id); pending: accepted, money not moved yet; completed; failed (counts no more).
     */
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    /** The PayPal-Request-Id, stored before the call: sending it again cannot refund twice. */
    requestId: uuid('request_id').notNull().unique(),
    providerRefundId: text('provider_refund_id').unique(),
    failureReason: text('failure_reason'),
    /** Until when a request or instance is sending it; past it, it may be sent again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The admin who made it; null once their account is deleted. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('refunds_amount_check', sql`${table.amount} > 0`),
    index('refunds_order_idx').on(table.orderId, table.createdAt),
    // The recovery pass reads only the refunds still waiting on the provider.
    index('refunds_open_idx')
      .on(table.leaseUntil)
      .where(sql`${table.status} in ('requested', 'pending')`),
  ],
);

/** The order lines a refund gives back, and how many of each. */
export const refundLines = pgTable(
  'refund_lines',
  {
    id: id(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
  },
  (table) => [
    check('refund_lines_qty_check', sql`${table.qty} > 0`),
    index('refund_lines_refund_idx').on(table.refundId),
  ],
);

/**
 * A buyer's request to send lines of a paid order back (modules/after-sale/return-requests.ts). The
 * admin accepts it, which refunds the lines (refundId), or declines it with a message.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason').notNull(),
    /** The admin's words when declining, sent to the buyer. */
    declineMessage: text('decline_message'),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('return_requests_order_idx').on(table.orderId, table.createdAt)],
);

/** The order lines a return request sends back, and how many of each. */
export const returnRequestLines = pgTable(
  'return_request_lines',
  {
    id: id(),
    returnRequestId: uuid('return_request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
  },
  (table) => [
    check('return_request_lines_qty_check', sql`${table.qty} > 0`),
    index('return_request_lines_request_idx').on(table.returnRequestId),
  ],
);

/**
 * An order's timeline (modules/orders/order-events.ts): one row per thing that happened to it,
 * written in the transaction of that change. Admin notes are events of kind 'note'.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull(),
    actor: text('actor', { enum: ORDER_EVENT_ACTORS }).notNull(),
    /** The user who did it, and their name then (kept when the account is deleted). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    /** What the event needs to be read: an amount, a tracking number, a subject, a note. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.createdAt)],
);
