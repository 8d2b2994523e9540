import { REFUND_STATUSES, RETURN_STATUSES } from '@proshop/domain/refund-schemas';
import { DISCOUNT_KINDS } from '@proshop/domain/discounts';
import { MONEY_PRECISION, MONEY_SCALE } from '@proshop/domain/money';
import { ORDER_EVENT_ACTORS, ORDER_EVENT_KINDS } from '@proshop/domain/order-events';
import type { OptionChoice, OptionValue, ProductOption } from '@proshop/domain/variants';
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money is numeric(12,2): exact cents, never a binary float; requests are bounded by MAX_MONEY. */
const money = (name: string) => numeric(name, { precision: MONEY_PRECISION, scale: MONEY_SCALE });

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Tokens carry this number; raising it (password change or reset) revokes older tokens. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * When the owner proved the address is theirs (the link e-mailed at registration or after a
     * change); null until then, and such an account cannot place an order. Accounts made before
     * confirmation existed count as confirmed (migration 0019).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

/**
 * Categories and brands: named records with a unique slug for their pages (`/category/{slug}`),
 * a description and an optional picture. Both have the same shape, so one definition serves.
 */
const taxonomyTable = (name: 'categories' | 'brands') =>
  pgTable(
    name,
    {
      id: id(),
      name: text('name').notNull(),
      /** Lower-case letters (any script), digits and hyphens: see domain/slugs.ts. */
      slug: text('slug').notNull(),
      description: text('description').notNull().default(''),
      image: text('image'),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (table) => [
      uniqueIndex(`${name}_slug_key`).on(table.slug),
      // "Phones" and "phones" are one category: an admin typing either finds the same record.
      uniqueIndex(`${name}_name_lower_key`).on(sql`lower(${table.name})`),
    ],
  );

export const categories = taxonomyTable('categories');
export const brands = taxonomyTable('brands');

export const products = pgTable(
  'products',
  {
    id: id(),
    /** The admin who created it; kept null when that account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The main picture: always the first of `images` (a CHECK keeps them together). */
    image: text('image').notNull(),
    /** Every picture in the admin's order, 1 to 12, the main one first. */
    images: text('images').array().notNull(),
    /**
     * The names of the product's brand and category ('' for none), copied from their records in
     * the same transaction as every rename or merge: the search's generated columns read them
     * (a generated column cannot read another table). docs/decisions/0018.
     */
    brand: text('brand').notNull(),
    category: text('category').notNull(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    /** What a variant without its own price sells at. */
    price: money('price').notNull().default('0'),
    /** Its options and their values in the admin's order, `[]` without (docs/decisions/0019). */
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    /**
     * A summary of the variants, kept by products/variant-summary.ts in the transaction of every
     * change of them, so that lists, filters and sorts read one row per product: the stock of the
     * variants offered together, the lowest and highest price they sell at, how many there are.
     */
    countInStock: integer('count_in_stock').notNull().default(0),
    minPrice: money('min_price').notNull().default('0'),
    maxPrice: money('max_price').notNull().default('0'),
    variantCount: integer('variant_count').notNull().default(1),
    /** Units at or below which a variant is low on stock; null: the shop's LOW_STOCK_THRESHOLD. */
    lowStockThreshold: integer('low_stock_threshold'),
    /**
     * The option values on offer, one `Name:Value` each ('Size:M'; a name holds no ':'), in no
     * particular order: those of the variants switched on, `{}` without options. The option
     * facets count them and the option filter reads them before the variants.
     */
    optionValues: text('option_values')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
    numReviews: integer('num_reviews').notNull().default(0),
    /** Units taken from stock by paid orders less those given back: the best-selling sort. */
    unitsSold: integer('units_sold').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The searched texts, lower-cased, in one column for one trigram index (docs/decisions/0004):
     * `LIKE` on it is ILIKE without lower-casing every row again. A newline separates the fields
     * so that a search word (which never holds one) cannot span two.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${products.name} || E'\\n' || ${products.brand} || E'\\n' || ${products.category} || E'\\n' || ${products.description})`,
      ),
    /**
     * The name, and the brand and category, lower-cased for the search's ranks (name first, then
     * brand or category): each has a trigram index, so that the few products matching there are
     * found without reading every match of search_text (docs/decisions/0004).
     */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${products.name})`),
    searchBrandCategory: text('search_brand_category')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`lower(${products.brand} || E'\\n' || ${products.category})`,
      ),
  },
  (table) => [
    check('products_count_in_stock_check', sql`${table.countInStock} >= 0`),
    check('products_price_check', sql`${table.price} >= 0`),
    check(
      'products_images_check',
      sql`cardinality(${table.images}) between 1 and 12 and ${table.images}[1] = ${table.image}`,
    ),
    index('products_created_at_idx').on(table.createdAt.desc(), table.id),
    index('products_rating_idx').on(table.rating.desc(), table.numReviews.desc()),
    index('products_category_idx').on(table.categoryId),
    index('products_brand_idx').on(table.brandId),
    // The facets' pass without a keyword reads only this (an index-only scan), not the rows with
    // their descriptions and search texts (docs/decisions/0018). The price and the id are for
    // the price filter's look at the variants (catalogue-filters.ts), which names them.
    index('products_facets_idx').on(
      table.categoryId,
      table.brandId,
      table.minPrice,
      table.maxPrice,
      table.countInStock,
      table.rating,
      table.price,
      table.id,
    ),
    // The products with option values on offer (one in ten in the benches' catalogue): the
    // option facets and filters find them here rather than reading every row (decision 0019).
    index('products_option_values_idx')
      .on(
        table.categoryId,
        table.brandId,
        table.minPrice,
        table.maxPrice,
        table.countInStock,
        table.rating,
      )
      .where(sql`${table.optionValues} <> '{}'::text[]`),
    index('products_min_price_idx').on(table.minPrice, table.id),
    index('products_units_sold_idx').on(table.unitsSold.desc(), table.createdAt.desc()),
    // "Is this file still used?" before an upload is deleted (uploads/file-cleanup.ts).
    index('products_images_idx').using('gin', table.images),
    index('products_search_text_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    index('products_search_name_trgm_idx').using('gin', table.searchName.op('gin_trgm_ops')),
    index('products_search_brand_category_trgm_idx').using(
      'gin',
      table.searchBrandCategory.op('gin_trgm_ops'),
    ),
  ],
);

/**
 * What a shopper buys: one combination of a product's options (Size M, Colour Blue), with its
 * own SKU, stock, optional price and picture, and an on/off switch. A product without options has
 * one variant choosing nothing (`options` = {}). Stock is taken per variant (orders/stock.ts).
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    /** Option name → value; jsonb equality ignores key order, so the unique index sees a combination once. */
    options: jsonb('options').$type<OptionChoice>().notNull().default({}),
    /** Null: the product's price. */
    price: money('price'),
    countInStock: integer('count_in_stock').notNull().default(0),
    /** One of the product's pictures, or null for its main one. */
    image: text('image'),
    active: boolean('active').notNull().default(true),
    /** Its place in the admin's table (0 first). */
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('product_variants_count_in_stock_check', sql`${table.countInStock} >= 0`),
    check('product_variants_price_check', sql`${table.price} >= 0`),
    uniqueIndex('product_variants_sku_key').on(sql`lower(${table.sku})`),
    uniqueIndex('product_variants_product_options_key').on(table.productId, table.options),
    index('product_variants_product_idx').on(table.productId, table.position),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null once the reviewer's account is deleted; the review and its name stay. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
    uniqueIndex('reviews_product_user_key').on(table.productId, table.userId),
    index('reviews_product_idx').on(table.productId, table.createdAt),
  ],
);

/**
 * Discount codes (modules/promotions). A use is held by a paid order from the transaction that
 * takes its stock, under a lock on this row, until the order is cancelled or fully refunded
 * (docs/decisions/0020): `uses` counts them, so that a limit holds however many pay at once.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: id(),
    /** Stored upper-case: codes are compared without case. */
    code: text('code').notNull(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    /** The percentage (0.01 to 100) or the amount off; null for free shipping. */
    value: money('value'),
    minSubtotal: money('min_subtotal'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    /** Only these products, or these categories' products; both empty: every product. */
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** Uses held now by paid orders (never above usage_limit when taken under the row's lock). */
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('discounts_code_key').on(table.code),
    check('discounts_uses_check', sql`${table.uses} >= 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Null once the buyer's account is deleted; buyer name and e-mail are kept on the order. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    paymentMethod: text('payment_method').notNull(),
    itemsPrice: money('items_price').notNull(),
    /** Taken off the items before tax by the order's discount code (0 without one). */
    discountPrice: money('discount_price').notNull().default('0'),
    /** The code as the order used it, and its record (null once deleted). */
    discountCode: text('discount_code'),
    discountId: uuid('discount_id').references(() => discounts.id, { onDelete: 'set null' }),
    /** Whether the order holds one use of its discount now (taken at payment, given back on
     * cancellation or a full refund). */
    discountUseHeld: boolean('discount_use_held').notNull().default(false),
    shippingPrice: money('shipping_price').notNull(),
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
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentProvider: text('payment_provider'),
    providerOrderId: text('provider_order_id'),
    /** The provider's capture id; unique so that one capture can never pay two orders. */
    captureId: text('capture_id').unique(),
    payerEmail: text('payer_email'),
    /**
     * Set while a capture is under way (orders/capture-attempt.ts): the order's stock is reserved
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
    index('orders_user_created_idx').on(table.userId, table.createdAt.desc()),
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
    /** The line's place in the order, as the shopper's cart listed it (0 first). */
    position: smallint('position').notNull().default(0),
  },
  (table) => [
    check('order_items_qty_check', sql`${table.qty} > 0`),
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
 * Money given back on a paid order (modules/orders/refund-order.ts). Its amount is computed by
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
 * A buyer's request to send lines of a paid order back (modules/orders/return-requests.ts). The
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
 * PayPal webhook events already applied, by PayPal's event id: PayPal sends an event again until
 * it is acknowledged, and a duplicate must change nothing (orders/paypal-webhook.ts).
 */
export const paypalWebhookEvents = pgTable('paypal_webhook_events', {
  id: text('id').primaryKey(),
  eventType: text('event_type').notNull(),
  /** The capture or refund the event is about. */
  resourceId: text('resource_id'),
  receivedAt: createdAt(),
});

/** At most one live reset code per user, stored only as a hash. */
export const passwordResets = pgTable('password_resets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Sessions ended before their token expired (sign-out): a token whose `jti` is here is refused.
 * A row is useless once its token has expired, and is deleted then (modules/auth/end-session.ts).
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    /** The token's `jti`. */
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The token's `exp`: after it the token is refused anyway. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('ended_sessions_expires_at_idx').on(table.expiresAt)],
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

/**
 * E-mails that follow a change of an order (receipt, sent notice). They are written in the
 * transaction of that change, so none is lost when the mail server is down or the process dies,
 * and the outbox worker sends them with retries (modules/mail/outbox-worker.ts).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
    /** Tries so far, counted when a worker claims the message. */
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it; null once sent or given up. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The order it tells of, if any: sending it adds an 'email' event to that order's timeline. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  },
  (table) => [
    // Only waiting messages are indexed: the worker's query stays small however many were sent.
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.nextAttemptAt} is not null`),
  ],
);

/**
 * A link that confirms an e-mail address (registration or a change of address). Only a hash of its
 * secret is kept; it is used once (`usedAt`) and expires. `email` is the address it confirms:
 * confirming a new address moves the account to it.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_confirmations_user_idx').on(table.userId, table.createdAt)],
);

/**
 * A signed-in customer's cart, kept so it follows them to every device. `version` rises with every
 * change: a change made from an older version is refused (409) instead of losing a line.
 */
export const carts = pgTable('carts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * A cart's lines. Product and variant carry no foreign key on purpose: a line whose product was
 * deleted stays, named by its copy of the name, so the cart can say why it cannot be bought.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => carts.userId, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id'),
    qty: integer('qty').notNull(),
    /** The product's name (and variant's options) when added, for a line whose product is gone. */
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    addedAt: createdAt(),
  },
  (table) => [
    unique('cart_items_line_key')
      .on(table.userId, table.productId, table.variantId)
      .nullsNotDistinct(),
    check('cart_items_qty_positive', sql`${table.qty} > 0`),
  ],
);

/** The address book: orders copy an address, so changing the book never changes an old order. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('addresses_user_idx').on(table.userId),
    // At most one default address per customer.
    uniqueIndex('addresses_one_default_key')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);

/** Products a customer keeps for later. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('wishlist_items_user_product_key').on(table.userId, table.productId),
    index('wishlist_items_product_idx').on(table.productId),
  ],
);

/**
 * "E-mail me when it is back": one e-mail per request, sent when the product (or the variant)
 * is on offer again; `notifiedAt` marks it done.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    unique('stock_alerts_request_key')
      .on(table.userId, table.productId, table.variantId)
      .nullsNotDistinct(),
    // Only waiting requests are looked up when stock comes back.
    index('stock_alerts_waiting_idx')
      .on(table.productId)
      .where(sql`${table.notifiedAt} is null`),
  ],
);
