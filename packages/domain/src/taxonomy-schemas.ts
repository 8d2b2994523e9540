import { z } from 'zod';
import { multiLineText, oneLineText } from './text-fields.ts';
import { isSlug, SLUG_MAX_LENGTH } from './slugs.ts';
import { imageAddress } from './image-address.ts';

/**
 * Categories and brands: named records with a page each. Both have the same shape and the same
 * rules, so one set of schemas serves both; `kind` says which one a message names.
 */
export const TAXONOMY_KINDS = ['category', 'brand'] as const;
export type TaxonomyKind = (typeof TAXONOMY_KINDS)[number];

/** How a kind is named in messages and headings. */
export const TAXONOMY_LABELS: Record<TaxonomyKind, { one: string; many: string }> = {
  category: { one: 'Category', many: 'Categories' },
  brand: { one: 'Brand', many: 'Brands' },
};

export const taxonomySchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  /** How many products it holds. */
  productCount: z.number().int(),
});
export type Taxonomy = z.infer<typeof taxonomySchema>;

export const taxonomyListSchema = z.array(taxonomySchema);

export const NAME_MAX_LENGTH = 100;

const slugField = z
  .string()
  .trim()
  .max(SLUG_MAX_LENGTH, `Slug must be at most ${SLUG_MAX_LENGTH} characters`)
  .refine(
    isSlug,
    'Slug must be lower-case letters or digits in words joined by single hyphens, such as cell-phones',
  );

/** POST /api/categories, /api/brands. A missing slug is made from the name. */
export const taxonomyCreateRequestSchema = z.object({
  name: oneLineText('Name')
    .min(1, 'Name is required')
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
  slug: slugField.optional(),
  description: multiLineText('Description').max(2000, 'Description is too long').default(''),
  image: imageAddress('Image').nullable().default(null),
});
export type TaxonomyCreateRequest = z.infer<typeof taxonomyCreateRequestSchema>;

/** PUT /api/categories/{id}: rename (and change slug, description, picture). */
export const taxonomyUpdateRequestSchema = taxonomyCreateRequestSchema;
export type TaxonomyUpdateRequest = z.infer<typeof taxonomyUpdateRequestSchema>;

/** POST /api/categories/{id}/merge: every product moves to `into`, then the record is deleted. */
export const taxonomyMergeRequestSchema = z.object({
  into: z.string().min(1, 'Choose where to merge it into'),
});
export type TaxonomyMergeRequest = z.infer<typeof taxonomyMergeRequestSchema>;

export const slugParamsSchema = z.object({ slug: z.string().max(SLUG_MAX_LENGTH * 4) });
