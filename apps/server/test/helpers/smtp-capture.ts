import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { RESET_CODE_PATTERN } from '@proshop/domain/user-schemas';

export interface CapturedMail {
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  /** smtp:// address for SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server that keeps every message it accepts, on a free local port or on the given
 * one (a mail server that comes back where the shop expects it).
 */
export async function startSmtpCapture(port = 0): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: no self-signed certificate for the client to refuse.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An smtp:// address where nothing listens: a mail server that is down. */
export async function deadSmtpUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `smtp://127.0.0.1:${port}`;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded body of a message's part of the given type (`text/plain`, `text/html`). */
export function mailPart(mail: CapturedMail, type: string): string {
  for (const part of mail.raw.split(/\r?\n--/)) {
    const split = /\r?\n\r?\n/.exec(part);
    if (!split) continue;
    const headers = part.slice(0, split.index);
    if (!new RegExp(`^Content-Type: ${type}`, 'im').test(headers)) continue;
    const body = part.slice(split.index + split[0].length);
    if (/^Content-Transfer-Encoding: quoted-printable/im.test(headers)) {
      return decodeQuotedPrintable(body);
    }
    if (/^Content-Transfer-Encoding: base64/im.test(headers)) {
      return Buffer.from(body, 'base64').toString('utf8');
    }
    return body;
  }
  throw new Error(`No ${type} part in the message:\n${mail.raw}`);
}

/** The code of a reset e-mail, read from its plain-text part; it must be a well-formed code. */
export function resetCodeFrom(mail: CapturedMail): string {
  const code = /Your verification code is (\S+)/.exec(mailPart(mail, 'text/plain'))?.[1];
  if (!code || !RESET_CODE_PATTERN.test(code)) {
    throw new Error(`No reset code in the message:\n${mail.raw}`);
  }
  return code;
}
