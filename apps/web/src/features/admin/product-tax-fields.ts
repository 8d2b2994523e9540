import type { VariantsUpdateRequest } from '@proshop/domain/variant-schemas';

/**
 * What issue #38 adds to the admin's product calls: the product's tax class (null: the shop's
 * default class) and each variant's weight in grams (null: none given). Read from the answers by
 * their names, whatever the answer's type says, so the product screens work with the server that
 * sends them and the one that does not yet.
 */

/** The product update request's own tax class. */
export interface ProductTaxClassField {
  taxClass?: string | null;
}

/** A variant of the variants update request, with its weight. */
export type WeightedVariantInput = VariantsUpdateRequest['variants'][number] & {
  weightGrams: number | null;
};

/** PUT /api/products/{id}/variants with each variant's weight. */
export interface WeightedVariantsRequest {
  options: VariantsUpdateRequest['options'];
  variants: WeightedVariantInput[];
}

/** The product's own tax class in an admin answer; null for the default class. */
export function taxClassOf(product: object): string | null {
  return 'taxClass' in product && typeof product.taxClass === 'string' ? product.taxClass : null;
}

/** A variant's weight in grams in an answer; null when none is given. */
export function weightGramsOf(variant: object): number | null {
  return 'weightGrams' in variant && typeof variant.weightGrams === 'number'
    ? variant.weightGrams
    : null;
}

/** The most a weight may say, as the shipping bands' limit. */
export const MAX_WEIGHT_GRAMS = 10_000_000;

/** A weight field's text: blank is none; anything else a number (NaN when it is none). */
export function weightFromText(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** What is wrong with a weight about to be sent; undefined when nothing. */
export function weightProblem(weightGrams: number | null): string | undefined {
  if (weightGrams === null) return undefined;
  return Number.isInteger(weightGrams) && weightGrams >= 0 && weightGrams <= MAX_WEIGHT_GRAMS
    ? undefined
    : 'Weight (g) must be a whole number of grams, 0 or more';
}
