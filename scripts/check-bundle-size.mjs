// Checks the first load of the web app against its budgets: at most 100 KB of script
// and 25 KB of stylesheet, gzip-compressed, and no admin screen, PayPal SDK or Stripe.js loader
// or zod in it.
// Builds the app in memory with its own Vite config (apps/web/dist is neither read nor written,
// so the figures are always those of the sources), prints the figures (brotli for reference)
// and exits 1 when a budget is exceeded.
//   node scripts/check-bundle-size.mjs
import { build } from 'vite';
import { checkFirstLoad } from './lib/first-load.mjs';

const webDir = new URL('../apps/web/', import.meta.url).pathname;

/** The files of a production build of the web app, as Vite hands them over. */
async function buildInMemory() {
  const result = await build({
    configFile: `${webDir}vite.config.ts`,
    logLevel: 'warn',
    build: { write: false },
  });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((bundle) => ('output' in bundle ? bundle.output : []));
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

const report = checkFirstLoad(await buildInMemory());
for (const kind of /** @type {const} */ (['js', 'css'])) {
  const { ok, gzip, brotli, raw, files, budgetKb } = report[kind];
  console.log(
    `${ok ? 'ok  ' : 'OVER'} first-load ${kind.toUpperCase()}: ${kb(gzip)} gzip of ${budgetKb} KB ` +
      `(${kb(brotli)} brotli, ${kb(raw)} raw, ${files.length} file(s): ${files.join(' ')})`,
  );
}
for (const { what, file, module } of report.misplaced) {
  console.log(
    `LAZY first-load ${file} holds ${what} (${module}), which must load only when needed`,
  );
}
if (report.misplaced.length === 0) {
  console.log('ok   first-load holds no admin screen, PayPal SDK or Stripe.js loader or zod');
}
process.exitCode = report.ok ? 0 : 1;
