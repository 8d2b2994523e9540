import { z } from 'zod';
import { idSchema } from './route-schemas.ts';

export const SAVED_TO_WISHLIST = 'Saved to wishlist';
export const REMOVED_FROM_WISHLIST = 'Removed from wishlist';
export const NOT_ON_WISHLIST = 'This product is not on your wishlist';
export const STOCK_ALERT_SAVED = 'We will e-mail you when it is back';
export const STILL_IN_STOCK = 'It is in stock: you can buy it now';

/** POST /api/wishlist. */
export const wishlistAddRequestSchema = z.object({
  product: idSchema('Product must be an id').max(64, 'Product must be an id'),
});

/**
 * A saved product as /wishlist shows it, read now: the lowest price it sells at, the stock on
 * offer, and whether it came back in stock after the customer asked to hear of it.
 */
export const wishlistItemSchema = z.object({
  product: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  countInStock: z.number(),
  /** More than one variant: the customer picks one on the product page. */
  hasOptions: z.boolean(),
  backInStock: z.boolean(),
  addedAt: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

/** GET /api/wishlist: newest first. */
export const wishlistResponseSchema = z.object({ items: z.array(wishlistItemSchema) });
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;

/** POST /api/stock-alerts: "E-mail me when it is back" for a product, or one of its variants. */
export const stockAlertRequestSchema = z.object({
  product: idSchema('Product must be an id').max(64, 'Product must be an id'),
  variant: idSchema('Variant must be an id').max(64, 'Variant must be an id').optional(),
});
export type StockAlertRequest = z.infer<typeof stockAlertRequestSchema>;

/** One of the customer's requests; `notifiedAt` set once its e-mail was queued. */
export const stockAlertSchema = z.object({
  product: z.string(),
  variant: z.string().nullable(),
  notifiedAt: z.string().nullable(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;

/** GET /api/stock-alerts?product=: the customer's requests for that product. */
export const stockAlertQuerySchema = z.object({
  product: idSchema('Product must be an id').max(64, 'Product must be an id'),
});
export const stockAlertListSchema = z.array(stockAlertSchema);
