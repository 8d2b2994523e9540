import { z } from 'zod';
import { CART_LINE_PROBLEMS } from './cart-problems.ts';
import { MAX_ORDER_LINES } from './order-limits.ts';
import { lineRequestSchema } from './order-schemas.ts';
import { optionValueSchema } from './variant-schemas.ts';

/** Why a line cannot be bought (cart-problems.ts), with the words the cart shows. */
export const cartLineProblemSchema = z.object({
  reason: z.enum(CART_LINE_PROBLEMS),
  /** The reason in the shopper's words, shown under the line. */
  message: z.string(),
});
export type CartLineProblem = z.infer<typeof cartLineProblemSchema>;

/**
 * A line of the account's cart as GET and PUT /api/cart answer it: the browser's cart line
 * (product id, name, image, price, countInStock, qty; variant, SKU and option values with
 * options) with the catalogue's values of now, and `problem` when it cannot be bought. A line
 * whose product was deleted keeps its name; its image is '' and its price and stock 0.
 */
export const cartLineSchema = z.object({
  product: z.string(),
  variant: z.string().optional(),
  sku: z.string().optional(),
  options: z.array(optionValueSchema).optional(),
  name: z.string(),
  image: z.string(),
  /** The variant's price when it has one, else the product's. */
  price: z.number(),
  countInStock: z.number().int(),
  qty: z.number().int(),
  problem: cartLineProblemSchema.nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  cartItems: z.array(cartLineSchema),
  /** Rises with every change; a PUT naming an older one is refused (409). 0: never saved. */
  version: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

/** A cart line asks for what an order line does. */
const cartLineRequestSchema = lineRequestSchema;

const cartLinesRequestSchema = z
  .array(cartLineRequestSchema, 'cartItems must be a list')
  .max(MAX_ORDER_LINES, `A cart can hold at most ${MAX_ORDER_LINES} different products`);

/**
 * PUT /api/cart: the whole cart as the shopper now has it, in their order. With `version` the
 * change is refused (409) when the cart changed since that version; without, it replaces the
 * cart whatever it holds.
 */
export const cartUpdateRequestSchema = z.object({
  cartItems: cartLinesRequestSchema,
  version: z
    .number('Version must be a number')
    .int('Version must be a whole number')
    .min(0)
    .optional(),
});
export type CartUpdateRequest = z.infer<typeof cartUpdateRequestSchema>;

/** POST /api/cart/merge: the browser's cart, merged into the account's at sign-in. */
export const cartMergeRequestSchema = z.object({ cartItems: cartLinesRequestSchema });
export type CartMergeRequest = z.infer<typeof cartMergeRequestSchema>;

/** What a 409 to a PUT with an older version says. */
export const CART_CHANGED =
  'Your cart was changed on another device or tab. It has been reloaded; please check it and try again.';
