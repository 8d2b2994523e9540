// A bounded "busy machine": child processes spinning on `cores` cores until stopped by their pid
// or until `maxMs` have passed, whichever comes first, so that a crashed caller never leaves one
// behind. Used by the browser suite under load (BROWSER_CPU_LOAD=1, scripts/test.mjs) and by the
// Lighthouse bench's busy pass.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** Starts the hog; `stop()` ends every child and resolves once they have exited. */
export function startCpuHog({ cores = availableParallelism(), maxMs = 15 * 60_000 } = {}) {
  const spin = `const end = Date.now() + ${Number(maxMs)}; while (Date.now() < end) {}`;
  const children = Array.from({ length: cores }, () =>
    spawn(process.execPath, ['-e', spin], { stdio: 'ignore' }),
  );
  return {
    pids: children.map((child) => child.pid),
    stop: () =>
      Promise.all(
        children.map(
          (child) =>
            new Promise((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', resolve);
              child.kill('SIGKILL');
            }),
        ),
      ),
  };
}
