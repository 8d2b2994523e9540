import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
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
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
});
