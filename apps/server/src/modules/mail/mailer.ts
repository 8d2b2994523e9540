import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { unavailable } from '../../errors/app-error.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Answers once the mail server greets us (and takes our login, when SMTP_URL has one); throws a
   * 503 AppError within a few seconds when it does not. Sends nothing.
   */
  checkReachable(): Promise<void>;
  /** Sends one message; throws the transport's own error, which the outbox keeps as last_error. */
  deliver(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

export const MAIL_SERVER_DOWN =
  'We could not send the e-mail right now. Please try again in a few minutes.';

// Sending happens in the background (outbox worker, reset codes), so it may wait a while.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
// A shopper waits for the reachability check: a dead or silent server must answer 503 quickly.
const CHECK_TIMEOUTS = { connectionTimeout: 3_000, greetingTimeout: 3_000, socketTimeout: 3_000 };

/** Without SMTP_URL, each message is written as an .eml file so the flows work offline. */
function outboxMailer({ from, outboxDir, log }: MailerOptions): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const deliver = async (message: MailMessage) => {
    const info = await transport.sendMail({ from, ...message });
    await mkdir(outboxDir, { recursive: true });
    // A sortable name: the time first, then a random part so two messages never collide.
    const file = join(
      outboxDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
    );
    await writeFile(file, info.message);
    log.info({ to: message.to, subject: message.subject, file }, 'e-mail written to the outbox');
  };
  // Nothing to reach: the folder is on this machine.
  return { checkReachable: async () => {}, deliver, close: () => transport.close() };
}

function smtpMailer(smtpUrl: string, { from, log }: MailerOptions): Mailer {
  const transport = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  const probe = createTransport({ url: smtpUrl, ...CHECK_TIMEOUTS });
  return {
    async checkReachable() {
      try {
        await probe.verify();
      } catch (error) {
        log.error({ err: error }, 'the mail server cannot be reached');
        throw unavailable(MAIL_SERVER_DOWN);
      }
    },
    async deliver(message) {
      await transport.sendMail({ from, ...message });
      log.info({ to: message.to, subject: message.subject }, 'e-mail sent');
    },
    close() {
      transport.close();
      probe.close();
    },
  };
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options) : outboxMailer(options);
}
