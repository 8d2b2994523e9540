// Checks the first load of the built web app against the budgets of issue 7 (gzip level 9,
// brotli shown for reference): builds what is stale, prints the figures, exits 1 when over.
//   node scripts/check-bundle-size.mjs
import { join } from 'node:path';
import { buildIfStale } from './lib/build-if-stale.mjs';
import { FIRST_LOAD_BUDGETS_KB, measureFirstLoad } from './lib/first-load.mjs';

const root = new URL('..', import.meta.url).pathname;
if (!buildIfStale()) process.exit(1);
const measured = measureFirstLoad(join(root, 'apps/web/dist'));
let over = false;
for (const kind of /** @type {const} */ (['js', 'css'])) {
  const { files, gzip, brotli } = measured[kind];
  const budget = FIRST_LOAD_BUDGETS_KB[kind];
  const ok = gzip <= budget * 1000;
  over ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} first-load ${kind.toUpperCase()}: ${(gzip / 1000).toFixed(1)} KB gzip ` +
      `(${(brotli / 1000).toFixed(1)} KB brotli) of ${budget} KB, ${files.length} file(s)`,
  );
}
process.exitCode = over ? 1 : 0;
