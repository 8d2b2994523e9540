import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitRules, signInRule } from '../../src/modules/rate-limit/rules.ts';
import { createUser } from '../helpers/factories.ts';
import {
  countStatuses,
  releaseCopies,
  releaseTogether,
  type PreparedRequest,
} from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Every limit is taken before the work it guards, atomically: N attempts released in the same
// tick are judged at most as often as the limit allows, and the rest are refused with 429.
const ATTEMPTS = 50;
const uniqueEmail = () => `together-${randomUUID()}@example.test`;
let lastAddress = 0;
/** A client address (forwarded by the trusted proxy) no other request of this file uses. */
const newAddress = () => `10.7.${Math.floor(++lastAddress / 250)}.${lastAddress % 250}`;

const wrongPassword = (email: string, address = newAddress()): PreparedRequest => ({
  method: 'POST',
  url: '/api/users/login',
  headers: { 'x-forwarded-for': address },
  payload: { email, password: 'wrong password' },
});

describe('limits hold when attempts arrive together', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind one trusted proxy, so that each request can come from an address of its own. The
    // clock held: on a busy machine 50 attempts can take longer than a spaced key's first pause
    // (1 s), and an attempt admitted after it would be the rule working, not a race.
    const held = new Date();
    t = await createTestApp({ TRUST_PROXY: '1' }, { clock: { now: () => held } });
  });
  afterAll(() => t.close());

  it(`judges at most ${signInRule.perEmailAndAddress} of ${ATTEMPTS} simultaneous guesses at one e-mail from one address`, async () => {
    const user = await createUser(t.database.db);
    const answers = await releaseCopies(t.app, wrongPassword(user.email, newAddress()), ATTEMPTS);
    expect(countStatuses(answers)).toEqual({ 401: 10, 429: ATTEMPTS - 10 });
  });

  it(`judges at most ${signInRule.perEmail.spacedFrom} of ${ATTEMPTS} simultaneous guesses at one e-mail from ${ATTEMPTS} addresses`, async () => {
    const user = await createUser(t.database.db);
    const requests = Array.from({ length: ATTEMPTS }, () => wrongPassword(user.email));
    const answers = await releaseTogether(t.app, requests);
    expect(countStatuses(answers)).toEqual({ 401: 10, 429: ATTEMPTS - 10 });
  });

  it(`judges at most ${signInRule.perAddress} of ${ATTEMPTS + 10} simultaneous guesses from one address at many e-mails`, async () => {
    const address = newAddress();
    const requests = Array.from({ length: signInRule.perAddress + 10 }, () =>
      wrongPassword(uniqueEmail(), address),
    );
    const answers = await releaseTogether(t.app, requests);
    expect(countStatuses(answers)).toEqual({ 401: signInRule.perAddress, 429: 10 });
  }, 120_000);

  it(`registers at most ${rateLimitRules.register.perEmail} of ${ATTEMPTS} simultaneous sign-ups for one e-mail`, async () => {
    const email = uniqueEmail();
    const requests = Array.from({ length: ATTEMPTS }, (): PreparedRequest => ({
      method: 'POST',
      url: '/api/users',
      headers: { 'x-forwarded-for': newAddress() },
      payload: { name: 'Together', email, password: 'password-1' },
    }));
    const counts = countStatuses(await releaseTogether(t.app, requests));
    const { perEmail } = rateLimitRules.register;
    expect(counts).toEqual({ 201: 1, 409: perEmail - 1, 429: ATTEMPTS - perEmail });
  }, 60_000);

  it(`answers at most ${rateLimitRules.forgotPassword.perEmail} of ${ATTEMPTS} simultaneous reset requests for one e-mail`, async () => {
    const user = await createUser(t.database.db);
    const requests = Array.from({ length: ATTEMPTS }, (): PreparedRequest => ({
      method: 'POST',
      url: '/api/users/forgotpassword',
      headers: { 'x-forwarded-for': newAddress() },
      payload: { email: user.email },
    }));
    const { perEmail } = rateLimitRules.forgotPassword;
    expect(countStatuses(await releaseTogether(t.app, requests))).toEqual({
      200: perEmail,
      429: ATTEMPTS - perEmail,
    });
  });

  it(`checks at most ${rateLimitRules.resetCode.perEmail} of ${ATTEMPTS} simultaneous reset codes for one e-mail`, async () => {
    const email = uniqueEmail();
    const requests = Array.from({ length: ATTEMPTS }, (_, i): PreparedRequest => ({
      method: 'POST',
      url: '/api/users/forgotpassword/check',
      headers: { 'x-forwarded-for': newAddress() },
      payload: { email, resetToken: String(100_000 + i) },
    }));
    const { perEmail } = rateLimitRules.resetCode;
    expect(countStatuses(await releaseTogether(t.app, requests))).toEqual({
      400: perEmail,
      429: ATTEMPTS - perEmail,
    });
  });
});
