// The web app's route paths as apps/web/src/app/router.tsx (and admin/admin-routes.tsx) name them (`path: 'x'` and the lists
// mapped to routes), read from its source, for the tests that keep other lists in step with it:
// the screenshots' screens (screenshot-routes.test.mjs) and the paths the server answers 200
// rather than 404 (apps/server/test/seo/seo-pages.test.ts).
import { readFileSync } from 'node:fs';

const routerFile = new URL('../../apps/web/src/app/router.tsx', import.meta.url);
// The admin's screens, nested under /admin in its own shell.
const adminRoutesFile = new URL('../../apps/web/src/app/admin/admin-routes.tsx', import.meta.url);

/** The paths a routes file names (`path: 'x'`, lists mapped to routes), the catch-all left out. */
function namedPaths(file) {
  const code = readFileSync(file, 'utf8').replace(/^import .*$/gm, '');
  return [...code.matchAll(/'([a-z][a-zA-Z0-9:/?-]*|\*)'/g)]
    .map((match) => match[1])
    .filter((path) => path !== '*');
}

/** Every path the router names, with `/` for the index; the catch-all `*` left out. */
export function routerPaths() {
  return [
    '/',
    ...namedPaths(routerFile).map((path) => `/${path}`),
    ...namedPaths(adminRoutesFile).map((path) => `/admin/${path}`),
  ];
}

/** An address the path answers: each `:param` (optional or not) filled with `value`. */
export function sampleUrl(path, value = 'x1') {
  return path.replace(/:[a-zA-Z]+\??/g, value);
}
