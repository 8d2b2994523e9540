// Times of repeated calls, and their median and percentiles.
import { performance } from 'node:perf_hooks';
import { smoke } from './smoke.mjs';

/** Calls made before the timed ones (JIT, pools, the planner's caches); one in smoke mode. */
export const WARM_UP_RUNS = smoke ? 1 : 5;

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);

/** Milliseconds of each of `runs` calls, after `warmUp` calls that are not counted. */
export async function timeRuns(
  call: () => Promise<unknown>,
  runs: number,
  warmUp = WARM_UP_RUNS,
): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times;
}
