import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A task starts this long after it is handed over, at a moment picked at random in the range:
 * work that only some requests cause (a known e-mail's reset code) then does not land on the
 * request the same client sends next, where its cost could be measured.
 */
export const START_DELAY_MS = { min: 200, max: 1_200 } as const;

/**
 * Mail work a request hands over and does not wait for (a reset code: write it, send it), so that
 * the answer is the same whether there was a message to send or not. Shutdown and tests wait for
 * what was handed over with `settled`, which starts any task still waiting at once.
 */
export interface BackgroundMail {
  /**
   * Runs `task` a little later (START_DELAY_MS), without the caller waiting; a failure is logged
   * under `what`, never thrown. Without a task the call costs the same and runs nothing, for the
   * requests that have nothing to send but must not look different.
   */
  start(what: string, task?: () => Promise<void>): void;
  /** Starts every waiting task now and resolves once every task handed over so far has ended. */
  settled(): Promise<void>;
}

export function createBackgroundMail(log: Pick<FastifyBaseLogger, 'error'>): BackgroundMail {
  const waiting = new Map<NodeJS.Timeout, () => void>();
  const running = new Set<Promise<void>>();
  const run = (what: string, task: () => Promise<void>) => {
    const done: Promise<void> = Promise.resolve()
      .then(task)
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
      .finally(() => running.delete(done));
    running.add(done);
  };
  return {
    start(what, task = async () => {}) {
      const begin = () => {
        waiting.delete(timer);
        run(what, task);
      };
      const timer = setTimeout(begin, randomInt(START_DELAY_MS.min, START_DELAY_MS.max + 1));
      waiting.set(timer, begin);
    },
    async settled() {
      // A task may hand over another while the first ones end.
      while (waiting.size > 0 || running.size > 0) {
        for (const [timer, begin] of waiting) {
          clearTimeout(timer);
          begin();
        }
        await Promise.all(running);
      }
    },
  };
}
