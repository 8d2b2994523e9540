// Smoke mode: every bench runs with tiny sizes for a few seconds, through the same code path as a
// real run, so that a bench that no longer matches the shop (its schema, its routes, its rules)
// fails CI instead of rotting unnoticed. `SMOKE=1 node bench/<file>` runs one bench so;
// `npm run bench:smoke` (`node bench/run.mjs --smoke`) runs them all, as .ci/run does.
// Its figures are printed as usual but mean nothing: the goals are not judged in smoke mode.

export const smoke = process.env.SMOKE === '1';

/**
 * A numeric option of a bench: the environment's value when set, else the normal default, or
 * the smoke default in smoke mode.
 *
 * @param {string} name
 * @param {number} normal
 * @param {number} smokeValue
 */
export function sizeOption(name, normal, smokeValue) {
  const value = process.env[name];
  return Number(value === undefined || value === '' ? (smoke ? smokeValue : normal) : value);
}

/**
 * What must hold for the bench's figures to mean anything at all (every request answered as
 * expected, the database adds up): not a performance goal. A failed check is printed and makes
 * the bench exit non-zero, in smoke mode and in a real run alike; the bench goes on, so that its
 * other figures are still printed.
 *
 * @param {unknown} condition
 * @param {string} message what went wrong
 */
export function mustHold(condition, message) {
  if (!condition) {
    console.error(`FAILED: ${message}`);
    process.exitCode = 1;
  }
}
