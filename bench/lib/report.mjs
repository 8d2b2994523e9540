// How a bench hands its figures to bench/run.mjs: one line per figure, `@bench {json}`, on
// stdout. Run alone, a bench prints the same lines, which a person can read too.
import { mustHold } from './smoke.mjs';

let reported = 0;
// A bench that ends without a single figure measured nothing: it fails (bench/lib/smoke.mjs).
process.once('exit', (code) => {
  if (reported === 0 && code === 0) {
    console.error('FAILED: the bench reported no figure');
    process.exitCode = 1;
  }
});

/**
 * Also checks that the figure is a number and that no request behind it failed (`errors`); see
 * mustHold.
 *
 * @param {object} row
 * @param {string} row.figure   what was measured, e.g. "GET /api/products req/s (embedded)"
 * @param {number} row.value    the measured figure
 * @param {string} row.unit     e.g. "req/s", "ms", "orders/s"
 * @param {number} [row.baseline] the same kind of figure for the baseline measured in the same run
 * @param {string} [row.baselineName] what the baseline is
 * @param {string} [row.goal]   the target in words, e.g. "ratio >= 0.5"
 * @param {boolean} [row.ok]    whether the target is met
 * @param {number} [row.errors] requests behind the figure that failed
 */
export function reportRow(row) {
  const ratio =
    row.baseline === undefined || row.baseline === 0 ? undefined : row.value / row.baseline;
  console.log(`@bench ${JSON.stringify({ ...row, ratio })}`);
  reported += 1;
  mustHold(Number.isFinite(row.value), `${row.figure}: no figure (${row.value})`);
  mustHold(!row.errors, `${row.figure}: ${row.errors} failed requests`);
}

export const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The goal and ok fields of a figure that must stay at or under `limit` (in `unit`), or a figure
 * only reported when there is no limit.
 */
export function atMost(value, limit, unit) {
  return limit === undefined
    ? { goal: 'report only', ok: undefined }
    : { goal: `≤ ${limit} ${unit}`, ok: value <= limit };
}
