import { z } from 'zod';
import { DISCOUNT_CODE_PATTERN, DISCOUNT_KINDS } from './discounts.ts';
import { MAX_PRICE } from './money.ts';
import { amountSchema } from './money-schemas.ts';
import { createOrderRequestSchema } from './order-schemas.ts';
import { idSchema } from './route-schemas.ts';
import { emailSchema } from './user-schemas.ts';

/** A code as a shopper or an admin types it: case does not matter (stored upper-case). */
export const discountCodeSchema = z
  .string('Discount code is required')
  .trim()
  .regex(DISCOUNT_CODE_PATTERN, 'A discount code has 3 to 32 letters, digits or dashes')
  .toUpperCase();

const amount = (field: string) => amountSchema(field, MAX_PRICE);

const count = (field: string) =>
  z
    .number(`${field} must be a number`)
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(1_000_000, `${field} is too large`);

const date = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time` });

const ids = (field: string) =>
  z
    .array(idSchema(`${field} must be ids`).max(64), `${field} must be a list of ids`)
    .max(500, `${field}: at most 500`);

/**
 * POST /api/discounts and PUT /api/discounts/{id} (admin). `value` is the percentage (0.01 to
 * 100) or the amount off; free shipping has none. Null or absent conditions do not apply.
 */
export const discountRequestSchema = z
  .object({
    code: discountCodeSchema,
    kind: z.enum(DISCOUNT_KINDS, 'Kind must be percentage, fixed or free-shipping'),
    value: amount('Value').nullable().optional(),
    minSubtotal: amount('Minimum subtotal').nullable().optional(),
    startsAt: date('Start').nullable().optional(),
    endsAt: date('End').nullable().optional(),
    usageLimit: count('Usage limit').nullable().optional(),
    perCustomerLimit: count('Uses per customer').nullable().optional(),
    productIds: ids('Products').optional(),
    categoryIds: ids('Categories').optional(),
    firstOrderOnly: z.boolean('First order only must be true or false').optional(),
    /** Off: the code is refused as no longer active (the admin's "deactivate"). */
    active: z.boolean('Active must be true or false').optional(),
  })
  .superRefine((discount, context) => {
    const value = discount.value ?? null;
    if (discount.kind === 'free-shipping') {
      if (value !== null) {
        context.addIssue({
          code: 'custom',
          path: ['value'],
          message: 'Free shipping has no value',
        });
      }
    } else if (value === null || value <= 0) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'Value must be more than 0' });
    } else if (discount.kind === 'percentage' && value > 100) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is at most 100' });
    }
    // As instants: two dates written with different offsets do not compare as strings.
    if (
      discount.startsAt &&
      discount.endsAt &&
      Date.parse(discount.startsAt) >= Date.parse(discount.endsAt)
    ) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'End must be after start' });
    }
  });
export type DiscountRequest = z.infer<typeof discountRequestSchema>;

/** A discount as the admin API answers it. */
export const discountSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().nullable(),
  minSubtotal: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  productIds: z.array(z.string()),
  categoryIds: z.array(z.string()),
  firstOrderOnly: z.boolean(),
  active: z.boolean(),
  /** Uses held by paid orders that were not cancelled or fully refunded. */
  uses: z.number().int(),
  /** What the code took off every paid order not cancelled, in the shop's currency. */
  totalDiscount: z.number(),
  createdAt: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;

export const discountListSchema = z.array(discountSchema);

/** POST /api/discounts/check (signed in): the code and the cart's lines. */
export const discountCheckRequestSchema = z.object({
  code: discountCodeSchema,
  orderItems: createOrderRequestSchema.shape.orderItems,
  /**
   * A guest's e-mail, when known: a code's per-customer limit and first-order rule count by it
   * (ignored when signed in: the account's own). Without it a guest is checked as a new customer.
   */
  email: emailSchema.optional(),
});
export type DiscountCheckRequest = z.infer<typeof discountCheckRequestSchema>;

/**
 * The discount the code gives these lines, and the order's prices with it (as the server will
 * charge them if nothing changes); a code that does not apply is a 4xx with the reason.
 */
export const discountCheckResponseSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** The code's percentage or amount (null for free shipping): with `eligible`, the cart
   * recomputes the discount by the shared rule when a quantity changes, before it asks again. */
  value: z.number().nullable(),
  discount: z.number(),
  itemsPrice: z.number(),
  discountPrice: z.number(),
  shippingPrice: z.number(),
  taxPrice: z.number(),
  totalPrice: z.number(),
  /** Which lines the code applies to, in the request's order. */
  eligible: z.array(z.boolean()),
});
export type DiscountCheckResponse = z.infer<typeof discountCheckResponseSchema>;

/** GET /api/discounts/{id}/orders (admin): the paid orders that used the code, newest first. */
export const discountOrdersSchema = z.object({
  orders: z.array(
    z.object({
      _id: z.string(),
      createdAt: z.string(),
      buyerName: z.string(),
      discountPrice: z.number(),
      totalPrice: z.number(),
      currency: z.string(),
      /** Whether the order still holds its use (not cancelled or fully refunded). */
      useHeld: z.boolean(),
    }),
  ),
});
export type DiscountOrders = z.infer<typeof discountOrdersSchema>;

/**
 * DELETE /api/discounts/{id} (admin). A code that orders hold a use of, or that placed orders
 * not yet paid carry, is deactivated instead of deleted (`deactivated: true`), so those orders'
 * payments are refused as after a deactivation and its uses stay counted; a code no such order
 * needs is deleted.
 */
export const discountDeleteResponseSchema = z.object({
  message: z.string(),
  deactivated: z.boolean(),
});
export type DiscountDeleteResponse = z.infer<typeof discountDeleteResponseSchema>;
