// Several servers measured under the same machine load: they take turns in short slices.
import { readFileSync } from 'node:fs';
import { load, percentile } from './load.mjs';
import { round } from './report.mjs';
import { smoke } from './smoke.mjs';

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSecondsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (in parentheses, which may hold spaces): utime is the
  // 14th field of the line, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * Alternating slices of load on every side (name → URL): `rounds` slices of `duration / rounds`
 * seconds each, the order rotated every round so that no side always goes first (with two sides,
 * each goes first in every other round). The machine is shared and its load changes by the
 * second: taking turns, every side sees the same load. Each side's req/s is its total requests
 * over its total time; its p99 is taken over all its requests (not an average of the slices'
 * own p99s). With the server's process id (`pids`), its CPU time per request too: what the
 * request costs the server, whatever else the machine is doing.
 *
 * @param {Record<string, string>} urls
 * @param {{ duration: number, rounds: number, headers?: Record<string, string>,
 *   pids?: Record<string, number> }} options
 * @returns {Promise<Record<string, { perSecond: number, mean: number, p99: number,
 *   failures: number, requests: number, cpuMicros: number | undefined }>>}
 */
export async function measureSides(urls, { duration, rounds, headers = {}, pids = {} }) {
  const names = Object.keys(urls);
  const sides = Object.fromEntries(
    names.map((name) => [
      name,
      { requests: 0, seconds: 0, latencies: [], failures: 0, cpuSeconds: 0, pid: pids[name] },
    ]),
  );
  // At least a second a slice, but in smoke mode, where only the path matters, not the figure.
  const slice = smoke ? duration / rounds : Math.max(1, duration / rounds);
  for (let turn = 0; turn < rounds; turn++) {
    const order = names.map((_, index) => names[(index + turn) % names.length]);
    for (const name of order) {
      const side = sides[name];
      const cpuBefore = side.pid ? cpuSecondsOf(side.pid) : 0;
      const result = await load(urls[name], slice, side.latencies, headers);
      // Includes the requests still in flight when autocannon stopped: a few dozen in thousands.
      if (side.pid) side.cpuSeconds += cpuSecondsOf(side.pid) - cpuBefore;
      side.requests += result.requests.total;
      side.seconds += result.duration;
      side.failures += result.errors + result.timeouts + result.non2xx;
    }
  }
  const summary = (side) => ({
    perSecond: side.requests / side.seconds,
    mean: side.latencies.reduce((sum, ms) => sum + ms, 0) / side.latencies.length,
    p99: round(percentile(side.latencies, 0.99), 1),
    failures: side.failures,
    requests: side.requests,
    cpuMicros: side.pid ? round((side.cpuSeconds / side.requests) * 1e6, 1) : undefined,
  });
  return Object.fromEntries(names.map((name) => [name, summary(sides[name])]));
}
