import { z } from 'zod';
import { PRODUCT_STATUSES } from './product-status.ts';
import { multiLineText, oneLineText } from './text-fields.ts';
import { MAX_PRICE } from './money.ts';
import { amountSchema } from './money-schemas.ts';
import { pageNumberSchema } from './pagination.ts';
import { imageAddress } from './image-address.ts';
import { isSlug } from './slugs.ts';
import {
  MAX_FILTER_SLUGS,
  parseOptionFilters,
  PRICE_BOUND_PATTERN,
  PRODUCT_SORTS,
} from './catalogue-query.ts';
import { productOptionSchema, productVariantSchema } from './variant-schemas.ts';
import { MAX_LOW_STOCK_THRESHOLD } from './low-stock.ts';

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
  /** The main picture: the first of `images`. */
  image: z.string(),
  /** Every picture, the main one first (1 to MAX_PRODUCT_IMAGES). */
  images: z.array(z.string()),
  /** The product's price: what a variant without its own price sells at. */
  price: z.number(),
  /**
   * The lowest and highest price of the variants offered (both `price` without options): a card
   * says "From $minPrice" when they differ.
   */
  minPrice: z.number(),
  maxPrice: z.number(),
  /** The stock of every variant offered, together. */
  countInStock: z.number().int(),
  /** How many variants the product has (1 without options), offered or switched off. */
  variantCount: z.number().int(),
  description: z.string(),
  /** The brand's and category's names ('' for none) and slugs (null for none). */
  brand: z.string(),
  category: z.string(),
  brandSlug: z.string().nullable(),
  categorySlug: z.string().nullable(),
  rating: z.number(),
  numReviews: z.number().int(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productDetailSchema = productSchema.extend({
  reviews: z.array(reviewWithBadgeSchema),
  /** Its options (none for a product without), and every variant, switched-off ones marked. */
  options: z.array(productOptionSchema),
  variants: z.array(productVariantSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;
export type { ProductVariant } from './variant-schemas.ts';

export { MAX_FILTER_SLUGS, PRODUCT_SORTS, type ProductSort } from './catalogue-query.ts';

/** `category` or `brand`: slugs separated by commas, each named once; '' means no filter. */
const slugListSchema = (field: string) =>
  z
    .string()
    .max(2000, `${field} is too long`)
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((slug) => slug.trim())
          .filter(Boolean),
      ),
    ])
    .refine(
      (slugs) => slugs.length <= MAX_FILTER_SLUGS,
      `${field}: at most ${MAX_FILTER_SLUGS} at once`,
    )
    .refine(
      (slugs) => slugs.every(isSlug),
      `${field} must be slugs separated by commas, such as phones,cameras`,
    )
    .optional();

/** A price bound as a query string holds it: digits with at most 2 decimals. */
const priceBoundSchema = (field: string) =>
  z
    .string()
    .trim()
    .regex(PRICE_BOUND_PATTERN, `${field} must be an amount such as 25 or 19.99`)
    .transform(Number)
    .optional();

/**
 * Query of GET /api/products. A missing or malformed page number means page 1 (links shared before
 * paging was strict keep working); every other unknown value is refused with a message.
 */
export const productListQuerySchema = z
  .object({
    // Free text a shopper may paste anything into: the search reads control characters as spaces.
    keyword: z.string().max(1000).optional(),
    pageNumber: pageNumberSchema,
    category: slugListSchema('category'),
    brand: slugListSchema('brand'),
    minPrice: priceBoundSchema('minPrice'),
    maxPrice: priceBoundSchema('maxPrice'),
    inStock: z
      .enum(['1', '0'], { error: 'inStock must be 1 (only products in stock) or 0' })
      .transform((value) => value === '1')
      .optional(),
    minRating: z
      .string()
      .regex(/^[0-5](\.\d)?$/, 'minRating must be a rating from 0 to 5, such as 4 or 3.5')
      .transform(Number)
      .refine((value) => value <= 5, 'minRating must be a rating from 0 to 5, such as 4 or 3.5')
      .optional(),
    /**
     * Option values, one parameter per option: `option=Size:M,L&option=Colour:Blue` finds the
     * products with a variant on offer that is M or L, and Blue (parsed by optionFilters).
     */
    option: z
      .union([z.string(), z.array(z.string())])
      .transform((value, context) => {
        const parsed = parseOptionFilters(typeof value === 'string' ? [value] : value);
        if (typeof parsed === 'string') {
          context.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
    sort: z
      .enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(', ')}` })
      .default('newest'),
  })
  .refine(
    (query) =>
      query.minPrice === undefined ||
      query.maxPrice === undefined ||
      query.minPrice <= query.maxPrice,
    { message: 'minPrice must not be more than maxPrice', path: ['minPrice'] },
  );
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** One value of a facet: how many products it would show with the other filters kept. */
export const facetValueSchema = z.object({
  slug: z.string(),
  name: z.string(),
  count: z.number().int(),
});
export type FacetValue = z.infer<typeof facetValueSchema>;

/**
 * The filter panel's choices for the current keyword and filters. A facet's own selection does
 * not narrow its own counts (choosing Apple still shows how many Samsung products there are);
 * `price` is the range of prices with every filter but the price kept (null when none match).
 */
export const productFacetsSchema = z.object({
  categories: z.array(facetValueSchema),
  brands: z.array(facetValueSchema),
  /** Option values of the variants on offer (Size: S, M, L), each option counted without its own selection. */
  options: z.array(
    z.object({
      name: z.string(),
      values: z.array(z.object({ value: z.string(), count: z.number().int() })),
    }),
  ),
  price: z.object({ min: z.number(), max: z.number() }).nullable(),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

export const productListResponseSchema = z.object({
  products: z.array(productSchema),
  page: z.number().int(),
  pages: z.number().int(),
  /** How many products match across all pages (a search says "12 products"). */
  count: z.number().int(),
  facets: productFacetsSchema,
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
  images: ['/images/sample.webp'],
  brand: 'Sample brand',
  category: 'Sample category',
  countInStock: 0,
  description: 'Sample description',
} as const;

const requiredText = (field: string, max: number, lines: 'one' | 'several' = 'one') =>
  (lines === 'one' ? oneLineText(field) : multiLineText(field))
    .min(1, `${field} is required`)
    .max(max, `${field} is too long`);

/** A product has at least 1 and at most this many pictures. */
export const MAX_PRODUCT_IMAGES = 12;

/** A product's own low-stock threshold, as the edit form and the CSV import give it. */
export const lowStockThresholdSchema = z
  .number('Low stock at must be a number')
  .int('Low stock at must be a whole number')
  .min(0, 'Low stock at must be 0 or more')
  .max(MAX_LOW_STOCK_THRESHOLD, 'Low stock at is too large');

/** A brand or category as the edit form names it: '' for none, else found or made by name. */
const taxonomyName = (field: string) => oneLineText(field).max(100, `${field} is too long`);

/**
 * PUT /api/products/{id}: the admin's edit form. Unknown fields (rating, numReviews...) are
 * dropped. `images` is every picture in order, the main one first; a client that knows only
 * `image` (the spec's form) replaces the main picture and keeps the others.
 */
export const productUpdateRequestSchema = z
  .object({
    name: requiredText('Name', 200),
    price: amountSchema('Price', MAX_PRICE),
    image: imageAddress('Image').optional(),
    images: z
      .array(imageAddress('Picture'), 'Pictures must be a list of addresses')
      .min(1, 'A product needs at least one picture')
      .max(MAX_PRODUCT_IMAGES, `A product can have at most ${MAX_PRODUCT_IMAGES} pictures`)
      .refine((images) => new Set(images).size === images.length, 'Each picture can be added once')
      .optional(),
    brand: taxonomyName('Brand'),
    category: taxonomyName('Category'),
    countInStock: z
      .number('Count in stock must be a number')
      .int('Count in stock must be a whole number')
      .min(0, 'Count in stock must be 0 or more')
      .max(1_000_000, 'Count in stock is too large'),
    description: requiredText('Description', 5000, 'several'),
    /**
     * "Low stock at": the units at or below which a variant is low on stock; null for the shop's
     * LOW_STOCK_THRESHOLD. Left out (the spec's form), the product keeps its threshold.
     */
    lowStockThreshold: lowStockThresholdSchema.nullable().optional(),
    /**
     * `draft` keeps it out of the shop, `active` puts it there (a draft only with real values:
     * product-activation.ts). Left out (the spec's form), the product keeps its status.
     */
    status: z.enum(PRODUCT_STATUSES, 'status must be draft or active').optional(),
    /**
     * The tax class it is taxed as (issue #38); null: the shop's default class. Left out (the
     * spec's form), the product keeps its class.
     */
    taxClass: z.string('Tax class must be an id').max(64).toLowerCase().nullable().optional(),
  })
  .refine((product) => product.image !== undefined || product.images !== undefined, {
    message: 'Image is required',
    path: ['image'],
  })
  .refine((product) => !product.image || !product.images || product.images[0] === product.image, {
    message: 'The main picture (image) must be the first of images',
    path: ['image'],
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
