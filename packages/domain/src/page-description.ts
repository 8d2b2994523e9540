/** Search engines show about this many characters of a page's description. */
export const PAGE_DESCRIPTION_LENGTH = 160;

/**
 * A text (a product's, a category's description) as a page's meta description: spaces and line
 * breaks folded, cut at the last word that ends within `max` characters with an ellipsis added,
 * or at `max - 1` when no word ends in the last third. One copy for the head the server writes and
 * the one the web app keeps up to date as the shopper moves on, so both say the same.
 */
export function pageDescription(text: string, max = PAGE_DESCRIPTION_LENGTH): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= max) return folded;
  const head = folded.slice(0, max);
  const lastSpace = head.lastIndexOf(' ');
  const cut = lastSpace >= (max * 2) / 3 ? lastSpace : max - 1;
  return `${head.slice(0, cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** The shop's description of itself (index.html has it too): pages without a text of their own. */
export const shopDescription = (shopName: string) =>
  `${shopName}: browse and search products, read reviews and order online.`;
