// Loaded into the server by bench/memory.mjs (node --import): on SIGUSR2 it writes the process's
// own view of its memory (process.memoryUsage() and V8's heap spaces) to MEMORY_PROBE_FILE, so the
// bench can tell the JavaScript heap from native and WebAssembly memory. Not part of the shop.
import { writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [space.space_name, space.space_used_size]),
    );
    writeFileSync(file, JSON.stringify({ ...process.memoryUsage(), spaces }));
  });
}
