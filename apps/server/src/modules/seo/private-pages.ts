import { buildHead } from './head.ts';
import type { PageTemplate } from './page-template.ts';
import { shopDescription } from '@proshop/domain/page-description';

/**
 * The web app's routes that belong to one shopper or to the admins: never indexed (a `noindex`
 * in the page written for them, static-files.ts) and not crawled (robots.ts). One list for both.
 */
export const PRIVATE_PATHS = [
  '/cart',
  '/shipping',
  '/payment',
  '/placeorder',
  '/profile',
  '/order/',
  '/admin',
  '/login',
  '/register',
  '/forgotpassword',
  '/resetpassword',
  '/confirm-email/',
  '/wishlist',
  '/account',
] as const;

const PRIVATE = new RegExp(
  `^(?:${PRIVATE_PATHS.map((path) => (path.endsWith('/') ? path : `${path}(?:/|$)`)).join('|')})`,
);

/** Whether a request's address (query string and all) is a private page. */
export function isPrivatePath(url: string): boolean {
  return PRIVATE.test(url.split('?')[0] ?? url);
}

/** The cart's address (with or without a product to add): its page names the cart's scripts. */
export function isCartPath(url: string): boolean {
  return /^\/cart(?:\/|$)/.test(url.split('?')[0] ?? url);
}

/**
 * index.html for a private page: the shop's title and description, and `noindex`; `modules`
 * are the scripts of the screen it opens on (the cart's, screen-modules.ts), preloaded.
 */
export function privatePageHtml(
  template: PageTemplate,
  shopName: string,
  modules: string[] = [],
): string {
  return template.render(
    buildHead({
      title: shopName,
      description: shopDescription(shopName),
      robots: 'noindex',
      modules,
    }),
    '',
  );
}
