import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { AppError } from '../../errors/app-error.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends one message; throws a 503 AppError when the mail server cannot take it. */
  send(message: MailMessage): Promise<void>;
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

// Short enough that a shopper waiting for the answer is not left hanging on a dead server.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

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
  return { send: deliver, deliver, close: () => transport.close() };
}

function smtpMailer(smtpUrl: string, { from, log }: MailerOptions): Mailer {
  const transport = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  const deliver = async (message: MailMessage) => {
    await transport.sendMail({ from, ...message });
    log.info({ to: message.to, subject: message.subject }, 'e-mail sent');
  };
  return {
    async send(message) {
      try {
        await deliver(message);
      } catch (error) {
        log.error({ err: error, subject: message.subject }, 'the mail server refused a message');
        throw new AppError('unavailable', MAIL_SERVER_DOWN);
      }
    },
    deliver,
    close: () => transport.close(),
  };
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options) : outboxMailer(options);
}
