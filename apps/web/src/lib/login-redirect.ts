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

/**
 * Where a signed-in shopper goes from /login or /register. Always a path of this shop: leading
 * slashes and backslashes are dropped so `redirect=//elsewhere.example` cannot leave the site.
 */
export function redirectTarget(searchParams: URLSearchParams): string {
  const redirect = (searchParams.get('redirect') ?? '').replace(/^[/\\]+/, '');
  return `/${redirect}`;
}
