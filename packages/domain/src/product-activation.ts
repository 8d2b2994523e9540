import { SAMPLE_PRODUCT } from './product-schemas.ts';

/**
 * Why a draft with these values may not go into the shop, or undefined when it may. The sample's
 * name is the mark of a product nobody has edited yet: a draft keeping it stays a draft. A price
 * of 0 is allowed (a free item is the merchant's choice); the edit form points it out. Checked
 * when a draft becomes active: the server refuses with this message, the form says it first.
 */
export function activationProblem(values: { name: string }): string | undefined {
  if (values.name.trim() === SAMPLE_PRODUCT.name) {
    return `Give the product a name of its own (not "${SAMPLE_PRODUCT.name}") before making it active`;
  }
  return undefined;
}
