/**
 * A product page's address; with `variant`, that variant is chosen as the page opens (the
 * address a shopper shares). Lines of products without options leave it out: their one variant
 * is implicit and the page has nothing to choose.
 */
export function productPath(product: string, variant?: string | null): string {
  return variant
    ? `/product/${product}?variant=${encodeURIComponent(variant)}`
    : `/product/${product}`;
}
