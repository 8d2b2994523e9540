/* global WebAssembly -- built into Node. */
// Loaded into the server by bench/memory.mjs (node --import), never by the shop itself: on
// SIGUSR2 it writes the process's own view of its memory to MEMORY_PROBE_FILE, so the bench can
// tell the JavaScript heap from native and WebAssembly memory (PGlite runs PostgreSQL compiled
// to WebAssembly; its memory is counted here by watching WebAssembly.Memory being created).
import { writeFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const memories = new Set();
  const Memory = WebAssembly.Memory;
  WebAssembly.Memory = new Proxy(Memory, {
    construct(target, args) {
      const memory = Reflect.construct(target, args);
      memories.add(new WeakRef(memory));
      return memory;
    },
  });
  process.on('SIGUSR2', () => {
    // With --expose-gc (SHOP_NODE_ARGS), what is still held, garbage collected first.
    globalThis.gc?.();
    let wasm = 0;
    for (const ref of memories) {
      const memory = ref.deref();
      if (memory) wasm += memory.buffer.byteLength;
      else memories.delete(ref);
    }
    writeFileSync(file, JSON.stringify({ ...process.memoryUsage(), wasm }));
  });
}
