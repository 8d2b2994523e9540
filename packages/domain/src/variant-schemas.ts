import { z } from 'zod';
import { MAX_PRICE } from './money.ts';
import { amountSchema } from './money-schemas.ts';
import { imageAddress } from './image-address.ts';
import { oneLineText } from './text-fields.ts';
import {
  checkVariantSet,
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_VARIANTS,
  OPTION_NAME_MAX_LENGTH,
  OPTION_NAME_PATTERN,
  OPTION_VALUE_MAX_LENGTH,
  OPTION_VALUE_PATTERN,
  SKU_MAX_LENGTH,
  SKU_PATTERN,
} from './variants.ts';

/** An option as the API sends it: its name and values in the merchant's order. */
export const productOptionSchema = z.object({
  name: z.string(),
  values: z.array(z.string()),
});

/** A variant as the API sends it; `price` and `image` null mean the product's own. */
export const productVariantSchema = z.object({
  _id: z.string(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  price: z.number().nullable(),
  countInStock: z.number().int(),
  image: z.string().nullable(),
  active: z.boolean(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** The most a unit may weigh, in grams: 1,000 kg. */
export const MAX_WEIGHT_GRAMS = 1_000_000;

/**
 * A variant as the admin's screens get it: with its weight in grams for weight-banded shipping
 * (issue #38; null weighs nothing). The storefront's answers leave it out.
 */
export const adminVariantSchema = productVariantSchema.extend({
  weightGrams: z.number().int().nullable(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

/** An order or cart line's option value (`Size: M`). */
export const optionValueSchema = z.object({ name: z.string(), value: z.string() });

const optionName = oneLineText('Option name')
  .min(1, 'Option name is required')
  .max(OPTION_NAME_MAX_LENGTH, 'Option name is too long')
  .regex(OPTION_NAME_PATTERN, 'Option name must not contain : or ,');

const optionValue = oneLineText('Option value')
  .min(1, 'Option value is required')
  .max(OPTION_VALUE_MAX_LENGTH, 'Option value is too long')
  .regex(OPTION_VALUE_PATTERN, 'Option value must not contain ,');

/** A SKU as the admin types it. */
export const skuSchema = oneLineText('SKU')
  .min(1, 'SKU is required')
  .max(SKU_MAX_LENGTH, 'SKU is too long')
  .regex(SKU_PATTERN, 'SKU: letters, digits and - _ . / only, starting with a letter or digit');

const variantInput = z.object({
  /** The variant's id when it exists already; a variant without one is created. */
  _id: z.string().max(64).optional(),
  sku: skuSchema,
  options: z.record(
    z.string().max(OPTION_NAME_MAX_LENGTH, 'Option name is too long'),
    optionValue,
    'Options must map option names to values',
  ),
  price: amountSchema('Price', MAX_PRICE).nullable(),
  countInStock: z
    .number('Count in stock must be a number')
    .int('Count in stock must be a whole number')
    .min(0, 'Count in stock must be 0 or more')
    .max(1_000_000, 'Count in stock is too large'),
  image: imageAddress('Variant picture').nullable(),
  active: z.boolean('Active must be true or false'),
  /** Grams per unit; null weighs nothing; left out, a kept variant keeps its weight. */
  weightGrams: z
    .number('Weight must be a number')
    .int('Weight is in whole grams')
    .min(0, 'Weight must be 0 or more')
    .max(MAX_WEIGHT_GRAMS, 'Weight is too large')
    .nullable()
    .optional(),
});

/**
 * PUT /api/products/{id}/variants (admin): the product's whole set of options and variants, in
 * the admin table's order. Variants with an `_id` are kept and changed, those without are
 * created, and those left out are deleted (orders keep their copies). Shape errors are 400; a
 * combination or SKU named twice is 409, as a SKU another product uses is.
 */
export const variantsUpdateRequestSchema = z
  .object({
    options: z
      .array(
        z.object({
          name: optionName,
          values: z
            .array(optionValue, 'Values must be a list')
            .min(1, 'Each option needs at least one value')
            .max(MAX_OPTION_VALUES, `An option can have at most ${MAX_OPTION_VALUES} values`),
        }),
        'Options must be a list',
      )
      .max(MAX_OPTIONS, `A product can have at most ${MAX_OPTIONS} options`),
    variants: z
      .array(variantInput, 'Variants must be a list')
      .min(1, 'A product needs at least one variant')
      .max(MAX_VARIANTS, `A product can have at most ${MAX_VARIANTS} variants`),
  })
  .superRefine((request, context) => {
    const problem = checkVariantSet(request.options, request.variants);
    // A clash (a combination or SKU named twice) is the service's 409, not a shape error.
    if (problem?.kind === 'invalid') {
      context.addIssue({ code: 'custom', message: problem.message, path: ['variants'] });
    }
  });
export type VariantsUpdateRequest = z.infer<typeof variantsUpdateRequestSchema>;
