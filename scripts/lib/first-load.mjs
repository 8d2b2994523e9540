// What a browser downloads to show the first page of the built web app: the entry script, every
// chunk it imports statically (the modulepreload links and, to be safe, the `import ... from`
// statements of each chunk) and the stylesheets index.html links. Chunks loaded with import()
// (lazy screens) are left out: they are fetched only when a shopper opens that screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const attribute = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The files index.html loads at once, split into scripts and stylesheets (paths from dist). */
export function firstLoadFiles(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const scripts = new Set();
  const styles = new Set();
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const rel = attribute(tag, 'rel');
    const src = tag.startsWith('<script') ? attribute(tag, 'src') : attribute(tag, 'href');
    if (!src || /^[a-z]+:\/\//i.test(src)) continue;
    const path = src.replace(/^\//, '');
    if (tag.startsWith('<script') || rel === 'modulepreload') scripts.add(path);
    else if (rel === 'stylesheet') styles.add(path);
  }
  // Static imports between chunks: followed so that a chunk missing from the preload links
  // still counts.
  const queue = [...scripts];
  while (queue.length > 0) {
    const file = queue.shift();
    const code = readFileSync(join(distDir, file), 'utf8');
    for (const match of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+)["']/g)) {
      const path = join(file, '..', match[1]);
      if (!scripts.has(path)) {
        scripts.add(path);
        queue.push(path);
      }
    }
  }
  return { scripts: [...scripts], styles: [...styles] };
}

function sizes(distDir, files) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const bytes = readFileSync(join(distDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  }
  return { files, raw, gzip, brotli };
}

/** Byte counts of the first load: raw, gzip (level 9) and brotli (quality 11). */
export function measureFirstLoad(distDir) {
  const { scripts, styles } = firstLoadFiles(distDir);
  return { js: sizes(distDir, scripts), css: sizes(distDir, styles) };
}

/** The first-load budgets of issue 7, in compressed (gzip) kilobytes of 1,000 bytes. */
export const FIRST_LOAD_BUDGETS_KB = { js: 100, css: 25 };
