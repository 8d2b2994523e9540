import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../src/modules/auth/tokens.ts';
import { createSignedInUser, TEST_JWT_SECRET } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const RUNS = 5_000;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/** Longer than this without an answer counts as a hung request. */
const HANG_MS = 5_000;

interface Route {
  method: string;
  path: string;
}

const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', '💥'.repeat(50), '../../etc/passwd', '%', '%zz'),
  fc.constantFrom('00000000-0000-0000-0000-000000000000', 'null', '-1', '1e309', 'NaN'),
  fc.nat(200_000).map((n) => 'x'.repeat(n)),
);
const deep = fc.nat(5_000).map((depth) => '['.repeat(depth) + ']'.repeat(depth));
const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc
    .dictionary(
      oddText,
      fc.oneof(oddText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null)),
    )
    .map((value) => JSON.stringify(value)),
  deep,
  oddText,
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'image/png',
  'garbage',
  undefined,
);

/** Every UTF-8 byte percent-encoded; a lone surrogate becomes U+FFFD instead of throwing. */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');
}

/**
 * Malformed requests of every kind to every route of the OpenAPI document, signed out, as a
 * customer, as an admin and with a broken token: none may answer 5xx or hang.
 */
describe('fuzzing every route of the OpenAPI document', () => {
  let t: TestApp;
  let routes: Route[];
  const auth: Record<string, string | undefined> = {};
  const signedIn: Record<string, { id: string; tokenVersion: number }> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await t.app.inject('/api/openapi.json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
    const customer = await createSignedInUser(t.database.db);
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    auth.customer = `Bearer ${customer.token}`;
    auth.admin = `Bearer ${admin.token}`;
    signedIn.customer = customer.user;
    signedIn.admin = admin.user;
    auth.broken = 'Bearer not.a.token';
  });
  afterAll(() => t?.close());

  it(`answers ${RUNS} malformed requests across every route with no 5xx and none hung`, async () => {
    expect(routes.length).toBeGreaterThan(15);
    console.log(`fuzz seed ${SEED} (FUZZ_SEED replays it); ${routes.length} routes`);
    const request = fc.record({
      route: fc.constantFrom(...routes),
      param: oddText,
      query: fc.dictionary(fc.string({ maxLength: 12 }), oddText, { maxKeys: 4 }),
      body: fc.option(jsonBody, { nil: undefined }),
      contentType,
      who: fc.constantFrom('none', 'customer', 'admin', 'broken'),
    });
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const url =
          r.route.path.replace(/\{[^}]+\}/g, () => percentEncode(r.param)) +
          `?${new URLSearchParams(r.query).toString()}`;
        const headers: Record<string, string> = {};
        const user = signedIn[r.who];
        // A sign-out ends the session it is sent with: it gets a token of its own, so the
        // customer's and the admin's stay signed in for the rest of the run.
        const token =
          r.route.path === '/api/users/logout' && user
            ? `Bearer ${await signToken(user, TEST_JWT_SECRET)}`
            : auth[r.who];
        if (token) headers.authorization = token;
        if (r.contentType && r.body !== undefined) headers['content-type'] = r.contentType;
        let timer: NodeJS.Timeout | undefined;
        const res = await Promise.race([
          t.app.inject({
            method: r.route.method as 'GET',
            url,
            headers,
            ...(r.body === undefined ? {} : { payload: r.body }),
          }),
          new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), HANG_MS))),
        ]).finally(() => clearTimeout(timer));
        const status = res === 'hung' ? 'hung' : res.statusCode;
        if (status === 'hung' || status >= 500) {
          failures.push(`${status} ${r.route.method} ${url.slice(0, 200)}`);
        }
        return status !== 'hung' && status < 500;
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(failures).toEqual([]);
  });
});
