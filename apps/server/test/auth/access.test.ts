import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { currentUser } from '../../src/modules/auth/access-plugin.ts';
import { signToken, TOKEN_LIFETIME_SECONDS } from '../../src/modules/auth/tokens.ts';
import { createSignedInUser, createUser, TEST_JWT_SECRET } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// One route of each protected access level, added the way feature modules add theirs.
function probeRoutes(app: FastifyInstance) {
  app.get('/api/probe/user', { config: { access: 'user' } }, async (request) => ({
    id: currentUser(request).id,
  }));
  app.post('/api/probe/admin', { config: { access: 'admin' } }, async () => ({ ok: true }));
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access rules and session tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { extraRoutes: probeRoutes });
  });
  afterAll(() => t.close());

  const callAsUser = (authorization?: string) =>
    t.app.inject({ url: '/api/probe/user', headers: authorization ? { authorization } : {} });

  it('refuses to start with an /api route that declares no access rule', async () => {
    await expect(
      createTestApp(
        {},
        {
          extraRoutes: (app) => {
            app.get('/api/no-rule', async () => ({}));
          },
        },
      ),
    ).rejects.toThrow(/GET \/api\/no-rule declares no config.access rule/);
  });

  it('lets a signed-in user through and answers 401 without a token', async () => {
    const { user, headers } = await createSignedInUser(t.database.db);
    const ok = await callAsUser(headers.authorization);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: user.id });

    const none = await callAsUser();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Not authorized, please sign in' });
    expect((await callAsUser('Basic abc')).statusCode).toBe(401);
  });

  it('answers 403 to a customer and 401 to a signed-out caller on an admin route, before reading the body', async () => {
    const customer = await createSignedInUser(t.database.db);
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const call = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/probe/admin',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{not json',
      });
    const asCustomer = await call(customer.headers);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ message: 'Not authorized as an admin' });
    expect((await call({})).statusCode).toBe(401);
    // The admin gets past the access rule to the body, which is then refused as malformed.
    expect((await call(admin.headers)).statusCode).toBe(400);
  });

  it('refuses tokens signed with another key, with alg none, with a changed payload or expired', async () => {
    const user = await createUser(t.database.db);
    const refused = async (token: string) => {
      const res = await callAsUser(`Bearer ${token}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Your session has ended. Please sign in again.' });
    };
    await refused(await signToken(user, 'another-secret-that-is-also-long-enough-to-sign'));

    const good = await signToken(user, TEST_JWT_SECRET);
    const [, payload, signature] = good.split('.');
    await refused(`${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`);
    const other = await createUser(t.database.db);
    const changed = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: other.id };
    await refused(`${good.split('.')[0]}.${base64url(changed)}.${signature}`);

    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await refused(await signToken(user, TEST_JWT_SECRET, eightDaysAgo));
    // HS512 with the right key is still refused: the algorithm is fixed.
    await refused(
      await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(TEST_JWT_SECRET)),
    );
    expect((await callAsUser(`Bearer ${good}`)).statusCode).toBe(200);
  });

  it('refuses a token without an end, or made to last longer than the shop issues', async () => {
    const user = await createUser(t.database.db);
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const signed = (claims: { iat?: number; exp?: number }) => {
      const jwt = new SignJWT({ ver: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id);
      if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
      if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
      return jwt.sign(key);
    };
    const now = Math.floor(Date.now() / 1000);
    const statusOf = async (token: Promise<string>) =>
      (await callAsUser(`Bearer ${await token}`)).statusCode;
    expect(await statusOf(signed({ iat: now }))).toBe(401);
    expect(await statusOf(signed({ exp: now + 3600 }))).toBe(401);
    expect(await statusOf(signed({ iat: now, exp: now + TOKEN_LIFETIME_SECONDS + 1 }))).toBe(401);
    expect(await statusOf(signed({ iat: now + 3600, exp: now + 7200 }))).toBe(401);
    // The same claims within the shop's own lifetime are accepted: only the claims differ.
    expect(await statusOf(signed({ iat: now, exp: now + TOKEN_LIFETIME_SECONDS }))).toBe(200);
  });

  it('refuses a token once it has expired, though it was accepted before', async () => {
    const { headers } = await createSignedInUser(t.database.db);
    expect((await callAsUser(headers.authorization)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (TOKEN_LIFETIME_SECONDS + 1) * 1000);
      const res = await callAsUser(headers.authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Your session has ended. Please sign in again.' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a token made before the token version was raised (password change), and of a deleted user', async () => {
    const { user, headers } = await createSignedInUser(t.database.db);
    expect((await callAsUser(headers.authorization)).statusCode).toBe(200);
    await t.database.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, user.id));
    expect((await callAsUser(headers.authorization)).statusCode).toBe(401);

    const gone = await createSignedInUser(t.database.db);
    await t.database.db.delete(users).where(eq(users.id, gone.user.id));
    expect((await callAsUser(gone.headers.authorization)).statusCode).toBe(401);
  });

  it('makes tokens that expire after 7 days and carry only the id, version and a session id', async () => {
    const user = await createUser(t.database.db);
    const token = await signToken(user, TEST_JWT_SECRET);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(TOKEN_LIFETIME_SECONDS).toBe(604_800);
    expect(payload.exp - payload.iat).toBe(TOKEN_LIFETIME_SECONDS);
    expect(payload.sub).toBe(user.id);
    expect(Object.keys(payload).sort()).toEqual(['exp', 'iat', 'jti', 'sub', 'ver']);
    // A random UUID of its own per token: signing out ends that session alone.
    expect(payload.jti).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const again = await signToken(user, TEST_JWT_SECRET);
    expect(JSON.parse(Buffer.from(again.split('.')[1]!, 'base64url').toString()).jti).not.toBe(
      payload.jti,
    );
  });

  it('marks protected routes with the bearer scheme in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.paths['/api/probe/user'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/products'].get.security).toBeUndefined();
  });
});
