import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { passwordResets } from '../../src/db/schema.ts';
import { createMailer } from '../../src/modules/mail/mailer.ts';
import { forgotPassword } from '../helpers/auth.ts';
import { createUser } from '../helpers/factories.ts';
import { deadSmtpUrl, mailPart, resetCodeFrom } from '../helpers/smtp-capture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('reset e-mail without SMTP_URL: the outbox folder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SHOP_NAME: 'Outbox Shop' });
  });
  afterAll(() => t.close());

  it('writes the message as an .eml file under DATA_DIR/outbox, and the code in it works', async () => {
    const user = await createUser(t.database.db);
    const res = await forgotPassword(t.app, user.email);
    expect(res.statusCode).toBe(200);
    await t.app.backgroundMail.settled();
    const files = readdirSync(t.config.outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(t.config.outboxDir).toBe(join(t.config.dataDir, 'outbox'));
    const raw = readFileSync(join(t.config.outboxDir, files[0]!), 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${user.email.replace(/[.]/g, '\\.')}$`, 'm'));
    expect(raw).toMatch(/^From: "?Outbox Shop"? <no-reply@localhost>$/m);
    expect(raw).toMatch(/^Subject: Outbox Shop: your password reset code$/m);
    const mail = { to: [user.email], raw };
    expect(mailPart(mail, 'text/html')).toContain('Outbox Shop');
    const code = resetCodeFrom(mail);

    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/users/resetpassword',
      payload: { email: user.email, resetToken: code, newPassword: 'from-the-outbox' },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('logs the recipient and subject of each message it writes', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'proshop-outbox-'));
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ smtpUrl: undefined, from: 'a@example.test', outboxDir, log });
    try {
      await mailer.deliver({
        to: 'b@example.test',
        subject: 'Hello',
        text: 'Hi',
        html: '<p>Hi</p>',
      });
      expect(logged).toEqual([
        [
          { to: 'b@example.test', subject: 'Hello', file: expect.stringMatching(/\.eml$/) },
          'e-mail written to the outbox',
        ],
      ]);
      expect(readdirSync(outboxDir)).toHaveLength(1);
    } finally {
      mailer.close();
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});

describe('reset e-mail with the mail server down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await deadSmtpUrl() });
  });
  afterAll(() => t.close());

  it('answers 503 with a clear message to a known and an unknown e-mail, and leaves no code behind', async () => {
    const user = await createUser(t.database.db);
    for (const email of [user.email, `nobody-${randomUUID()}@example.test`]) {
      const res = await forgotPassword(t.app, email);
      expect(res.statusCode, email).toBe(503);
      expect(res.json(), email).toEqual({
        message: 'We could not send the e-mail right now. Please try again in a few minutes.',
      });
    }
    await t.app.backgroundMail.settled();
    const rows = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(rows).toEqual([]);
    expect(readdirSync(t.config.dataDir)).not.toContain('outbox');
  });
});

describe('mail and Redis configuration', () => {
  it('reads SMTP_URL, MAIL_FROM and REDIS_URL, and names a wrong one', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Shop <shop@example.test>',
      REDIS_URL: 'redis://cache:6379',
    });
    expect(config).toMatchObject({
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Shop <shop@example.test>',
      REDIS_URL: 'redis://cache:6379',
    });
    const unset = loadConfig({ SMTP_URL: '', MAIL_FROM: '', REDIS_URL: '' });
    expect(unset.SMTP_URL).toBeUndefined();
    expect(unset.MAIL_FROM).toBeUndefined();
    expect(unset.REDIS_URL).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'mail.example' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL: must be a redis/);
  });
});
