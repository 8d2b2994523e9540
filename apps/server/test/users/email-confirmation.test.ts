// Registering sends a link that confirms the address: single use, 48 hours, stored as a keyed
// hash only. Until it is followed the account cannot order; a new profile address is taken only
// once its own link is followed; new links are rate-limited.
import { Writable } from 'node:stream';
import { EMAIL_CONFIRMATION_MESSAGES as M } from '@proshop/domain/email-confirmation';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConfirmations, mailOutbox, orders, users } from '../../src/db/schema.ts';
import { rateLimitRules } from '../../src/modules/rate-limit/rules.ts';
import { signIn } from '../helpers/auth.ts';
import {
  createProduct,
  createSignedInUser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../helpers/factories.ts';
import { orderBody } from '../helpers/orders.ts';
import { releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Every line the app logs at info and above. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('e-mail confirmation', () => {
  let t: TestApp;
  const log = capturingLogger();
  beforeAll(async () => {
    // No SMTP_URL: the e-mails go to the outbox folder, and the links to the log.
    t = await createTestApp(
      { PUBLIC_URL: 'https://shop.example', SHOP_NAME: 'Confirm Shop' },
      { logger: log.logger },
    );
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function register(email = uniqueEmail('confirm')) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'New Shopper', email, password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(201);
    const info = res.json<{ _id: string; token: string; emailVerified: boolean }>();
    return { ...info, email, headers: bearer(info.token) };
  }

  /** The confirmation links queued for `email`, oldest first: their tokens. */
  async function tokensTo(email: string): Promise<string[]> {
    const rows = await db()
      .select({ text: mailOutbox.text, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(mailOutbox.createdAt, mailOutbox.id);
    return rows
      .filter((row) => row.subject === 'Confirm Shop: confirm your e-mail address')
      .map((row) => {
        const token = /https:\/\/shop\.example\/confirm-email\/([\w-]+)/.exec(row.text)?.[1];
        if (!token) throw new Error(`No link in:\n${row.text}`);
        return token;
      });
  }

  const confirm = (token: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/users/confirm-email', payload: { token } });
  const profile = async (headers: Record<string, string>) =>
    (await t.app.inject({ url: '/api/users/profile', headers })).json<{
      email: string;
      emailVerified: boolean;
      pendingEmail?: string;
    }>();
  const resend = (headers: Record<string, string>, remoteAddress = '10.1.1.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/confirm-email/resend',
      headers,
      remoteAddress,
    });
  const ordersOf = async (userId: string) =>
    db().select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));

  it('sends a link on registering; the account cannot order until the link is followed, once', async () => {
    const shopper = await register();
    expect(shopper.emailVerified).toBe(false);
    const [token, ...more] = await tokensTo(shopper.email);
    expect(more).toEqual([]);
    expect(token).toMatch(/^[\w-]{43}$/);

    // Only a keyed hash of the token is stored.
    const stored = await db()
      .select()
      .from(emailConfirmations)
      .where(eq(emailConfirmations.userId, shopper._id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);
    const hoursValid = (stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()) / 3.6e6;
    expect(hoursValid).toBe(48);

    // Without a mail server, the log names the link once.
    const logged = log.lines.filter((line) => line.includes(`/confirm-email/${token}`));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({ level: 30, to: shopper.email });

    const product = await createProduct(db(), { price: '10.00', countInStock: 5 });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: orderBody([{ product, qty: 1 }]),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: M.notConfirmed });
    expect(await ordersOf(shopper._id)).toEqual([]);
    expect(await profile(shopper.headers)).toMatchObject({ emailVerified: false });

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: M.confirmed, email: shopper.email });
    expect(await profile(shopper.headers)).toMatchObject({ emailVerified: true });

    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: M.used });

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: orderBody([{ product, qty: 1 }]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('takes one of two clicks on the same link sent at once', async () => {
    const shopper = await register();
    const [token] = await tokensTo(shopper.email);
    const answers = await releaseTogether(
      t.app,
      Array.from({ length: 4 }, () => ({
        method: 'POST' as const,
        url: '/api/users/confirm-email',
        payload: { token },
      })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it('refuses an expired link and leaves the address unconfirmed', async () => {
    const shopper = await register();
    const [token] = await tokensTo(shopper.email);
    await db()
      .update(emailConfirmations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailConfirmations.userId, shopper._id));
    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: M.expired });
    expect(await profile(shopper.headers)).toMatchObject({ emailVerified: false });
  });

  it('refuses forged and altered tokens with one message', async () => {
    const shopper = await register();
    const [token] = await tokensTo(shopper.email);
    const flipped = `${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [flipped, `${token}x`, 'A'.repeat(43), 'not-a-token']) {
      const res = await confirm(forged);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: M.invalid });
    }
    for (const malformed of ['', 'x'.repeat(201), 42]) {
      expect((await confirm(malformed)).statusCode).toBe(400);
    }
    expect(await profile(shopper.headers)).toMatchObject({ emailVerified: false });
  });

  it('changes the e-mail only once the link sent to the new address is followed', async () => {
    const owner = await createSignedInUser(db());
    const newEmail = uniqueEmail('moving');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: owner.headers,
      payload: { name: owner.user.name, email: newEmail, currentPassword: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: owner.user.email, pendingEmail: newEmail });
    expect(await profile(owner.headers)).toEqual({
      _id: owner.user.id,
      name: owner.user.name,
      email: owner.user.email,
      isAdmin: false,
      emailVerified: true,
      pendingEmail: newEmail,
    });
    expect((await signIn(t.app, newEmail, TEST_PASSWORD)).statusCode).toBe(401);

    const [token] = await tokensTo(newEmail);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: M.confirmed, email: newEmail });
    expect(await profile(owner.headers)).toEqual({
      _id: owner.user.id,
      name: owner.user.name,
      email: newEmail,
      isAdmin: false,
      emailVerified: true,
    });
    expect((await signIn(t.app, newEmail, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(t.app, owner.user.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('refuses the new address when another account took it meanwhile, and keeps the old one', async () => {
    const owner = await createSignedInUser(db());
    const contested = uniqueEmail('contested');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: owner.headers,
      payload: { name: owner.user.name, email: contested, currentPassword: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const [token] = await tokensTo(contested);
    await register(contested.toUpperCase());

    const refused = await confirm(token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: M.taken });
    const [row] = await db().select().from(users).where(eq(users.id, owner.user.id));
    expect(row?.email).toBe(owner.user.email);

    // An address already taken is refused at the profile at once.
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: owner.headers,
      payload: { name: owner.user.name, email: contested, currentPassword: TEST_PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('sends a new link that replaces the older ones, and none to a confirmed account', async () => {
    const shopper = await register();
    const [first] = await tokensTo(shopper.email);
    const res = await resend(shopper.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: M.resent });
    const [, second, ...more] = await tokensTo(shopper.email);
    expect(more).toEqual([]);
    expect(second).toBeDefined();
    expect((await confirm(first)).json()).toEqual({ message: M.invalid });
    expect((await confirm(second)).statusCode).toBe(200);

    const done = await resend(shopper.headers);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ message: M.alreadyConfirmed });
  });

  it('limits new links per account, however many are asked for at once, and per address', async () => {
    const shopper = await register();
    const limit = rateLimitRules.confirmEmail.perEmail;
    const answers = await releaseTogether(
      t.app,
      Array.from({ length: limit + 3 }, () => ({
        method: 'POST' as const,
        url: '/api/users/confirm-email/resend',
        headers: shopper.headers,
      })),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(limit);
    expect(codes.filter((code) => code === 429)).toHaveLength(3);
    expect(await tokensTo(shopper.email)).toHaveLength(1 + limit);

    // Per client address: accounts of one address share its allowance.
    const address = '10.7.7.7';
    let last = 0;
    for (let i = 0; i <= rateLimitRules.confirmEmail.perAddress / limit; i += 1) {
      const other = await register();
      for (let j = 0; j < limit && last !== 429; j += 1) {
        last = (await resend(other.headers, address)).statusCode;
      }
    }
    expect(last).toBe(429);
  });
});
