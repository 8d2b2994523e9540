/** A storefront list's page number as the server reads it: a whole number from 1, else 1. */
function pageOf(pageNumber: string): number {
  const page = Number(pageNumber);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * The address search engines should file a storefront list's page under (its canonical path):
 * `{listPath}/page/{n}` from page 2 on, the list itself for page 1, `/` for the home page.
 * Filters and sort are left out: they narrow the same list. As the server's head says.
 */
export function listPagePath(listPath: string, pageNumber: string): string {
  const page = pageOf(pageNumber);
  return page > 1 ? `${listPath}/page/${page}` : listPath || '/';
}

/** A list's tab title: `Latest Products`, then `Latest Products (page 2)`, as the server's. */
export function listPageTitle(title: string, pageNumber: string): string {
  const page = pageOf(pageNumber);
  return page > 1 ? `${title} (page ${page})` : title;
}
