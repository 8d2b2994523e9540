// Bench (not a test): the shop's own CSV writer and reader (apps/server/src/http/csv.ts) beside
// csv-stringify and csv-parse, on product rows like the export writes (docs/decisions/0036).
// The libraries are not dependencies of the shop: install them outside the repository first,
//
//   npm install --prefix /tmp/csvlibs csv-parse csv-stringify
//   npx tsx bench/csv.ts                    (CSV_LIBS=/other/node_modules; ROWS=100000 ROUNDS=5)
//
// Without them only the shop's own figures are printed. SMOKE=1 (ROWS=200 ROUNDS=1) is a smoke run of
// seconds. Each round times every contender once, the order rotating, on the same rows; the
// figure is each one's median round. Before timing, the bench checks that the library, with the
// options that match the shop's rules, writes the same bytes and reads the same cells.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { csvLine, parseCsv, UTF8_BOM } from '../apps/server/src/http/csv.ts';
import { reportRow, round } from './lib/report.mjs';
import { sizeOption } from './lib/smoke.mjs';

const ROWS = sizeOption('ROWS', 100_000, 200);
const ROUNDS = sizeOption('ROUNDS', 5, 1);
const LIBS = process.env.CSV_LIBS ?? '/tmp/csvlibs/node_modules';

type Cell = string | number | null;

/** Product lines as the export writes them: plain text, commas, quotes, line breaks, formulas. */
function productRows(count: number): Cell[][] {
  const rows: Cell[][] = [];
  for (let i = 0; i < count; i++) {
    const product = Math.floor(i / 3);
    rows.push([
      `8c1f${String(product).padStart(8, '0')}-0000-4000-8000-000000000000`,
      '',
      i % 50 === 0 ? `=HYPERLINK("x","Product ${product}")` : `Product ${product}, size range`,
      i % 7 === 0 ? 'Sony' : 'Acme "Pro"',
      'Audio',
      i % 10 === 0
        ? `Line one of the description.\r\nLine two, with a comma and "quotes".`
        : 'A sturdy product that does what it says, every day of the year.',
      (product % 900) + 0.99,
      '/images/camera.webp | /images/laptop.webp',
      i % 4 === 0 ? null : 5,
      `SKU-${i}`,
      'Size',
      ['S', 'M', 'L'][i % 3]!,
      '',
      '',
      '',
      '',
      null,
      i % 13,
      '',
      i % 9 === 0 ? 'no' : 'yes',
    ]);
  }
  return rows;
}

interface Libraries {
  stringify: (rows: Cell[][], options: object) => string;
  parse: (text: string, options: object) => unknown[];
}

function loadLibraries(): Libraries | undefined {
  if (!existsSync(join(LIBS, 'csv-parse')) || !existsSync(join(LIBS, 'csv-stringify'))) {
    return undefined;
  }
  const require = createRequire(join(LIBS, 'noop.js'));
  const { stringify } = require('csv-stringify/sync') as Pick<Libraries, 'stringify'>;
  const { parse } = require('csv-parse/sync') as Pick<Libraries, 'parse'>;
  return { stringify, parse };
}

/** csv-stringify's options closest to csvLine: CRLF, formulas escaped, null empty. */
const STRINGIFY_OPTIONS = { record_delimiter: 'windows', escape_formulas: true, bom: true };
/** csv-parse's options closest to parseCsv: BOM skipped, blank lines skipped, ragged rows. */
const PARSE_OPTIONS = { bom: true, skip_empty_lines: true, relax_column_count: true };
/** With the line each record starts on, which the import's messages name. */
const PARSE_INFO_OPTIONS = { ...PARSE_OPTIONS, info: true };

const ours = {
  write: (rows: Cell[][]) => UTF8_BOM + rows.map(csvLine).join(''),
  read: (text: string) => parseCsv(text),
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timed(run: () => unknown): number {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Each contender's median time over ROUNDS, the order rotating every round. */
function race(contenders: Record<string, () => unknown>): Record<string, number> {
  const names = Object.keys(contenders);
  const times: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (const name of names) contenders[name]!(); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length]!;
      times[name]!.push(timed(contenders[name]!));
    }
  }
  return Object.fromEntries(names.map((name) => [name, median(times[name]!)]));
}

/** Where two texts first differ, for the bench's own check. */
function firstDifference(a: string, b: string): string | undefined {
  if (a === b) return undefined;
  let i = 0;
  while (a[i] === b[i]) i++;
  return `at ${i}: ${JSON.stringify(a.slice(i, i + 40))} against ${JSON.stringify(b.slice(i, i + 40))}`;
}

const rows = productRows(ROWS);
const text = ours.write(rows);
const mb = Buffer.byteLength(text) / 1e6;
console.log(`${ROWS} product rows, ${round(mb, 1)} MB of CSV; median of ${ROUNDS} rounds`);

const libraries = loadLibraries();
if (!libraries) {
  console.log(`csv-parse and csv-stringify not found in ${LIBS}: the shop's own figures only`);
  const alone = race({ write: () => ours.write(rows), read: () => ours.read(text) });
  reportRow({ figure: 'CSV write, shop', value: round(alone.write!), unit: 'ms' });
  reportRow({ figure: 'CSV read, shop', value: round(alone.read!), unit: 'ms' });
} else {
  const { stringify, parse } = libraries;
  const theirs = stringify(rows, STRINGIFY_OPTIONS);
  const writeDiff = firstDifference(text, theirs);
  console.log(`csv-stringify writes the same bytes: ${writeDiff ? `no, ${writeDiff}` : 'yes'}`);
  const ourCells = ours.read(text).map((row) => row.cells);
  const theirCells = parse(text, PARSE_OPTIONS) as string[][];
  const readDiff = firstDifference(JSON.stringify(ourCells), JSON.stringify(theirCells));
  console.log(`csv-parse reads the same cells: ${readDiff ? `no, ${readDiff}` : 'yes'}`);

  const write = race({
    shop: () => ours.write(rows),
    'csv-stringify': () => stringify(rows, STRINGIFY_OPTIONS),
  });
  const read = race({
    shop: () => ours.read(text),
    'csv-parse': () => parse(text, PARSE_OPTIONS),
    'csv-parse with lines': () => parse(text, PARSE_INFO_OPTIONS),
  });
  const rowsPerSecond = (ms: number) => round((ROWS / ms) * 1000, 0);
  reportRow({
    figure: 'CSV write, shop (rows/s)',
    value: rowsPerSecond(write.shop!),
    unit: 'rows/s',
    baseline: rowsPerSecond(write['csv-stringify']!),
    baselineName: 'csv-stringify',
    goal: 'report only',
  });
  for (const library of ['csv-parse', 'csv-parse with lines']) {
    reportRow({
      figure: `CSV read, shop (rows/s) against ${library}`,
      value: rowsPerSecond(read.shop!),
      unit: 'rows/s',
      baseline: rowsPerSecond(read[library]!),
      baselineName: library,
      goal: 'report only',
    });
  }
  console.log(
    `write: shop ${round(write.shop!)} ms, csv-stringify ${round(write['csv-stringify']!)} ms; ` +
      `read: shop ${round(read.shop!)} ms, csv-parse ${round(read['csv-parse']!)} ms, ` +
      `with lines ${round(read['csv-parse with lines']!)} ms`,
  );
}
