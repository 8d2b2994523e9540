import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { signInRule } from '../../src/modules/rate-limit/rules.ts';
import { signIn } from '../helpers/auth.ts';
import { createSignedInUser, TEST_PASSWORD, uniqueEmail } from '../helpers/factories.ts';
import { mailPart, startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// A stolen session (a token copied from a shared computer) must not be enough to take the
// account: changing what signs it in needs the current password, and the owner is told.
describe('account takeover with a stolen token', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, SHOP_NAME: 'Takeover Shop' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const update = (headers: Record<string, string>, payload: object, remoteAddress?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers,
      payload,
      ...(remoteAddress && { remoteAddress }),
    });
  const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));

  it('refuses a new e-mail or password without the right current password, and changes nothing', async () => {
    const victim = await createSignedInUser(t.database.db, { name: 'Victim Name' });
    const before = await t.database.db.select().from(users).where(eq(users.id, victim.user.id));
    const attacker = uniqueEmail('attacker');
    for (const changes of [{ email: attacker }, { password: 'attackers-password' }]) {
      const base = { name: victim.user.name, email: victim.user.email, ...changes };
      const missing = await update(victim.headers, base);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        message: 'Enter your current password to change your e-mail or password',
      });
      const wrong = await update(victim.headers, { ...base, currentPassword: 'a guess' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ message: 'Your current password is not correct' });
    }
    const after = await t.database.db.select().from(users).where(eq(users.id, victim.user.id));
    expect(after).toEqual(before);
    await t.app.mailOutbox.runOnce();
    expect(mailsTo(victim.user.email)).toEqual([]);
  });

  it('changes the name alone without the current password, and e-mails nobody', async () => {
    const shopper = await createSignedInUser(t.database.db);
    const res = await update(shopper.headers, { name: 'Only A Name', email: shopper.user.email });
    expect(res.statusCode).toBe(200);
    await t.app.mailOutbox.runOnce();
    expect(mailsTo(shopper.user.email)).toEqual([]);
  });

  it('tells the old address when the e-mail and password change, quoting nothing typed', async () => {
    const owner = await createSignedInUser(t.database.db, { name: 'Owner Quotable' });
    const newEmail = uniqueEmail('moved');
    const res = await update(owner.headers, {
      name: owner.user.name,
      email: newEmail,
      password: 'a-new-password',
      currentPassword: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: owner.user.email, pendingEmail: newEmail });
    // The new password works at once; the new address only once its link is followed.
    expect((await signIn(t.app, owner.user.email, 'a-new-password')).statusCode).toBe(200);
    expect((await signIn(t.app, newEmail, 'a-new-password')).statusCode).toBe(401);

    await t.app.mailOutbox.runOnce();
    const [link, ...moreLinks] = mailsTo(newEmail);
    expect(moreLinks).toEqual([]);
    expect(link?.raw).toMatch(/^Subject: Takeover Shop: confirm your e-mail address/m);
    const token = /\/confirm-email\/([\w-]+)/.exec(mailPart(link!, 'text/plain'))?.[1];
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/users/confirm-email',
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await signIn(t.app, newEmail, 'a-new-password')).statusCode).toBe(200);

    await t.app.mailOutbox.runOnce();
    const notices = mailsTo(owner.user.email);
    expect(notices).toHaveLength(2);
    const said = [
      'The password of your Takeover Shop account was just changed.',
      'The e-mail address of your Takeover Shop account was just changed.',
    ];
    notices.forEach((notice, index) => {
      expect(notice.raw).toMatch(/^Subject: Takeover Shop: your account was changed/m);
      for (const part of ['text/plain', 'text/html']) {
        const body = mailPart(notice, part);
        expect(body).toContain(said[index]);
        expect(body).not.toContain('Owner Quotable');
        expect(body).not.toContain(newEmail);
      }
    });
    for (const part of ['text/plain', 'text/html']) {
      expect(mailPart(link!, part)).not.toContain('Owner Quotable');
    }
  });

  it('counts wrong current passwords like failed sign-ins', async () => {
    const victim = await createSignedInUser(t.database.db);
    const address = '10.9.9.9';
    const guess = (currentPassword: string) =>
      update(
        victim.headers,
        { name: victim.user.name, email: uniqueEmail('guess'), currentPassword },
        address,
      );
    for (let i = 0; i < signInRule.perEmailAndAddress; i += 1) {
      expect((await guess(`guess number ${i}`)).statusCode).toBe(403);
    }
    expect((await guess(TEST_PASSWORD)).statusCode).toBe(429);
    // The same counts guard the sign-in form from that address.
    expect((await signIn(t.app, victim.user.email, TEST_PASSWORD, address)).statusCode).toBe(429);
  });
});
