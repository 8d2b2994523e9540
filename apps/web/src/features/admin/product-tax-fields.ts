import {
  type AdminVariant,
  type ProductVariant,
  type VariantsUpdateRequest,
} from '@proshop/domain/variant-schemas';

/**
 * What issue #38 adds to the admin's product screens: the product's tax class (null: the shop's
 * default class) and each variant's weight in grams (null: none given), as the admin product
 * detail answers them and the product and variants updates take them.
 */

/** PUT /api/products/{id}/variants, each variant with its weight. */
export type WeightedVariantsRequest = VariantsUpdateRequest;

/** The product's own tax class; null for the default class. */
export const taxClassOf = (product: { taxClass: string | null }) => product.taxClass;

/** A variant's weight in grams (the admin's answers carry it); null when none is given. */
export const weightGramsOf = (variant: ProductVariant | AdminVariant) =>
  'weightGrams' in variant ? variant.weightGrams : null;

/** A weight field's text: blank is none; anything else a number (NaN when it is none). */
export function weightFromText(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}
