import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../src/db/schema.ts';
import { forgotPassword, signIn } from '../helpers/auth.ts';
import { createSignedInUser, createUser, TEST_PASSWORD } from '../helpers/factories.ts';
import {
  mailPart,
  resetCodeFrom,
  startSmtpCapture,
  type SmtpCapture,
} from '../helpers/smtp-capture.ts';
import { createTestClock, type TestClock } from '../helpers/test-clock.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const CODE_SENT =
  'If an account exists for this e-mail, a code has been sent. It is valid for 10 minutes.';
const WRONG_CODE = 'The code is wrong or has expired. Please check it or ask for a new code.';

describe('password reset by an e-mailed code (real SMTP server)', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let clock: TestClock;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    clock = createTestClock();
    t = await createTestApp(
      {
        SMTP_URL: smtp.url,
        SHOP_NAME: 'Test & Shop',
        MAIL_FROM: 'Shop <shop@example.test>',
        PUBLIC_URL: 'https://shop.example',
      },
      { clock },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const forgot = (email: string) => forgotPassword(t.app, email);
  const check = (email: string, resetToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/forgotpassword/check',
      payload: { email, resetToken },
    });
  const reset = (email: string, resetToken: string, newPassword: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/resetpassword',
      payload: { email, resetToken, newPassword },
    });

  /** Asks for a code and reads it from the e-mail the SMTP server received. */
  async function requestCode(email: string): Promise<string> {
    const before = smtp.messages.length;
    const res = await forgot(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CODE_SENT });
    // The code is written and sent after the answer (security-forgot-password.test.ts).
    await t.app.backgroundMail.settled();
    expect(smtp.messages).toHaveLength(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(mail.to).toEqual([email.toLowerCase()]);
    return resetCodeFrom(mail);
  }

  /** A 6-digit code different from the right one. */
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('e-mails a code (plain text and HTML, with the shop name) and resets the password from it alone', async () => {
    const { user, headers } = await createSignedInUser(t.database.db);
    const code = await requestCode(user.email.toUpperCase());
    const mail = smtp.messages.at(-1)!;
    expect(mail.raw).toMatch(/^From: Shop <shop@example\.test>/m);
    expect(mail.raw).toMatch(/^Subject: Test & Shop: your password reset code/m);
    expect(mailPart(mail, 'text/plain')).toContain('your Test & Shop account');
    expect(mailPart(mail, 'text/plain')).toContain(
      'Enter it on the password reset page: https://shop.example/resetpassword',
    );
    const html = mailPart(mail, 'text/html');
    expect(html).toContain('your Test &amp; Shop account');
    expect(html).toMatch(new RegExp(`letter-spacing: 4px">\\s*${code}\\s*</p>`));

    // Only a hash of the code is stored.
    const [row] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const checked = await check(user.email, code);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ message: 'Great! You are verified. Create a new password.' });

    const done = await reset(user.email, code, 'a-brand-new-password');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      message: 'Your password has been reset. Please log in with your new password.',
    });
    expect((await signIn(t.app, user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, 'a-brand-new-password')).statusCode).toBe(200);
    // The reset ended the session the user had before.
    expect((await t.app.inject({ url: '/api/users/profile', headers })).statusCode).toBe(401);
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const before = smtp.messages.length;
    const res = await forgot(`nobody-${randomUUID()}@example.test`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CODE_SENT });
    await t.app.backgroundMail.settled();
    expect(smtp.messages).toHaveLength(before);
    // And a code check for it fails like any wrong code.
    const checked = await check(`nobody-${randomUUID()}@example.test`, '123456');
    expect(checked.statusCode).toBe(400);
    expect(checked.json()).toEqual({ message: WRONG_CODE });
  });

  it('refuses a malformed e-mail or code with 400', async () => {
    expect((await forgot('not-an-email')).statusCode).toBe(400);
    const user = await createUser(t.database.db);
    expect((await check(user.email, '12345')).statusCode).toBe(400);
    expect((await check(user.email, 'abcdef')).statusCode).toBe(400);
    const shortPassword = await reset(user.email, '123456', 'short');
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().message).toMatch(/at least 8 characters/);
  });

  it('refuses a used code', async () => {
    const user = await createUser(t.database.db);
    const code = await requestCode(user.email);
    expect((await reset(user.email, code, 'first-new-password')).statusCode).toBe(200);
    const again = await reset(user.email, code, 'second-new-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: WRONG_CODE });
    expect((await check(user.email, code)).statusCode).toBe(400);
    expect((await signIn(t.app, user.email, 'first-new-password')).statusCode).toBe(200);
  });

  it('kills the code after 5 wrong tries: even the right code is refused then', async () => {
    const user = await createUser(t.database.db);
    const code = await requestCode(user.email);
    for (let i = 0; i < 4; i += 1) {
      const res = await check(user.email, wrongCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: WRONG_CODE });
    }
    // Four wrong tries leave the right code usable (and checking it uses no try).
    expect((await check(user.email, code)).statusCode).toBe(200);
    expect((await reset(user.email, wrongCode(code), 'never-set-password')).statusCode).toBe(400);
    expect((await check(user.email, code)).statusCode).toBe(400);
    expect((await reset(user.email, code, 'never-set-password')).statusCode).toBe(400);
    expect((await signIn(t.app, user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('gives concurrent guesses no more than 5 tries in all', async () => {
    const user = await createUser(t.database.db);
    const code = await requestCode(user.email);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/forgotpassword/check',
          payload: { email: user.email, resetToken: wrongCode(code) },
          remoteAddress: `10.3.0.${i}`,
        }),
      ),
    );
    expect(guesses.map((res) => res.statusCode)).toEqual(Array(8).fill(400));
    const [row] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(row?.failedAttempts).toBe(5);
    expect((await check(user.email, code)).statusCode).toBe(400);
  });

  it('refuses a code older than 10 minutes', async () => {
    const user = await createUser(t.database.db);
    const code = await requestCode(user.email);
    clock.advance(9 * 60_000);
    expect((await check(user.email, code)).statusCode).toBe(200);
    clock.advance(60_000 + 1);
    const late = await check(user.email, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: WRONG_CODE });
    expect((await reset(user.email, code, 'too-late-password')).statusCode).toBe(400);
  });

  it('replaces the old code when a new one is asked for (Resend Code)', async () => {
    const user = await createUser(t.database.db);
    const first = await requestCode(user.email);
    let second = await requestCode(user.email);
    // In the one-in-a-million case of the same code twice, ask once more.
    while (second === first) second = await requestCode(user.email);
    expect((await check(user.email, first)).statusCode).toBe(400);
    expect((await check(user.email, second)).statusCode).toBe(200);

    // A new code also starts again with 5 tries.
    for (let i = 0; i < 5; i += 1) await check(user.email, wrongCode(second));
    expect((await check(user.email, second)).statusCode).toBe(400);
    const third = await requestCode(user.email);
    expect((await reset(user.email, third, 'third-time-lucky')).statusCode).toBe(200);
  });

  it('does not let one account use the code of another', async () => {
    const a = await createUser(t.database.db);
    const b = await createUser(t.database.db);
    const codeOfA = await requestCode(a.email);
    await requestCode(b.email);
    expect((await reset(b.email, codeOfA, 'stolen-password')).statusCode).toBe(400);
  });
});
