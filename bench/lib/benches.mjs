// Every bench of bench/, in the order `npm run bench` runs them, and the command that runs each
// (from bench/). A bench file not listed here is refused by bench/run.mjs, and a unit test
// (scripts/lib/bench-list.test.mjs) fails, so that no bench can be left out of the smoke run.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const benchDir = fileURLToPath(new URL('..', import.meta.url));

const node = (file) => ({ file, command: [process.execPath, file] });
const tsx = (file) => ({ file, command: ['npx', 'tsx', file] });

export const benches = [
  node('api.mjs'),
  tsx('scale.ts'),
  tsx('catalogue.ts'),
  tsx('checkout.ts'),
  tsx('forgot-password.ts'),
  tsx('capture-isolation.ts'),
  node('lighthouse.mjs'),
  node('memory.mjs'),
  node('startup.mjs'),
  tsx('csv.ts'),
  tsx('quote.ts'),
];

/** The runner itself: the one script of bench/ that is not a bench. */
const RUNNER = 'run.mjs';

/** Scripts in bench/ (not bench/lib/) that the list above does not name. */
export function unlistedBenches(dir = benchDir) {
  const listed = new Set(benches.map((bench) => bench.file));
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(m?js|ts)$/.test(entry.name))
    .map((entry) => entry.name)
    .filter((name) => name !== RUNNER && !listed.has(name));
}
