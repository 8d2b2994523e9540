// The one way the shop writes "1 review", "2 reviews": every count shown beside a noun goes
// through countLabel, so no screen says "1 reviews" or "(1) items" (decisions: plurals are
// correct). English only today; Intl.PluralRules already knows the categories of other languages.
const rules = new Intl.PluralRules('en-US');

/** "1 review", "0 reviews", "1,299 reviews": the count with grouping, then the noun's right form. */
export function countLabel(count: number, one: string, other = `${one}s`): string {
  const noun = rules.select(count) === 'one' ? one : other;
  return `${count.toLocaleString('en-US')} ${noun}`;
}

/** "1 review", "2 reviews": the count a product's rating shows beside its stars. */
export const reviewCountLabel = (count: number): string => countLabel(count, 'review');

/**
 * "1 item", "3 items": what the header's cart link and the cart's subtotal count, the lines of
 * the cart (a product, or a variant of one, with its quantity), as the spec's badge does.
 */
export const cartCountLabel = (lines: number): string => countLabel(lines, 'item');
