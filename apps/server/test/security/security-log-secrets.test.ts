import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { hashPassword } from '../../src/modules/auth/password.ts';
import { loggerOptions } from '../../src/lifecycle/logger.ts';
import { forgotPassword, signIn } from '../helpers/auth.ts';
import { createUser, uniqueEmail } from '../helpers/factories.ts';
import { resetCodeFrom, startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Every line the app logs at `trace`, through the production logger settings. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const options = loggerOptions(loadConfig({ LOG_LEVEL: 'trace' }));
  const logger = pino({ ...options, transport: undefined }, stream);
  return { logger, lines };
}

describe('no log line carries a password, hash, token, reset code or query parameter', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  const log = capturingLogger();
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url }, { logger: log.logger });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('logs a journey through every secret the shop handles, and a failed query, without them', async () => {
    const secrets: string[] = [];
    const email = uniqueEmail('log');
    const password = 'first-secret-password';
    secrets.push(password);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Logged Shopper', email, password },
    });
    expect(registered.statusCode).toBe(201);
    secrets.push(registered.json().token);

    const wrong = 'a-wrong-secret-guess';
    secrets.push(wrong);
    expect((await signIn(t.app, email, wrong)).statusCode).toBe(401);
    const signedIn = await signIn(t.app, email, password);
    expect(signedIn.statusCode).toBe(200);
    const token: string = signedIn.json().token;
    secrets.push(token);

    expect((await forgotPassword(t.app, email)).statusCode).toBe(200);
    await t.app.backgroundMail.settled();
    const code = resetCodeFrom(smtp.messages.at(-1)!);
    secrets.push(code);
    const newPassword = 'second-secret-password';
    secrets.push(newPassword);
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/users/resetpassword',
      payload: { email, resetToken: code, newPassword },
    });
    expect(reset.statusCode).toBe(200);

    const third = 'third-secret-password';
    secrets.push(third);
    const again = await signIn(t.app, email, newPassword);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${again.json().token}` },
      payload: { name: 'Logged Shopper', email, password: third, currentPassword: newPassword },
    });
    expect(profile.statusCode).toBe(200);
    secrets.push(again.json().token, profile.json().token);

    // Failed queries whose parameters and refused values hold a password hash: the error is
    // logged as the server logs any unexpected error, through request.log.
    const hash = await hashPassword('a-hashed-secret');
    secrets.push(hash);
    const taken = await createUser(t.database.db);
    for (const failing of [
      sql`select ${hash}::int`,
      sql`insert into users (name, email, password_hash) values ('x', ${taken.email}, ${hash})`,
    ]) {
      const error = await t.database.db.execute(failing).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(Error);
      t.app.log.error({ err: error }, 'unhandled error');
    }

    const all = log.lines.join('\n');
    // The log is there and useful: requests, and the failed queries with their SQL and reason.
    expect(log.lines.filter((line) => line.includes('request completed')).length).toBeGreaterThan(
      5,
    );
    expect(all).toContain('Failed query: select $1::int');
    expect(all).toContain('duplicate key value violates unique constraint');
    expect(all).toContain('params: [not logged]');
    for (const secret of secrets) expect(all, `the log holds ${secret}`).not.toContain(secret);
    expect(all).not.toMatch(/\$argon2/);
    expect(all).not.toContain(taken.email);
  });
});
