import { z } from 'zod';
import { amountSchema } from './money-schemas.ts';
import { MAX_LINE_QTY, MAX_ORDER_LINES } from './order-limits.ts';
import { idSchema } from './route-schemas.ts';
import { oneLineText } from './text-fields.ts';
import { PAYMENT_METHODS, PROVIDER_KINDS } from './payment-methods.ts';
import { refundSchema, returnSchema } from './refund-schemas.ts';
import { orderShippingSchema, REGION_PATTERN, taxLineSchema } from './shipping-schemas.ts';
import { emailSchema, nameSchema } from './user-schemas.ts';
import { optionValueSchema } from './variant-schemas.ts';

const addressPart = (field: string) =>
  oneLineText(field).min(1, `${field} is required`).max(200, `${field} is too long`);

/**
 * Where an order goes. `country` is an ISO 3166-1 alpha-2 code from the form's list; the server
 * stores a code for a country name an older client sends ('USA' → 'US', countryCodeOf) and keeps
 * text it cannot read, which only a "rest of the world" zone serves. Name, region and phone are
 * optional (issue #38).
 */
export const shippingAddressSchema = z.object({
  /** Who receives the parcel; absent or '' for the buyer. */
  name: oneLineText('Name').max(100, 'Name is too long').optional(),
  address: addressPart('Address'),
  city: addressPart('City'),
  /** ISO 3166-2 ('US-CA'), for a country whose regions the form lists; absent or '' otherwise. */
  region: z
    .string('Region must be text')
    .trim()
    .toUpperCase()
    .refine(
      (region) => region === '' || REGION_PATTERN.test(region),
      'Choose a region from the list',
    )
    .optional(),
  postalCode: addressPart('Postal code'),
  country: addressPart('Country'),
  phone: z
    .string('Phone must be text')
    .trim()
    .max(30, 'Phone is too long')
    .regex(/^[0-9+() .-]*$/, 'Phone may hold only digits, spaces and + ( ) . -')
    .optional(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/**
 * POST /api/orders. The shopper sends what they saw: the lines (product id and quantity) and the
 * four totals. Names, images and prices of the lines are never taken from the request: the server
 * reads them from the catalogue and refuses the order (409) when its totals differ.
 */
/**
 * One line as the shopper asks for it, in an order and in the account's cart: the product, the
 * variant chosen (required when the product has options, else its only variant), how many.
 */
export const lineRequestSchema = z.object({
  product: idSchema('Each item needs a product').max(64, 'Each item needs a product'),
  variant: idSchema('Variant must be an id').max(64, 'Variant must be an id').optional(),
  qty: z
    .number('Quantity must be a number')
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QTY, 'Quantity is too large'),
});

/**
 * A guest's own details, sent instead of a session token (issue #37): the order carries them in
 * place of an account's, and its receipt goes to the e-mail.
 */
export const guestBuyerSchema = z.object(
  { email: emailSchema, name: nameSchema },
  'Enter your e-mail and name to check out as a guest',
);
export type GuestBuyer = z.infer<typeof guestBuyerSchema>;

export const createOrderRequestSchema = z.object({
  orderItems: z
    .array(lineRequestSchema, 'Your cart is empty')
    .min(1, 'Your cart is empty')
    .max(MAX_ORDER_LINES, `An order can hold at most ${MAX_ORDER_LINES} different products`),
  shippingAddress: shippingAddressSchema,
  /** The shipping method chosen (issue #38); absent: the zone's first that can carry it. */
  shippingMethod: idSchema('Shipping method must be an id').max(64).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, 'Payment method must be PayPal or Credit Card'),
  /** One discount code per order; the server checks it and computes the discount itself. */
  discountCode: z
    .string('Discount code must be text')
    .trim()
    .max(64, 'A discount code has 3 to 32 letters, digits or dashes')
    .optional(),
  itemsPrice: amountSchema('Items price'),
  /** The discount the shopper saw (0 without a code; absent from older clients: 0). */
  discountPrice: amountSchema('Discount price').default(0),
  shippingPrice: amountSchema('Shipping price'),
  taxPrice: amountSchema('Tax price'),
  totalPrice: amountSchema('Total price'),
  /** Without a session token: who buys (ignored with one: the account buys). */
  guest: guestBuyerSchema.optional(),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

/**
 * An order line as the API sends it; `product` and `variant` are null once deleted. Name, SKU,
 * option values, picture and price are copies made when the order was placed.
 */
export const orderItemSchema = z.object({
  /** The line's own id: a refund names the lines it gives back by it. */
  _id: z.string(),
  product: z.string().nullable(),
  variant: z.string().nullable(),
  /** Null on lines stored before products had variants and SKUs. */
  sku: z.string().nullable(),
  /** The variant's option values in the product's order; empty without options. */
  options: z.array(optionValueSchema),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  qty: z.number().int(),
  /** The line's share of the order's discount (0 without one). */
  discount: z.number(),
  /** The line's tax, its rate (basis points) and name; null on lines placed before #38. */
  tax: z.number().nullable(),
  taxBasisPoints: z.number().int().nullable(),
  taxName: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  /** The short number people read (#1001, `orderLabel`); `_id` stays the key and the address. */
  orderNumber: z.number().int(),
  /** The buyer; `_id` is null for a guest, or once their account was deleted (name and e-mail stay). */
  user: z.object({ _id: z.string().nullable(), name: z.string(), email: z.string() }),
  /** Placed without an account (its buyer opens it with the link of its receipt). */
  isGuest: z.boolean(),
  orderItems: z.array(orderItemSchema),
  shippingAddress: shippingAddressSchema,
  paymentMethod: z.string(),
  itemsPrice: z.number(),
  /** Taken off the items before tax; the code that gave it (null without one). */
  discountPrice: z.number(),
  discountCode: z.string().nullable(),
  shippingPrice: z.number(),
  /** The method it ships by, as it was when placed (a snapshot: later changes do not touch it). */
  shipping: orderShippingSchema,
  taxPrice: z.number(),
  /** Each tax (name, rate, what it applied to, amount); they sum to taxPrice. */
  taxLines: z.array(taxLineSchema),
  /** The prices held their tax: the total does not add taxPrice, it contains it. */
  pricesIncludeTax: z.boolean(),
  totalPrice: z.number(),
  currency: z.string(),
  isPaid: z.boolean(),
  paidAt: z.string().nullable(),
  isSent: z.boolean(),
  sentAt: z.string().nullable(),
  /** Who carries the parcel and its tracking number, if the admin gave them on Mark As Sent. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  isDelivered: z.boolean(),
  deliveredAt: z.string().nullable(),
  isCancelled: z.boolean(),
  cancelledAt: z.string().nullable(),
  /** Every refund of the order, oldest first (failed ones included, marked so). */
  refunds: z.array(refundSchema),
  /** The buyer's return requests, oldest first. */
  returns: z.array(returnSchema),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * POST /api/orders: the order placed. A guest's order carries `accessKey` once, in this answer:
 * the key of its link `/order/{id}?key={accessKey}`, which the server keeps only hashed.
 */
export const placedOrderSchema = orderSchema.extend({ accessKey: z.string().optional() });
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/** GET /api/orders/{id}: a guest's link adds the order's key. */
export const orderKeyQuerySchema = z.object({
  key: z.string().max(100, 'Not a key of an order').optional(),
});

export const orderListSchema = z.array(orderSchema);

// The query of GET /api/orders (admin) is in order-search-schemas.ts, with its search and filters.

/** GET /api/orders: the page's orders, the page number and how many pages there are. */
export const orderPageSchema = z.object({
  orders: z.array(orderSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

/** GET /api/config/pay: what the browser needs to load the payment provider's script. */
export const payConfigSchema = z.object({
  /** The configured providers, PayPal first; `['test']` in test mode (decision 0046). */
  providers: z.array(z.enum(PROVIDER_KINDS)),
  /** The methods the payment step offers with them (offeredMethods). */
  methods: z.array(z.enum(PAYMENT_METHODS)),
  /** PayPal's public client id ('test' in test mode, '' without PayPal). */
  clientId: z.string(),
  currency: z.string(),
  /** Address of PayPal's browser script (or a stand-in in tests). */
  sdkUrl: z.string(),
  /** Stripe's publishable key and Stripe.js's address, when Stripe takes cards. */
  stripe: z.object({ publishableKey: z.string(), jsUrl: z.string() }).nullable(),
});
export type PayConfig = z.infer<typeof payConfigSchema>;

/** POST /api/orders/{id}/payment answers the provider's order id the browser approves. */
export const startPaymentResponseSchema = z.object({
  providerOrderId: z.string(),
  /** Stripe's PaymentIntent client secret, which Stripe.js confirms the card payment with. */
  clientSecret: z.string().optional(),
});
export type StartPaymentResponse = z.infer<typeof startPaymentResponseSchema>;

/**
 * PUT /api/orders/{id}/pay: the provider's order id the shopper approved (PayPal's
 * `data.orderID`). The server captures it itself; nothing else from the browser is trusted.
 */
export const payOrderRequestSchema = z.object({
  providerOrderId: z.string('The payment id is missing').min(1).max(128),
});
export type PayOrderRequest = z.infer<typeof payOrderRequestSchema>;

/**
 * POST /api/orders/lookup: a guest who lost the e-mail with their order's link asks for a new
 * one with the order's number and the e-mail it was placed with (issue #37). The answer is the
 * same whether such an order exists or not.
 */
export const orderLookupRequestSchema = z.object({
  email: emailSchema,
  orderNumber: z
    .number('Enter the order number')
    .int('Enter the order number')
    .min(1, 'Enter the order number')
    .max(2_147_483_647, 'Enter the order number'),
});
export type OrderLookupRequest = z.infer<typeof orderLookupRequestSchema>;
