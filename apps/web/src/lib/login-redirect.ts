/**
 * The `redirect` query parameter of /login and /register names where to go after signing in,
 * without its leading slash (`/login?redirect=shipping` goes on to /shipping).
 */

interface PathParts {
  pathname: string;
  search: string;
}

/** The sign-in address that comes back to `location` afterwards (home needs no parameter). */
export function loginPathFor({ pathname, search }: PathParts): string {
  const target = `${pathname}${search}`.replace(/^\/+/, '');
  return target ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}

// Stands for the shop's own origin: only the parser's verdict on "same origin or not" is used.
const SHOP_ORIGIN = 'https://shop.invalid';

/**
 * Where a signed-in shopper goes from /login or /register: always a path of this shop, else home.
 * The URL parser decides, as the browser and the router would, so that no spelling the parser
 * reads as another host (`//evil.example`, `/\evil.example`, a tab or line break before the
 * slashes, `https://evil.example`) can leave the site.
 */
export function redirectTarget(searchParams: URLSearchParams): string {
  const redirect = searchParams.get('redirect') ?? '';
  let url: URL;
  try {
    url = new URL(`/${redirect}`, SHOP_ORIGIN);
  } catch {
    return '/';
  }
  return url.origin === SHOP_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : '/';
}
