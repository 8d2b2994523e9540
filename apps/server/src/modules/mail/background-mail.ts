import type { FastifyBaseLogger } from 'fastify';

/**
 * Mail work a request starts and does not wait for (a reset code: write it, send it), so that
 * the answer is the same whether there was a message to send or not. Shutdown and tests wait for
 * what was started with `settled`.
 */
export interface BackgroundMail {
  /** Runs `task` without the caller waiting; a failure is logged under `what`, never thrown. */
  start(what: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far has ended. */
  settled(): Promise<void>;
}

export function createBackgroundMail(log: Pick<FastifyBaseLogger, 'error'>): BackgroundMail {
  const running = new Set<Promise<void>>();
  return {
    start(what, task) {
      const run: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
        .finally(() => running.delete(run));
      running.add(run);
    },
    async settled() {
      // A task may start another while the first ones end.
      while (running.size > 0) await Promise.all(running);
    },
  };
}
