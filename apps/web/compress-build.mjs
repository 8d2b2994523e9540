// Runs after `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside each text file of
// dist/, once, at the highest levels, so the server sends compressed files without compressing
// on every request (apps/server/src/plugins/static-files.ts picks the copy by Accept-Encoding).
// index.html is left out: the server fills in the shop's name at start-up and compresses it then.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, 'dist');
const TEXT_FILE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
/** Below this the saving is a few hundred bytes at most: not worth a second file. */
const MIN_BYTES = 1024;
/** A copy that saves less than a tenth is not worth the decoding either. */
const MAX_RATIO = 0.9;

let written = 0;
let rawBytes = 0;
let brotliBytes = 0;
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT_FILE.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const bytes = readFileSync(path);
  if (bytes.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
  if (brotli.length <= bytes.length * MAX_RATIO) writeFileSync(`${path}.br`, brotli);
  if (gzip.length <= bytes.length * MAX_RATIO) writeFileSync(`${path}.gz`, gzip);
  written += 1;
  rawBytes += bytes.length;
  brotliBytes += Math.min(brotli.length, bytes.length);
}
console.log(
  `Compressed ${written} files of dist/: ${(rawBytes / 1024).toFixed(0)} KB, ` +
    `${(brotliBytes / 1024).toFixed(0)} KB with brotli`,
);
