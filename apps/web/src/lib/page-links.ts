/** A gap between two runs of page numbers, shown as an ellipsis. */
export const GAP = 'gap' as const;

/** Pages beside the current one that get a link of their own, on each side. */
const NEIGHBOURS = 2;

/**
 * The page numbers the pagination links to: every page while there are few; otherwise the
 * first, the last and the current one with its neighbours, gaps between. The admin order list
 * of a busy shop has thousands of pages, and a link for each would be a page of links.
 */
export function pageLinks(pages: number, page: number): (number | typeof GAP)[] {
  // Below this many pages, the gaps would hide no more than one page each.
  if (pages <= 2 * NEIGHBOURS + 5) return Array.from({ length: pages }, (_, index) => index + 1);
  let from = Math.max(2, Math.min(page - NEIGHBOURS, pages - 2 * NEIGHBOURS - 1));
  let to = Math.min(pages - 1, Math.max(page + NEIGHBOURS, 2 * NEIGHBOURS + 2));
  // A gap in place of a single page would hide nothing: link that page instead.
  if (from === 3) from = 2;
  if (to === pages - 2) to = pages - 1;
  const middle = Array.from({ length: to - from + 1 }, (_, index) => from + index);
  return [1, ...(from > 2 ? [GAP] : []), ...middle, ...(to < pages - 1 ? [GAP] : []), pages];
}
