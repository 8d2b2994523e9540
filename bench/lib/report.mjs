// How a bench hands its figures to bench/run.mjs: one line per figure, `@bench {json}`, on
// stdout. Run alone, a bench prints the same lines, which a person can read too.

/**
 * @param {object} row
 * @param {string} row.figure   what was measured, e.g. "GET /api/products req/s (embedded)"
 * @param {number} row.value    the measured figure
 * @param {string} row.unit     e.g. "req/s", "ms", "orders/s"
 * @param {number} [row.baseline] the same kind of figure for the baseline measured in the same run
 * @param {string} [row.baselineName] what the baseline is
 * @param {string} [row.goal]   the target in words, e.g. "ratio >= 0.5"
 * @param {boolean} [row.ok]    whether the target is met
 */
export function reportRow(row) {
  const ratio =
    row.baseline === undefined || row.baseline === 0 ? undefined : row.value / row.baseline;
  console.log(`@bench ${JSON.stringify({ ...row, ratio })}`);
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
