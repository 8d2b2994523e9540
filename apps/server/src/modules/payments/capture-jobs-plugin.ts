import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { orderNotices } from '../orders/notify-buyer.ts';
import { settleDeps } from '../orders/order-deps.ts';
import { createCaptureRecovery, type CaptureRecovery } from './capture-recovery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles captures left in doubt (server.ts starts it, tests call runOnce). */
    captureRecovery: CaptureRecovery;
  }
}

/** The payments' background job, which every instance runs (each takes its orders with a claim). */
export const captureJobsPlugin = fp(async (app: FastifyInstance) => {
  const recovery = createCaptureRecovery(
    settleDeps(app, app.log.child({ module: 'capture-recovery' }), orderNotices(app)),
  );
  app.decorate('captureRecovery', recovery);
  app.addHook('onClose', () => recovery.stop());
});
