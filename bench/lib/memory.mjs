// What a process holds in memory, read from /proc (Linux): its resident set now (VmRSS) and at
// its peak (VmHWM), and, for the shop, where it goes (bench/lib/memory-probe.mjs).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { smoke } from './smoke.mjs';

const MB = 1024 * 1024;

export const probeModule = fileURLToPath(new URL('./memory-probe.mjs', import.meta.url));

/** VmRSS and VmHWM of a process, in MB. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) =>
    Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1]) / 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/**
 * Waits until the RSS has moved less than 1 MB over 2 s (at most `timeoutMs`), then reads it; in
 * smoke mode over 0.5 s, at most 2 s.
 */
export async function settledMemory(pid, timeoutMs = smoke ? 2_000 : 20_000) {
  const deadline = Date.now() + timeoutMs;
  let previous = memoryOf(pid).rss;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, smoke ? 500 : 2_000));
    const now = memoryOf(pid);
    if (Math.abs(now.rss - previous) < 1 || Date.now() > deadline) return now;
    previous = now.rss;
  }
}

/**
 * The process's own breakdown, in MB: V8's heap, `external` (memory V8 objects hold outside the
 * heap: ArrayBuffers, WebAssembly memories), and glibc's malloc (the brk heap and the 64 MB
 * arenas of other threads, from /proc/<pid>/smaps: native libraries, libuv's pool, V8's own).
 */
export async function breakdownOf(pid, probeFile) {
  rmSync(probeFile, { force: true });
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 5_000;
  while (!existsSync(probeFile) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 50)); // written in one call; let it land
  const usage = JSON.parse(readFileSync(probeFile, 'utf8'));
  return {
    heapUsed: usage.heapUsed / MB,
    heapTotal: usage.heapTotal / MB,
    external: usage.external / MB,
    arrayBuffers: usage.arrayBuffers / MB,
    wasm: usage.wasm / MB,
    ...mallocOf(pid),
  };
}

/** Resident bytes (MB) of the brk heap and of anonymous 64 MB-aligned malloc arenas. */
function mallocOf(pid) {
  let brkHeap = 0;
  let arenas = 0;
  let current;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = line.match(/^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/);
    if (mapping) {
      const start = BigInt(`0x${mapping[1]}`);
      const size = Number(BigInt(`0x${mapping[2]}`) - start);
      const name = mapping[4];
      current =
        name === '[heap]'
          ? 'brk'
          : name === '' &&
              start % BigInt(64 * MB) === 0n &&
              size <= 64 * MB &&
              mapping[3] === 'rw-p'
            ? 'arena'
            : undefined;
      continue;
    }
    const rss = line.match(/^Rss:\s+(\d+) kB/);
    if (rss && current === 'brk') brkHeap += Number(rss[1]) / 1024;
    if (rss && current === 'arena') arenas += Number(rss[1]) / 1024;
  }
  return { mallocHeap: brkHeap, mallocArenas: arenas };
}
