import { z } from 'zod';
import { pageNumberSchema } from './pagination.ts';
import { productDetailSchema, productSchema } from './product-schemas.ts';
import { PRODUCT_STATUSES } from './product-status.ts';
import { adminVariantSchema } from './variant-schemas.ts';

/**
 * A product as the admin's screens get it: the storefront's fields, its own low-stock threshold
 * (null: the shop's LOW_STOCK_THRESHOLD) and whether a variant on offer is low on stock now.
 * The storefront's answers leave both out.
 */
export const adminProductSchema = productSchema.extend({
  /** `draft`: no shopper sees it; `active`: in the shop (product-status.ts). */
  status: z.enum(PRODUCT_STATUSES),
  lowStockThreshold: z.number().int().nullable(),
  lowStock: z.boolean(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/**
 * GET /api/products/{id}/admin: the product as its edit screen needs it, a draft too (the
 * storefront's GET /api/products/{id} answers 404 for a draft).
 */
export const adminProductDetailSchema = productDetailSchema.extend({
  status: z.enum(PRODUCT_STATUSES),
  /** The tax class it is taxed as (issue #38); null: the shop's default class. */
  taxClass: z.string().nullable(),
  variants: z.array(adminVariantSchema),
});
export type AdminProductDetail = z.infer<typeof adminProductDetailSchema>;

/**
 * GET /api/products/admin: a page of every product, newest first; `lowStock=1` only those low,
 * `status=draft` or `status=active` only those.
 */
export const adminProductListQuerySchema = z.object({
  pageNumber: pageNumberSchema,
  lowStock: z
    .enum(['1', '0'], { error: 'lowStock must be 1 (only products low on stock) or 0' })
    .transform((value) => value === '1')
    .optional(),
  status: z.enum(PRODUCT_STATUSES, 'status must be draft or active').optional(),
});

export const adminProductListResponseSchema = z.object({
  products: z.array(adminProductSchema),
  page: z.number().int(),
  pages: z.number().int(),
  /** LOW_STOCK_THRESHOLD: what applies to a product without a threshold of its own. */
  shopLowStockThreshold: z.number().int(),
});
export type AdminProductListResponse = z.infer<typeof adminProductListResponseSchema>;

/** GET /api/products/{id}/low-stock: what the edit form's "Low stock at" shows. */
export const productLowStockSchema = z.object({
  /** The product's own threshold; null: the shop's. */
  lowStockThreshold: z.number().int().nullable(),
  shopLowStockThreshold: z.number().int(),
  lowStock: z.boolean(),
});
export type ProductLowStock = z.infer<typeof productLowStockSchema>;
