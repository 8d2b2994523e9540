// autocannon as the API benches use it: 50 connections, no pipelining, each latency collected.
import autocannon from 'autocannon';

export const CONNECTIONS = 50;

/**
 * autocannon's run, itself a promise of the result; each latency (ms) goes into `latencies`.
 * `requests` (autocannon's own option) makes every connection cycle through several paths.
 *
 * @param {string} url
 * @param {number} duration seconds
 * @param {number[]} [latencies]
 * @param {Record<string, string>} [headers]
 * @param {{ path: string, headers?: Record<string, string> }[]} [requests]
 */
export function load(url, duration, latencies = [], headers = {}, requests = undefined) {
  const run = autocannon({
    url,
    connections: CONNECTIONS,
    pipelining: 1,
    duration,
    headers,
    ...(requests ? { requests } : {}),
  });
  run.on('response', (_client, _status, _bytes, milliseconds) => latencies.push(milliseconds));
  return run;
}

export function percentile(values, fraction) {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;
}
