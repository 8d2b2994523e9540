import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import {
  createSignedInUser,
  createUser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('register, sign in and profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/users', payload });
  const login = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload });

  it('registers a customer, signed in at once, even when the body asks for admin rights', async () => {
    const email = uniqueEmail();
    const res = await register({ name: 'Ann', email, password: 'a-good-password', isAdmin: true });
    expect(res.statusCode).toBe(201);
    const info = res.json();
    expect(info).toEqual({
      _id: expect.any(String),
      name: 'Ann',
      email,
      isAdmin: false,
      emailVerified: false,
      token: expect.any(String),
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, info._id));
    expect(row?.isAdmin).toBe(false);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const profile = await t.app.inject({ url: '/api/users/profile', headers: bearer(info.token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({
      _id: info._id,
      name: 'Ann',
      email,
      isAdmin: false,
      emailVerified: false,
    });
  });

  it('stores the e-mail in lower case and refuses the same e-mail in another case with 409', async () => {
    const email = uniqueEmail();
    const first = await register({
      name: 'Bo',
      email: email.toUpperCase(),
      password: 'password-1',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().email).toBe(email);
    const again = await register({ name: 'Bo 2', email: ` ${email} `, password: 'password-2' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'User already exists' });

    // An account stored with capitals (older data) is found in any case as well.
    const mixed = `Mixed.${randomUUID()}@Example.test`;
    await createUser(t.database.db, { email: mixed });
    expect(
      (await register({ name: 'X', email: mixed.toLowerCase(), password: 'password-3' }))
        .statusCode,
    ).toBe(409);
    expect((await login({ email: mixed.toUpperCase(), password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('lets only one of two simultaneous registrations with one e-mail through', async () => {
    const email = uniqueEmail();
    const answers = await Promise.all([
      register({ name: 'Twin 1', email, password: 'password-1' }),
      register({ name: 'Twin 2', email: email.toUpperCase(), password: 'password-2' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
  });

  it('checks the register body: password length, e-mail format, name', async () => {
    const short = await register({ name: 'Cy', email: uniqueEmail(), password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/password.*at least 8 characters/i);
    const long = await register({ name: 'Cy', email: uniqueEmail(), password: 'x'.repeat(129) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 128/);
    const badEmail = await register({ name: 'Cy', email: 'not-an-email', password: 'password-1' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Enter a valid e-mail address');
    const noName = await register({ name: ' ', email: uniqueEmail(), password: 'password-1' });
    expect(noName.statusCode).toBe(400);
  });

  it('signs in with the right password and gives one answer for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(t.database.db);
    const ok = await login({ email: user.email, password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      _id: user.id,
      name: user.name,
      email: user.email,
      isAdmin: false,
      emailVerified: true,
      token: expect.any(String),
    });
    const me = await t.app.inject({ url: '/api/users/profile', headers: bearer(ok.json().token) });
    expect(me.json()._id).toBe(user.id);

    const wrongPassword = await login({ email: user.email, password: 'not the password' });
    const unknownEmail = await login({ email: uniqueEmail(), password: TEST_PASSWORD });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password' });
    expect(unknownEmail.body).toBe(wrongPassword.body);
  });

  it('answers 401 on the profile when signed out', async () => {
    expect((await t.app.inject({ url: '/api/users/profile' })).statusCode).toBe(401);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { name: 'X', email: uniqueEmail() },
    });
    expect(put.statusCode).toBe(401);
  });

  it('updates the name with a fresh token, keeps isAdmin as it was, and waits for the new e-mail to be confirmed', async () => {
    const { user, headers } = await createSignedInUser(t.database.db);
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers,
      payload: {
        name: 'New Name',
        email: email.toUpperCase(),
        password: '',
        currentPassword: TEST_PASSWORD,
        isAdmin: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: user.id,
      name: 'New Name',
      email: user.email,
      isAdmin: false,
      emailVerified: true,
      pendingEmail: email,
      token: expect.any(String),
    });
    // Without a new password the older token still works and the old password still signs in,
    // with the address the account keeps until the link sent to the new one is followed.
    expect((await t.app.inject({ url: '/api/users/profile', headers })).statusCode).toBe(200);
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a profile e-mail that another account uses', async () => {
    const other = await createUser(t.database.db);
    const { headers } = await createSignedInUser(t.database.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers,
      payload: { name: 'Me', email: other.email.toUpperCase(), currentPassword: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This e-mail is already used by another account' });
  });

  it('ends older sessions when the password changes; the new token and password work', async () => {
    const { user, headers } = await createSignedInUser(t.database.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers,
      payload: {
        name: user.name,
        email: user.email,
        password: 'my-new-password',
        currentPassword: TEST_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(200);
    const old = await t.app.inject({ url: '/api/users/profile', headers });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: 'Your session has ended. Please sign in again.' });
    const fresh = await t.app.inject({
      url: '/api/users/profile',
      headers: bearer(res.json().token),
    });
    expect(fresh.statusCode).toBe(200);

    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: 'my-new-password' })).statusCode).toBe(200);
  });

  it('refuses a too short new profile password', async () => {
    const { user, headers } = await createSignedInUser(t.database.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers,
      payload: { name: user.name, email: user.email, password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at least 8 characters/);
  });

  it('describes every users route in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/users',
        '/api/users/login',
        '/api/users/profile',
        '/api/users/forgotpassword',
        '/api/users/forgotpassword/check',
        '/api/users/resetpassword',
        '/api/users/{id}',
      ]),
    );
    expect(doc.paths['/api/users/profile'].put.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/users/login'].post.security).toBeUndefined();
  });
});
