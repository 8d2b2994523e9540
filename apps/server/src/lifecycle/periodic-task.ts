import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicTask {
  /** Runs at once, then again after each run's `nextInMs`, until stopped. */
  start(): void;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * A background job of every instance (capture recovery, unpaid orders): one run at a time, the
 * next one `nextInMs()` after the last ended, on a timer that never keeps the process alive. A
 * failed run is logged and the job goes on.
 */
export function periodicTask(options: {
  name: string;
  log: FastifyBaseLogger;
  run: () => Promise<unknown>;
  nextInMs: () => Promise<number> | number;
}): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let started = false;
  let stopped = false;

  async function scheduleNext(): Promise<void> {
    const delay = await Promise.resolve(options.nextInMs()).catch(() => 60_000);
    if (stopped) return;
    timer = setTimeout(runNow, Math.max(0, delay));
    // The HTTP server keeps the process alive, not this timer.
    timer.unref();
  }

  function runNow(): void {
    if (stopped || running) return;
    running = options
      .run()
      .catch((error: unknown) => options.log.error({ err: error }, `${options.name} failed`))
      .then(scheduleNext)
      .finally(() => {
        running = undefined;
      });
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      runNow();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
