import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as password from '../../src/modules/auth/password.ts';
import { signIn } from '../helpers/auth.ts';
import { createUser, TEST_PASSWORD } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The real password module, watched: which hash each sign-in checked, and with what result.
vi.mock('../../src/modules/auth/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof password>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const verifyPassword = vi.mocked(password.verifyPassword);

/** Status, body and headers of an answer, without the two headers that differ on every call. */
function visible(res: LightMyRequestResponse) {
  const { date: _date, 'x-request-id': _requestId, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
}

describe('sign-in: a wrong password and an unknown e-mail look the same', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  // A block, not an arrow answering the mock: vitest would run an answered function as cleanup.
  beforeEach(() => {
    verifyPassword.mockClear();
  });

  let calls = 0;
  // One address per call: the failed sign-in limit must not answer instead.
  const login = (email: string, pass: string) =>
    signIn(t.app, email, pass, `10.9.0.${(calls += 1)}`);

  it('answers a known e-mail with a wrong password and an unknown e-mail with the same status, body and headers', async () => {
    const user = await createUser(t.database.db);
    const wrongPassword = await login(user.email, 'not-the-password');
    const unknownEmail = await login(`nobody-${randomUUID()}@example.test`, 'not-the-password');
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password' });
    expect(visible(unknownEmail)).toEqual(visible(wrongPassword));
  });

  it('checks an unknown e-mail against a dummy argon2id hash, as much work as a wrong password', async () => {
    const user = await createUser(t.database.db);
    await login(user.email, 'not-the-password');
    expect(verifyPassword).toHaveBeenCalledTimes(1);
    expect(verifyPassword.mock.calls[0]![0]).toBe(user.passwordHash);

    verifyPassword.mockClear();
    const other = await createUser(t.database.db, { email: `other-${randomUUID()}@example.test` });
    await login(`nobody-${randomUUID()}@example.test`, TEST_PASSWORD);
    expect(verifyPassword).toHaveBeenCalledTimes(1);
    const [dummyHash, given] = verifyPassword.mock.calls[0]!;
    // The same kind of hash with the same cost as the users' hashes, so it takes as long.
    const params = (hash: string) => hash.split('$').slice(1, 4).join('$');
    expect(dummyHash).toMatch(/^\$argon2id\$/);
    expect(params(dummyHash)).toBe(params(user.passwordHash));
    // Not any account's hash: the right password of an existing user does not open it.
    expect(dummyHash).not.toBe(other.passwordHash);
    expect(given).toBe(TEST_PASSWORD);
    expect(await verifyPassword.mock.results[0]!.value).toBe(false);
  });
});
