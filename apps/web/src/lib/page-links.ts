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

/** Where a list's pages are: an admin list (`/admin/orderlist`), or a storefront list's path. */
export interface PageLinkTarget {
  /** An admin list: its pages are `{adminList}/{n}`. */
  adminList?: string | undefined;
  /**
   * A storefront list, whose pages are `{listPath}/page/{n}`: '' for the home page,
   * `/search/{keyword}`, `/category/{slug}`, `/brand/{slug}`.
   */
  listPath?: string | undefined;
  /** The list's query string (`?status=paid`, the storefront's filters and sort), kept on every page. */
  search?: string | undefined;
}

/** The address of page `pageNumber` of a list, with the list's query string kept. */
export function pageHref(
  pageNumber: number,
  { adminList, listPath = '', search = '' }: PageLinkTarget,
) {
  const path = adminList ? `${adminList}/${pageNumber}` : `${listPath}/page/${pageNumber}`;
  return path + search;
}
