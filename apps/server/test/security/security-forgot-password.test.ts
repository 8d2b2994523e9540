import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../src/db/schema.ts';
import { forgotPassword } from '../helpers/auth.ts';
import { createUser } from '../helpers/factories.ts';
import {
  deadSmtpUrl,
  resetCodeFrom,
  startSmtpCapture,
  type SmtpCapture,
} from '../helpers/smtp-capture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const CODE_SENT =
  'If an account exists for this e-mail, a code has been sent. It is valid for 10 minutes.';
const MAIL_SERVER_DOWN =
  'We could not send the e-mail right now. Please try again in a few minutes.';

const unknownEmail = () => `nobody-${randomUUID()}@example.test`;

/** Status, body and headers of an answer, without the two headers that differ on every call. */
function visible(res: LightMyRequestResponse) {
  const { date: _date, 'x-request-id': _requestId, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
}

const codeRowsOf = (t: TestApp, userId: string) =>
  t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, userId));

/**
 * A mail server that greets and takes recipients at once but holds each message's data until
 * `release()`, or refuses every recipient: what a slow or picky server does after the check.
 */
async function startSlowSmtp(options: { refuseRecipients?: boolean } = {}) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const accepted: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuseRecipients) callback(new Error('mailbox unavailable'));
      else callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void released.then(() => {
          accepted.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    accepted,
    release,
    close: () => {
      release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('forgot-password: a known and an unknown e-mail look the same', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  describe('with the mail server up', () => {
    let t: TestApp;
    let smtp: SmtpCapture;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      t = await createTestApp({ SMTP_URL: smtp.url });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it('answers both with the same status, body and headers, and e-mails only the known one', async () => {
      const user = await createUser(t.database.db);
      const known = await forgotPassword(t.app, user.email);
      const unknown = await forgotPassword(t.app, unknownEmail());
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ message: CODE_SENT });
      expect(visible(unknown)).toEqual(visible(known));

      await t.app.backgroundMail.settled();
      expect(smtp.messages.map((mail) => mail.to)).toEqual([[user.email]]);
      expect(resetCodeFrom(smtp.messages[0]!)).toMatch(/^\d{6}$/);
    });
  });

  it('answers before the code e-mail is delivered: a mail server holding the message does not hold the answer', async () => {
    const slow = await startSlowSmtp();
    cleanups.push(() => slow.close());
    const t = await createTestApp({ SMTP_URL: slow.url });
    cleanups.push(() => t.close());
    const user = await createUser(t.database.db);

    const known = await forgotPassword(t.app, user.email);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: CODE_SENT });
    // The server still holds the message: the answer did not wait for it.
    expect(slow.accepted).toEqual([]);

    slow.release();
    await t.app.backgroundMail.settled();
    expect(slow.accepted).toHaveLength(1);
    expect(resetCodeFrom({ to: [user.email], raw: slow.accepted[0]! })).toMatch(/^\d{6}$/);
    expect(await codeRowsOf(t, user.id)).toHaveLength(1);
  });

  it('answers both with the same 503 while the mail server is down, and e-mails the known one once it is back', async () => {
    const url = await deadSmtpUrl();
    const t = await createTestApp({ SMTP_URL: url });
    cleanups.push(() => t.close());
    const user = await createUser(t.database.db);

    const known = await forgotPassword(t.app, user.email);
    const unknown = await forgotPassword(t.app, unknownEmail());
    expect(known.statusCode).toBe(503);
    expect(known.json()).toEqual({ message: MAIL_SERVER_DOWN });
    expect(visible(unknown)).toEqual(visible(known));
    await t.app.backgroundMail.settled();
    expect(await codeRowsOf(t, user.id)).toEqual([]);

    // The mail server comes back where the shop expects it.
    const smtp = await startSmtpCapture(Number(new URL(url).port));
    cleanups.push(() => smtp.close());
    const knownAgain = await forgotPassword(t.app, user.email);
    const unknownAgain = await forgotPassword(t.app, unknownEmail());
    expect(knownAgain.statusCode).toBe(200);
    expect(visible(unknownAgain)).toEqual(visible(knownAgain));
    await t.app.backgroundMail.settled();
    expect(smtp.messages.map((mail) => mail.to)).toEqual([[user.email]]);
    const code = resetCodeFrom(smtp.messages[0]!);
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/users/resetpassword',
      payload: { email: user.email, resetToken: code, newPassword: 'back-online-password' },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('removes the code when the mail server refuses the message after the answer', async () => {
    const picky = await startSlowSmtp({ refuseRecipients: true });
    cleanups.push(() => picky.close());
    const t = await createTestApp({ SMTP_URL: picky.url });
    cleanups.push(() => t.close());
    const user = await createUser(t.database.db);

    const res = await forgotPassword(t.app, user.email);
    expect(res.statusCode).toBe(200);
    await t.app.backgroundMail.settled();
    expect(picky.accepted).toEqual([]);
    // No code the shopper never received stays usable.
    expect(await codeRowsOf(t, user.id)).toEqual([]);
  });
});
