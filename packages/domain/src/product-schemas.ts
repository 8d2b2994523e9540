import { z } from 'zod';

/** The default number of products on one page of the list (PAGE_SIZE). */
export const DEFAULT_PAGE_SIZE = 8;
/** How many products the top-rated carousel shows. */
export const TOP_PRODUCTS_COUNT = 3;

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A product as the API sends it; ids are opaque strings, money a number with 2 decimals. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  countInStock: z.number().int(),
  description: z.string(),
  brand: z.string(),
  category: z.string(),
  rating: z.number(),
  numReviews: z.number().int(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productDetailSchema = productSchema.extend({ reviews: z.array(reviewSchema) });
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** Query of GET /api/products. A missing or malformed page number means page 1. */
export const productListQuerySchema = z.object({
  keyword: z.string().max(1000).optional(),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListResponseSchema = z.object({
  products: z.array(productSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;
