import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endedSessions, products, reviews } from '../../src/db/schema.ts';
import { SESSION_ENDED } from '../../src/modules/auth/access-plugin.ts';
import { signToken } from '../../src/modules/auth/tokens.ts';
import { signIn } from '../helpers/auth.ts';
import {
  createProduct,
  createSignedInUser,
  createUser,
  TEST_JWT_SECRET,
  TEST_PASSWORD,
} from '../helpers/factories.ts';
import {
  countStatuses,
  releaseTogether,
  type PreparedRequest,
} from '../helpers/release-together.ts';
import { apiOperations, fillPath, operationName } from '../helpers/security-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// POST /api/users/logout ends the session of the token it is sent with, on the server: a token
// copied before the shopper signed out is refused from then on.
describe('sign-out on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const logout = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) });
  const profile = (token: string) =>
    t.app.inject({ url: '/api/users/profile', headers: bearer(token) });

  it('answers 204, then refuses the token on every signed-in and admin route with 401', async () => {
    const admin = await createUser(t.database.db, { isAdmin: true });
    const login = await signIn(t.app, admin.email, TEST_PASSWORD);
    expect(login.statusCode).toBe(200);
    const { token } = login.json<{ token: string }>();
    expect((await profile(token)).statusCode).toBe(200);

    const out = await logout(token);
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');

    const signedIn = (await apiOperations(t.app)).filter((op) => op.access !== 'public');
    expect(signedIn.length).toBeGreaterThanOrEqual(15);
    for (const op of signedIn) {
      const res = await t.app.inject({
        method: op.method,
        url: fillPath(op.path, admin.id),
        headers: bearer(token),
        ...(op.hasBody && { payload: {} }),
      });
      expect(res.statusCode, operationName(op)).toBe(401);
      expect(res.json(), operationName(op)).toEqual({ message: SESSION_ENDED });
    }
  });

  it("ends only that session: the user's other sessions go on", async () => {
    const user = await createUser(t.database.db);
    const phone = await signToken(user, TEST_JWT_SECRET);
    const laptop = await signToken(user, TEST_JWT_SECRET);
    expect((await logout(phone)).statusCode).toBe(204);
    expect((await profile(phone)).statusCode).toBe(401);
    expect((await profile(laptop)).statusCode).toBe(200);
  });

  it('answers 401 to a second sign-out with the same token', async () => {
    const { token } = await createSignedInUser(t.database.db);
    expect((await logout(token)).statusCode).toBe(204);
    const again = await logout(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: SESSION_ENDED });
  });

  it('keeps a token made before tokens carried a jti working until it expires (it names no session to end)', async () => {
    const user = await createUser(t.database.db);
    const now = Math.floor(Date.now() / 1000);
    const oldStyle = await new SignJWT({ ver: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await profile(oldStyle)).statusCode).toBe(200);
    expect((await logout(oldStyle)).statusCode).toBe(204);
    expect((await profile(oldStyle)).statusCode).toBe(200);
    expect(await t.database.db.$count(endedSessions, eq(endedSessions.userId, user.id))).toBe(0);
  });

  it('records the ended session until its token expires, and deletes those past it', async () => {
    const user = await createUser(t.database.db);
    const longGone = { userId: user.id, expiresAt: new Date(Date.now() - 3_600_000) };
    await t.database.db.insert(endedSessions).values([
      { jti: crypto.randomUUID(), ...longGone },
      { jti: crypto.randomUUID(), ...longGone },
    ]);
    const token = await signToken(user, TEST_JWT_SECRET);
    const { exp, jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect((await logout(token)).statusCode).toBe(204);
    const rows = await t.database.db
      .select()
      .from(endedSessions)
      .where(eq(endedSessions.userId, user.id));
    expect(rows).toEqual([{ jti, userId: user.id, expiresAt: new Date(exp * 1000) }]);
  });

  it('refuses a change whose session was ended while its body was arriving, and makes none', async () => {
    // A second app that says when a request has passed the access guard and waits for its body.
    const guardPassed = new Map<string, () => void>();
    const slow = await createTestApp(
      {},
      {
        extraRoutes: (app) =>
          app.addHook('preParsing', async (request) => {
            guardPassed.get(`${request.method} ${request.url}`)?.();
          }),
      },
    );
    try {
      const { db } = slow.database;
      const product = await createProduct(db, { name: 'Unchanged by the signed-out' });
      const shopper = await createSignedInUser(db);
      const admin = await createSignedInUser(db, { isAdmin: true });
      const review: PreparedRequest = {
        method: 'POST',
        url: `/api/products/${product.id}/reviews`,
        headers: shopper.headers,
        payload: { rating: 1, comment: 'Written after signing out' },
      };
      const edit: PreparedRequest = {
        method: 'PUT',
        url: `/api/products/${product.id}`,
        headers: admin.headers,
        payload: {
          name: 'Changed after signing out',
          price: 1,
          image: '/images/sample.webp',
          brand: 'B',
          category: 'C',
          countInStock: 1,
          description: 'D',
        },
      };
      const passed = [review, edit].map(
        ({ method, url }) =>
          new Promise<void>((resolve) => guardPassed.set(`${method} ${url}`, resolve)),
      );
      const answers = await releaseTogether(slow.app, [review, edit], {
        beforeRelease: async () => {
          // Both were let in by the guard; the sign-outs commit before their last byte arrives.
          await Promise.all(passed);
          for (const token of [shopper.token, admin.token]) {
            const out = await slow.app.inject({
              method: 'POST',
              url: '/api/users/logout',
              headers: bearer(token),
            });
            expect(out.statusCode).toBe(204);
          }
        },
      });
      expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401]);
      expect(await db.$count(reviews, eq(reviews.productId, product.id))).toBe(0);
      const [row] = await db.select().from(products).where(eq(products.id, product.id));
      expect(row?.name).toBe('Unchanged by the signed-out');
    } finally {
      await slow.close();
    }
  });

  it('answers requests released together with the sign-out as before it or with 401, never 500', async () => {
    const product = await createProduct(t.database.db);
    const { headers, token } = await createSignedInUser(t.database.db);
    const requests: PreparedRequest[] = [
      { method: 'POST', url: '/api/users/logout', headers },
      {
        method: 'POST',
        url: `/api/products/${product.id}/reviews`,
        headers,
        payload: { rating: 5, comment: 'Raced' },
      },
      ...Array.from({ length: 8 }, (): PreparedRequest => ({
        method: 'GET',
        url: '/api/users/profile',
        headers,
      })),
      ...Array.from({ length: 8 }, (): PreparedRequest => ({
        method: 'GET',
        url: '/api/orders/myorders',
        headers,
      })),
      // A second sign-out of the same token: one of the two ends it, the other finds it ended.
      { method: 'POST', url: '/api/users/logout', headers },
    ];
    const answers = await releaseTogether(t.app, requests);
    const [firstOut, review, ...rest] = answers;
    const lastOut = rest.pop()!;
    expect(countStatuses([firstOut!, lastOut])).toEqual({ 204: 1, 401: 1 });
    expect([201, 401]).toContain(review!.statusCode);
    for (const answer of rest) expect([200, 401]).toContain(answer.statusCode);
    const reviewsMade = await t.database.db.$count(reviews, eq(reviews.productId, product.id));
    expect(reviewsMade).toBe(review!.statusCode === 201 ? 1 : 0);
    expect((await profile(token)).statusCode).toBe(401);
  });
});
