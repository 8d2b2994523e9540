import { z } from 'zod';
import { multiLineText, oneLineText } from './text-fields.ts';
import { hasAtMostTwoDecimals } from './money.ts';
import { pageNumberSchema } from './pagination.ts';

/** The default number of products (and of the admin's orders) on one page (PAGE_SIZE). */
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

/** A review as the product page shows it; `verified` marks a reviewer who paid for the product. */
export const reviewWithBadgeSchema = reviewSchema.extend({ verified: z.boolean() });
export type ReviewWithBadge = z.infer<typeof reviewWithBadgeSchema>;

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

export const productDetailSchema = productSchema.extend({
  reviews: z.array(reviewWithBadgeSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** Query of GET /api/products. A missing or malformed page number means page 1. */
export const productListQuerySchema = z.object({
  // Free text a shopper may paste anything into: the search reads control characters as spaces.
  keyword: z.string().max(1000).optional(),
  pageNumber: pageNumberSchema,
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListResponseSchema = z.object({
  products: z.array(productSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** GET /api/products/top: the TOP_PRODUCTS_COUNT best-rated products. */
export const topProductsResponseSchema = z.array(productSchema);

/** Reviews: rating a whole number 1 to 5, comment required, at most this many characters. */
export const REVIEW_COMMENT_MAX_LENGTH = 2000;

export const createReviewRequestSchema = z.object({
  // A number, or the select's value as a string of digits ("sent as typed"); anything else, such
  // as true or [5], which a blanket coercion would turn into a rating, is refused.
  rating: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === ''
            ? 'Please select a rating'
            : 'Rating must be a whole number from 1 to 5',
      })
      .int('Rating must be a whole number from 1 to 5')
      .min(1, 'Rating must be a whole number from 1 to 5')
      .max(5, 'Rating must be a whole number from 1 to 5'),
  ),
  comment: multiLineText('Comment')
    .min(1, 'Comment is required')
    .max(
      REVIEW_COMMENT_MAX_LENGTH,
      `Comment must be at most ${REVIEW_COMMENT_MAX_LENGTH} characters`,
    ),
});
export type CreateReviewRequest = z.infer<typeof createReviewRequestSchema>;

/** Values of a product made by "Create Product" until the admin edits it. */
export const SAMPLE_PRODUCT = {
  name: 'Sample name',
  price: 0,
  image: '/images/sample.webp',
  brand: 'Sample brand',
  category: 'Sample category',
  countInStock: 0,
  description: 'Sample description',
} as const;

const requiredText = (field: string, max: number, lines: 'one' | 'several' = 'one') =>
  (lines === 'one' ? oneLineText(field) : multiLineText(field))
    .min(1, `${field} is required`)
    .max(max, `${field} is too long`);

/** PUT /api/products/{id}: the admin's edit form. Unknown fields (rating, numReviews...) are dropped. */
export const productUpdateRequestSchema = z.object({
  name: requiredText('Name', 200),
  price: z
    .number('Price must be a number')
    .min(0, 'Price must be 0 or more')
    .max(1_000_000, 'Price is too large')
    .refine(hasAtMostTwoDecimals, 'Price must have at most 2 decimals'),
  image: requiredText('Image', 2048).refine(
    (value) =>
      (/^\/[\w\-./]+$/.test(value) && !value.includes('..')) || /^https?:\/\/\S+$/i.test(value),
    'Image must be a path such as /uploads/photo.webp or an http(s) address',
  ),
  brand: requiredText('Brand', 100),
  category: requiredText('Category', 100),
  countInStock: z
    .number('Count in stock must be a number')
    .int('Count in stock must be a whole number')
    .min(0, 'Count in stock must be 0 or more')
    .max(1_000_000, 'Count in stock is too large'),
  description: requiredText('Description', 5000, 'several'),
});
export type ProductUpdateRequest = z.infer<typeof productUpdateRequestSchema>;

/** POST /api/upload answers the stored image's address. */
export const uploadResponseSchema = z.object({ message: z.string(), image: z.string() });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/**
 * The 404 answer's message when the id names no product: the products and reviews modules both
 * answer it, and neither imports the other for it.
 */
export const PRODUCT_NOT_FOUND = 'Product not found';
