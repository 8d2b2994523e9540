import { periodicTask } from '../../lifecycle/periodic-task.ts';
import { findCapturesInDoubt, msUntilNextLeaseEnd } from '../orders/capture-claims.ts';
import type { OrderNotices } from '../orders/notify-buyer.ts';
import { BY_SHOP } from '../orders/order-events.ts';
import type { SettleDeps } from '../orders/order-deps.ts';
import { recoverCapture } from './settle-capture.ts';

export interface RecoveryRun {
  paid: number;
  /** The provider held no capture, or one that does not pay: the stock went back. */
  released: number;
  /** Still in doubt: the provider did not answer, or another instance holds the attempt. */
  left: number;
}

export interface CaptureRecovery {
  /** Settles every capture in doubt now and answers what happened (tests call this). */
  runOnce(): Promise<RecoveryRun>;
  /**
   * Runs at once, then every `intervalMs` (sooner when a lease running now ends first), until
   * stopped (server.ts).
   */
  start(): void;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

export interface CaptureRecoveryOptions extends SettleDeps {
  notices: OrderNotices;
  intervalMs?: number;
}

const DEFAULT_INTERVAL_MS = 60_000;
/** Orders looked at per run; more wait for the next run (there are a handful at most). */
const BATCH = 50;
/** Past a lease's end, so that the database's clock agrees it ended. */
const LEASE_END_SLACK_MS = 500;

/**
 * The recovery pass of payments: an order left `capturing` by a crash between the capture and
 * its confirmation, or by a provider that did not answer, is settled by asking the provider
 * (recoverCapture): paid if the capture happened, its stock given back if not. Every instance
 * runs it; each order is taken over by one of them at a time (a conditional update on the
 * attempt id), so they share the work without a leader.
 */
export function createCaptureRecovery(options: CaptureRecoveryOptions): CaptureRecovery {
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  let stopped = false;

  async function runOnce(): Promise<RecoveryRun> {
    const run: RecoveryRun = { paid: 0, released: 0, left: 0 };
    // Batch after batch until one brings nothing new: an order still in doubt after its turn
    // (the provider did not answer) comes back in the next batch, but not twice in one run.
    const seen = new Set<string>();
    for (;;) {
      const batch = (await findCapturesInDoubt(options.db, BATCH + seen.size)).filter(
        (order) => !seen.has(order.id),
      );
      if (batch.length === 0 || stopped) break;
      for (const order of batch) seen.add(order.id);
      await settleBatch(batch, run);
    }
    if (run.paid > 0) options.notices.nudge();
    if (run.paid + run.released > 0) options.log.info(run, 'captures in doubt settled');
    return run;
  }

  async function settleBatch(
    batch: { id: string; attemptId: string | null }[],
    run: RecoveryRun,
  ): Promise<void> {
    for (const order of batch) {
      if (stopped || !order.attemptId) break;
      try {
        const settled = await recoverCapture(options, order.id, order.attemptId, BY_SHOP);
        if (settled?.outcome === 'paid') run.paid += 1;
        else if (settled?.outcome === 'released' || settled?.outcome === 'refused') {
          run.released += 1;
        } else run.left += 1;
      } catch (error) {
        run.left += 1;
        options.log.warn({ err: error, orderId: order.id }, 'a capture in doubt stays in doubt');
      }
    }
  }

  /** The next run: in a minute, or when the first running lease ends if that is sooner. */
  async function nextInMs(): Promise<number> {
    const untilLeaseEnd = await msUntilNextLeaseEnd(options.db);
    return untilLeaseEnd === undefined
      ? intervalMs
      : Math.min(intervalMs, untilLeaseEnd + LEASE_END_SLACK_MS);
  }

  const task = periodicTask({
    name: 'the capture recovery',
    log: options.log,
    run: runOnce,
    nextInMs,
  });
  return {
    runOnce,
    start: () => task.start(),
    async stop() {
      stopped = true;
      await task.stop();
    },
  };
}
