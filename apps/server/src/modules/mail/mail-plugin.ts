import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBackgroundMail, type BackgroundMail } from './background-mail.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { createOutboxWorker, type OutboxWorker } from './outbox-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /**
     * The mail_outbox table: other modules queue messages in their transactions, and its worker
     * sends them (server.ts starts it, tests call runOnce).
     */
    mailOutbox: OutboxWorker;
    /** Mail work the requests do not wait for (reset codes); tests wait with `settled()`. */
    backgroundMail: BackgroundMail;
  }
}

/** The app's one mailer: SMTP when SMTP_URL is set, else the outbox folder. */
export const mailPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM ?? `"${config.SHOP_NAME.replace(/["\\]/g, '')}" <no-reply@localhost>`,
    outboxDir: config.outboxDir,
    log: app.log,
  });
  const mailOutbox = createOutboxWorker({
    db: app.db,
    mailer,
    clock: app.clock,
    log: app.log.child({ module: 'mail-outbox' }),
  });
  const backgroundMail = createBackgroundMail(app.log.child({ module: 'background-mail' }));
  app.decorate('mailer', mailer);
  app.decorate('mailOutbox', mailOutbox);
  app.decorate('backgroundMail', backgroundMail);
  app.addHook('onClose', async () => {
    // The messages being sent finish before the transport and the database close.
    await backgroundMail.settled();
    await mailOutbox.stop();
    mailer.close();
  });
});
