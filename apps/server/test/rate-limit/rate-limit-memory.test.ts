import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitRules, signInRule } from '../../src/modules/rate-limit/rules.ts';
import { forgotPassword, signIn } from '../helpers/auth.ts';
import { createUser, TEST_PASSWORD, uniqueEmail } from '../helpers/factories.ts';
import { createTestClock, type TestClock } from '../helpers/test-clock.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Tests that hash about fifty passwords (argon2) get more time on a busy machine.
const SLOW_TEST_MS = 120_000;
let addressCounter = 0;
/** A client address no other test uses, so that each test starts with fresh counters. */
const newAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

function expectTooMany(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  minutes: number,
) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    message: `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
}

/** A short pause between guesses at one e-mail: said in seconds. */
function expectPause(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  seconds: number,
) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    message: `Too many attempts. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  });
  expect(res.headers['retry-after']).toBe(String(seconds));
}

describe('rate limits (memory store)', () => {
  let t: TestApp;
  let clock: TestClock;
  beforeAll(async () => {
    clock = createTestClock();
    t = await createTestApp({}, { clock });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress });
  const login = (email: string, password: string, remoteAddress: string) =>
    signIn(t.app, email, password, remoteAddress);

  it("locks out the guessing address, not the account's owner, and lifts it after the window", async () => {
    const user = await createUser(t.database.db);
    const attacker = newAddress();
    for (let i = 0; i < signInRule.perEmailAndAddress; i += 1) {
      expect((await login(user.email, 'wrong password', attacker)).statusCode).toBe(401);
    }
    // The attacker's address is refused even the right password, in any case of the e-mail.
    expectTooMany(await login(user.email, TEST_PASSWORD, attacker), 15);
    expectTooMany(await login(user.email.toUpperCase(), TEST_PASSWORD, attacker), 15);
    // The owner, elsewhere, waits out the short pause the last guess started, then signs in.
    const owner = newAddress();
    const paused = await login(user.email, TEST_PASSWORD, owner);
    expectPause(paused, 1);
    clock.advance(1_000);
    expect((await login(user.email, TEST_PASSWORD, owner)).statusCode).toBe(200);

    clock.advance(5 * 60_000);
    expectTooMany(await login(user.email, TEST_PASSWORD, attacker), 10);
    clock.advance(10 * 60_000);
    expect((await login(user.email, TEST_PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('spaces guesses at one e-mail from many addresses with pauses that double up to a minute', async () => {
    const user = await createUser(t.database.db);
    const { spacedFrom, maxPauseMs } = signInRule.perEmail;
    for (let i = 1; i < spacedFrom; i += 1) {
      expect((await login(user.email, 'wrong password', newAddress())).statusCode).toBe(401);
    }
    const pauses: number[] = [];
    for (let guess = 0; guess < 10; guess += 1) {
      expect((await login(user.email, 'wrong password', newAddress())).statusCode).toBe(401);
      const refused = await login(user.email, 'wrong password', newAddress());
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      pauses.push(seconds);
      clock.advance(seconds * 1_000);
    }
    expect(pauses).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);
    expect(Math.max(...pauses) * 1_000).toBe(maxPauseMs);
    // Refused guesses did not lengthen the pause; the owner gets in when it is over.
    expect((await login(user.email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const user = await createUser(t.database.db);
    const address = newAddress();
    for (let i = 0; i < signInRule.perEmailAndAddress + signInRule.perEmail.spacedFrom; i += 1) {
      expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    }
  });

  it(
    'limits failed sign-ins per address, whatever the e-mail',
    async () => {
      const address = newAddress();
      for (let i = 0; i < signInRule.perAddress; i += 1) {
        expect((await login(uniqueEmail(), 'wrong password', address)).statusCode).toBe(401);
      }
      const user = await createUser(t.database.db);
      expectTooMany(await login(user.email, TEST_PASSWORD, address), 15);
      expect((await login(user.email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
    },
    SLOW_TEST_MS,
  );

  it(
    'limits registering per e-mail across addresses, and per address',
    async () => {
      const email = uniqueEmail();
      const register = (mail: string, address: string) =>
        post('/api/users', { name: 'R', email: mail, password: 'password-1' }, address);
      expect((await register(email, newAddress())).statusCode).toBe(201);
      for (let i = 1; i < rateLimitRules.register.perEmail; i += 1) {
        expect((await register(email, newAddress())).statusCode).toBe(409);
      }
      expectTooMany(await register(email, newAddress()), 60);

      const address = newAddress();
      for (let i = 0; i < rateLimitRules.register.perAddress; i += 1) {
        expect((await register(uniqueEmail(), address)).statusCode).toBe(201);
      }
      expectTooMany(await register(uniqueEmail(), address), 60);
    },
    SLOW_TEST_MS,
  );

  it('limits forgot-password per e-mail across addresses, and per address', async () => {
    const user = await createUser(t.database.db);
    const forgot = (email: string, address: string) => forgotPassword(t.app, email, address);
    for (let i = 0; i < rateLimitRules.forgotPassword.perEmail; i += 1) {
      expect((await forgot(user.email, newAddress())).statusCode).toBe(200);
    }
    expectTooMany(await forgot(user.email, newAddress()), 15);

    const address = newAddress();
    for (let i = 0; i < rateLimitRules.forgotPassword.perAddress; i += 1) {
      expect((await forgot(uniqueEmail(), address)).statusCode).toBe(200);
    }
    expectTooMany(await forgot(uniqueEmail(), address), 15);
  });

  it('limits code checks and resets together, per e-mail and per address', async () => {
    const email = uniqueEmail();
    const check = (mail: string, address: string) =>
      post('/api/users/forgotpassword/check', { email: mail, resetToken: '123456' }, address);
    const reset = (mail: string, address: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/resetpassword',
        payload: { email: mail, resetToken: '123456', newPassword: 'password-1' },
        remoteAddress: address,
      });
    for (let i = 0; i < rateLimitRules.resetCode.perEmail; i += 1) {
      const res = await (i % 2 ? check(email, newAddress()) : reset(email, newAddress()));
      expect(res.statusCode).toBe(400);
    }
    expectTooMany(await check(email, newAddress()), 15);
    expectTooMany(await reset(email, newAddress()), 15);

    const address = newAddress();
    for (let i = 0; i < rateLimitRules.resetCode.perAddress; i += 1) {
      expect((await check(uniqueEmail(), address)).statusCode).toBe(400);
    }
    expectTooMany(await check(uniqueEmail(), address), 15);
  });
});
