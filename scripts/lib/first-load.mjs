// What a browser downloads to show the first page of the web app, read from Vite's build output
// (the `output` array of a build, or any list of the same shape): the scripts and stylesheets
// index.html loads, and every chunk those scripts import statically. Chunks loaded with import()
// (the lazy screens) are left out: they are fetched only when a shopper opens that screen.
import { Buffer } from 'node:buffer';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The first-load budgets of `/` (README, Tests), in compressed (gzip) kilobytes of 1,000 bytes. */
export const FIRST_LOAD_BUDGETS_KB = { js: 100, css: 25 };

/**
 * Code that must load only when needed (docs/decisions/0009-preact-compat.md and
 * 0014-zod-out-of-the-first-load.md), found by the source files a chunk holds.
 */
export const LAZY_ONLY = [
  { what: 'an admin screen', module: /\/src\/features\/admin\// },
  { what: 'the sales dashboard', module: /\/src\/features\/dashboard\// },
  // The dashboard's chart library, loaded by its chart alone.
  { what: 'uPlot', module: /\/node_modules\/uplot\// },
  { what: 'the PayPal SDK loader', module: /\/src\/components\/payment\/load-paypal-sdk\.ts$/ },
  { what: 'the Stripe.js loader', module: /\/src\/components\/payment\/load-stripe-js\.ts$/ },
  // The checkout forms' schemas: the home page checks nothing with them.
  { what: 'zod', module: /\/node_modules\/zod\// },
];

const attribute = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * The files of the first load: `scripts` (entry first, then its static imports) and `styles`,
 * as paths from the build's output folder.
 * @param {Array<{ type: 'chunk' | 'asset', fileName: string, imports?: string[], source?: string | Uint8Array }>} output
 */
export function firstLoadFiles(output) {
  const byName = new Map(output.map((file) => [file.fileName, file]));
  const html = byName.get('index.html');
  if (!html) throw new Error('The build has no index.html');
  const scripts = [];
  const styles = [];
  for (const [tag] of String(html.source).matchAll(/<(script|link)\b[^>]*>/g)) {
    const isScript = tag.startsWith('<script');
    const src = attribute(tag, isScript ? 'src' : 'href');
    if (!src || /^[a-z]+:\/\//i.test(src)) continue;
    const path = src.replace(/^\//, '');
    const rel = attribute(tag, 'rel');
    if (isScript || rel === 'modulepreload') scripts.push(path);
    else if (rel === 'stylesheet') styles.push(path);
  }
  // Static imports between chunks: followed so that a chunk missing from the preload links
  // still counts. An import the build does not hold is an external module, not ours to weigh.
  for (let i = 0; i < scripts.length; i += 1) {
    const chunk = byName.get(scripts[i]);
    if (!chunk) throw new Error(`index.html loads ${scripts[i]}, which the build does not hold`);
    for (const imported of chunk.imports ?? []) {
      if (byName.has(imported) && !scripts.includes(imported)) scripts.push(imported);
    }
  }
  for (const style of styles) {
    if (!byName.has(style))
      throw new Error(`index.html loads ${style}, which the build does not hold`);
  }
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

function sizes(output, files) {
  const byName = new Map(output.map((file) => [file.fileName, file]));
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const item = byName.get(file);
    const bytes = Buffer.from(item.type === 'chunk' ? item.code : item.source);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  }
  return { files, raw, gzip, brotli };
}

/**
 * The first load measured against the budgets: byte counts (raw, gzip level 9, brotli quality
 * 11) of its scripts and stylesheets, and the lazy-only code it holds (`misplaced`).
 */
export function checkFirstLoad(output) {
  const { scripts, styles } = firstLoadFiles(output);
  const js = sizes(output, scripts);
  const css = sizes(output, styles);
  const misplaced = [];
  for (const file of scripts) {
    const chunk = output.find((item) => item.fileName === file);
    for (const id of chunk.moduleIds ?? []) {
      const rule = LAZY_ONLY.find(({ module }) => module.test(id));
      if (rule) misplaced.push({ what: rule.what, file, module: id });
    }
  }
  const jsOk = js.gzip <= FIRST_LOAD_BUDGETS_KB.js * 1000;
  const cssOk = css.gzip <= FIRST_LOAD_BUDGETS_KB.css * 1000;
  return {
    js: { ...js, budgetKb: FIRST_LOAD_BUDGETS_KB.js, ok: jsOk },
    css: { ...css, budgetKb: FIRST_LOAD_BUDGETS_KB.css, ok: cssOk },
    misplaced,
    ok: jsOk && cssOk && misplaced.length === 0,
  };
}
