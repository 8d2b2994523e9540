import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCaptureRecovery, type CaptureRecovery } from './capture-recovery.ts';
import { orderNotices } from './notify-buyer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles captures left in doubt (server.ts starts it, tests call runOnce). */
    captureRecovery: CaptureRecovery;
  }
}

export const captureRecoveryPlugin = fp(async (app: FastifyInstance) => {
  const recovery = createCaptureRecovery({
    db: app.db,
    payments: app.payments,
    log: app.log.child({ module: 'capture-recovery' }),
    notices: orderNotices(app),
    catalogue: app.catalogue,
  });
  app.decorate('captureRecovery', recovery);
  app.addHook('onClose', () => recovery.stop());
});
