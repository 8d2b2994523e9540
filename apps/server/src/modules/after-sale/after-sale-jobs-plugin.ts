import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicTask, type PeriodicTask } from '../../lifecycle/periodic-task.ts';
import { cancelUnpaidOrders } from './cancel-order.ts';
import { orderNotices } from '../orders/notify-buyer.ts';
import { settleDeps } from '../orders/order-deps.ts';
import { recoverRefunds, type RefundRecoveryRun } from './refund-order.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends again, or follows up, refunds still waiting on the provider (every minute). */
    refundRecovery: PeriodicTask & { runOnce(): Promise<RefundRecoveryRun> };
    /**
     * Cancels orders unpaid for UNPAID_ORDER_DAYS (a guest's for GUEST_UNPAID_HOURS), hourly
     * (server.ts starts it).
     */
    unpaidOrders: PeriodicTask & { runOnce(): Promise<number> };
  }
}

const UNPAID_PASS_EVERY_MS = 60 * 60 * 1000;
const REFUND_RECOVERY_EVERY_MS = 60 * 1000;

/**
 * After-sale's background jobs, which every instance runs (each takes its rows with a claim):
 * refunds waiting on the provider, and orders left unpaid.
 */
export const afterSaleJobsPlugin = fp(async (app: FastifyInstance) => {
  const notices = orderNotices(app);
  const refundDeps = settleDeps(app, app.log.child({ module: 'refund-recovery' }), notices);
  const refundRuns = async () => {
    const run = await recoverRefunds(refundDeps);
    if (run.settled > 0) notices.nudge();
    return run;
  };
  const refundRecovery = periodicTask({
    name: 'the refund recovery',
    log: refundDeps.log,
    run: refundRuns,
    nextInMs: () => REFUND_RECOVERY_EVERY_MS,
  });
  const log = app.log.child({ module: 'unpaid-orders' });
  const runOnce = async () => {
    const cancelled = await cancelUnpaidOrders(
      app.db,
      { days: app.config.UNPAID_ORDER_DAYS, guestHours: app.config.GUEST_UNPAID_HOURS },
      notices,
    );
    if (cancelled > 0) {
      log.info({ cancelled }, 'cancelled orders left unpaid');
      notices.nudge();
    }
    return cancelled;
  };
  const unpaid = periodicTask({
    name: 'the unpaid orders pass',
    log,
    run: runOnce,
    nextInMs: () => UNPAID_PASS_EVERY_MS,
  });
  app.decorate('refundRecovery', { ...refundRecovery, runOnce: refundRuns });
  app.decorate('unpaidOrders', { ...unpaid, runOnce });
  app.addHook('onClose', async () => {
    await Promise.all([refundRecovery.stop(), unpaid.stop()]);
  });
});
