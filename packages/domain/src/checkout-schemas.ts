import { z } from 'zod';
import { createOrderRequestSchema, shippingAddressSchema } from './order-schemas.ts';
import { shippingOptionSchema, taxLineSchema } from './shipping-schemas.ts';
import { emailSchema } from './user-schemas.ts';

/**
 * POST /api/checkout/quote (issue #37): what the order will cost before it is placed, from the
 * same rule as placing it. The cart asks without an address; each checkout step asks again with
 * what it knows. A code that does not apply is a 4xx with the reason, as POST /api/discounts/check.
 */
export const quoteRequestSchema = z.object({
  orderItems: createOrderRequestSchema.shape.orderItems,
  /** Where the order goes; without it shipping and tax are not worked out yet (null). */
  shippingAddress: shippingAddressSchema.optional(),
  /** The method the shopper picked; absent: the zone's first that can carry the order. */
  shippingMethod: createOrderRequestSchema.shape.shippingMethod,
  discountCode: createOrderRequestSchema.shape.discountCode,
  /** A guest's e-mail, when known: per-customer code limits count by it (as the code check). */
  email: emailSchema.optional(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/**
 * The order's prices as the server will charge them if nothing changes. Shipping, tax and the
 * total are null until the shipping address is known: the shopper is told they are worked out
 * at checkout rather than shown a figure that may change.
 */
export const quoteSchema = z.object({
  itemsPrice: z.number(),
  discountPrice: z.number(),
  shippingPrice: z.number().nullable(),
  taxPrice: z.number().nullable(),
  totalPrice: z.number().nullable(),
  /** The code applied (as stored: upper-case), null without one. */
  discountCode: z.string().nullable(),
  /**
   * The methods of the address's zone, each with its price for this order or why it cannot carry
   * it; null until the address is known. An address outside every zone is refused (422, "Sorry,
   * we do not ship to …") so the address step can say so before payment.
   */
  shippingOptions: z.array(shippingOptionSchema).nullable(),
  /** The method the figures are for (the one asked, or the first that can carry it); null before the address. */
  shippingMethod: z.string().nullable(),
  /** Each tax of the order (empty before the address). */
  taxLines: z.array(taxLineSchema),
  /** Prices are entered with tax: the total contains taxPrice ("incl. VAT"), it is not added. */
  pricesIncludeTax: z.boolean(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** GET /api/config/checkout: what the checkout offers (CHECKOUT_ACCOUNTS). */
export const checkoutConfigSchema = z.object({
  /** False when the shop sells to signed-in customers only (CHECKOUT_ACCOUNTS=required). */
  guestCheckout: z.boolean(),
});
export type CheckoutConfig = z.infer<typeof checkoutConfigSchema>;
