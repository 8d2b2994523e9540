// Downloads a streamed export over a real socket (app.inject would collect the whole answer in
// memory, which is what is being measured) and samples the process's memory meanwhile.
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { reportRow } from './report.mjs';

export interface ExportRun {
  seconds: number;
  /** Lines after the header, counted in the bytes received, and what X-Total-Count said. */
  lines: number;
  totalCount: number;
  bytes: number;
  /** Resident set size of the process in MB: before the download, its peak, and after it. */
  rss: { before: number; peak: number; after: number };
  /** V8's heap in use, MB: before, and its peak (garbage not yet collected included). */
  heap: { before: number; peak: number };
  /** With `collect`: the heap still in use after a full collection, MB, before and at its peak. */
  liveHeap?: { before: number; peak: number };
}

const MB = 1024 * 1024;
const NEWLINE = 0x0a;

/** V8's full collection, without starting node with --expose-gc. */
function fullCollection(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * Streams GET `path` from the app (listening on a free local port), reading and dropping each
 * chunk as it comes. Memory is sampled every 100 ms: the server and this reader share the
 * process, and the reader keeps nothing, so the growth is the server's. V8 collects garbage
 * lazily, so the peak of `rss` and `heap` includes garbage; `collect` runs a full collection
 * every second and records what is still alive, which is what the export holds (it slows the
 * download a little: time a run without it).
 */
export async function measureExport(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string>,
  options: { collect?: boolean } = {},
): Promise<ExportRun> {
  const address = app.server.listening
    ? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    : await app.listen({ host: '127.0.0.1', port: 0 });
  const gc = fullCollection();
  gc();
  const start = process.memoryUsage();
  const peak = { rss: start.rss, heap: start.heapUsed, live: start.heapUsed };
  let samples = 0;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heapUsed);
    if (options.collect && ++samples % 10 === 0) {
      gc();
      peak.live = Math.max(peak.live, process.memoryUsage().heapUsed);
    }
  }, 100);
  const started = performance.now();
  try {
    const response = await fetch(`${address}${path}`, { headers });
    if (response.status !== 200 || !response.body) {
      throw new Error(`${path} answered ${response.status}`);
    }
    let newlines = 0;
    let bytes = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === NEWLINE) newlines++;
    }
    const seconds = (performance.now() - started) / 1000;
    peak.rss = Math.max(peak.rss, process.memoryUsage().rss);
    return {
      seconds,
      // The header's line is not an order line (no cell of the bench's orders holds a newline).
      lines: newlines - 1,
      totalCount: Number(response.headers.get('x-total-count')),
      bytes,
      rss: { before: start.rss / MB, peak: peak.rss / MB, after: process.memoryUsage().rss / MB },
      heap: { before: start.heapUsed / MB, peak: peak.heap / MB },
      ...(options.collect
        ? { liveHeap: { before: start.heapUsed / MB, peak: peak.live / MB } }
        : {}),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** What the live heap may grow by while the whole export streams: a few pages, not the file. */
const LIVE_HEAP_GOAL_MB = 20;

/**
 * The scale bench's rows for GET /api/orders/export.csv of every order: one download timed with
 * the process's memory as it is (RSS and heap, garbage included), one with a full collection
 * every second for the memory the export really holds. Throws when the lines written are not
 * the X-Total-Count announced.
 */
export async function benchOrdersExport(
  app: FastifyInstance,
  headers: Record<string, string>,
  orderCount: number,
): Promise<void> {
  const path = '/api/orders/export.csv';
  const timed = await measureExport(app, path, headers);
  const collected = await measureExport(app, path, headers, { collect: true });
  for (const run of [timed, collected]) {
    if (run.lines !== run.totalCount) {
      throw new Error(`The export wrote ${run.lines} lines, X-Total-Count said ${run.totalCount}`);
    }
  }
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  const live = collected.liveHeap!;
  const liveGrowth = live.peak - live.before;
  console.log(
    `\nCSV export of ${orderCount.toLocaleString('en')} orders over a socket: ` +
      `${timed.lines.toLocaleString('en')} lines, ${mb(timed.bytes / MB)} in ${timed.seconds.toFixed(1)} s\n` +
      `  process RSS ${mb(timed.rss.before)} before, ${mb(timed.rss.peak)} at its peak ` +
      `(+${mb(timed.rss.peak - timed.rss.before)}), ${mb(timed.rss.after)} after; ` +
      `V8 heap ${mb(timed.heap.before)} before, ${mb(timed.heap.peak)} at its peak (garbage included)\n` +
      `  with a full collection every second (${collected.seconds.toFixed(1)} s): live heap ` +
      `${mb(live.before)} before, ${mb(live.peak)} at its peak (+${mb(liveGrowth)}), ` +
      `RSS peak +${mb(collected.rss.peak - collected.rss.before)}`,
  );
  reportRow({
    figure: `CSV export of ${orderCount.toLocaleString('en')} orders`,
    value: Math.round(timed.seconds * 10) / 10,
    unit: 's',
  });
  reportRow({
    figure: 'CSV export, process RSS growth at its peak',
    value: Math.round(timed.rss.peak - timed.rss.before),
    unit: 'MB',
  });
  reportRow({
    figure: 'CSV export, live heap growth at its peak',
    value: Math.round(liveGrowth),
    unit: 'MB',
    goal: `< ${LIVE_HEAP_GOAL_MB} MB (the file is ${mb(timed.bytes / MB)})`,
    ok: liveGrowth < LIVE_HEAP_GOAL_MB,
  });
}
