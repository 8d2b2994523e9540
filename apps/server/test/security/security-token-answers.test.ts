// Answers that carry a token, or answer a request carrying a secret, must never be kept by a
// cache: a proxy or CDN would hand the bearer token of POST /api/users/login to the next caller,
// and the browser would keep it on disk after sign-out. Sign-in and register answered without
// Cache-Control; every such route now answers `no-store`, its refusals too.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import { createSignedInUser, TEST_PASSWORD, uniqueEmail } from '../helpers/factories.ts';
import { operationName, type ApiOperation } from '../helpers/security-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

type Schema = { properties?: Record<string, unknown> };
type Operation = {
  'x-access'?: string;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};

/** Fields that hold a credential, in a request or an answer. */
const SECRET_FIELDS = ['token', 'password', 'newPassword', 'resetToken'];
const holdsSecret = (schema: Schema | undefined) =>
  SECRET_FIELDS.some((field) => schema?.properties?.[field] !== undefined);

describe(`answers that carry a token or a secret are not cached (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
  });
  afterAll(() => t?.close());

  const expectNoStore = (
    res: { statusCode: number; headers: Record<string, unknown> },
    what: string,
  ) => expect(res.headers['cache-control'], `${what} (${res.statusCode})`).toBe('no-store');

  it('marks register, sign-in and the profile change, which answer a bearer token, no-store', async () => {
    const email = uniqueEmail('no-store');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Cache Tester', email, password: TEST_PASSWORD },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json<{ token: string }>().token).toBeTruthy();
    expectNoStore(registered, 'register');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { token } = login.json<{ token: string }>();
    expect(token).toBeTruthy();
    expectNoStore(login, 'sign-in');

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    expectNoStore(wrong, 'refused sign-in');

    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Cache Tester', email, password: TEST_PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    expectNoStore(taken, 'refused register');

    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Cache Tester Renamed', email },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json<{ token: string }>().token).toBeTruthy();
    expectNoStore(profile, 'profile change');
  });

  it('marks the e-mail confirmation no-store, with the link token and without', async () => {
    const email = uniqueEmail('no-store-confirm');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Confirm Tester', email, password: TEST_PASSWORD },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const [mail] = await t.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email));
    const linkToken = /https:\/\/shop\.example\/confirm-email\/([\w-]+)/.exec(mail!.text)?.[1];
    expect(linkToken).toBeTruthy();
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/users/confirm-email',
      payload: { token: linkToken },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expectNoStore(confirmed, 'confirmation');
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/users/confirm-email',
      payload: { token: 'x'.repeat(43) },
    });
    expect(invalid.statusCode).toBeGreaterThanOrEqual(400);
    expectNoStore(invalid, 'refused confirmation');
  });

  it('marks the reset code routes no-store: asking, checking and using a code', async () => {
    const { user } = await createSignedInUser(t.database.db);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgotpassword',
      payload: { email: user.email },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expectNoStore(asked, 'forgot password');
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgotpassword/check',
      payload: { email: user.email, resetToken: '000000' },
    });
    expect(checked.statusCode).toBe(400);
    expectNoStore(checked, 'code check');
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/users/resetpassword',
      payload: { email: user.email, resetToken: '000000', newPassword: 'a-brand-new-password' },
    });
    expect(reset.statusCode).toBe(400);
    expectNoStore(reset, 'reset');
  });

  it('marks every route whose request or answer holds a credential no-store, found in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const found = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(
          ([, op]) =>
            holdsSecret(op.requestBody?.content?.['application/json']?.schema) ||
            Object.values(op.responses ?? {}).some((answer) =>
              holdsSecret(answer.content?.['application/json']?.schema),
            ),
        )
        .map(([method]) => ({ method: method.toUpperCase() as ApiOperation['method'], path })),
    );
    // The routes the tests above walk through; a new one is found here and checked below.
    expect(found.map(operationName).sort()).toEqual(
      expect.arrayContaining([
        'POST /api/users',
        'POST /api/users/login',
        'POST /api/users/confirm-email',
        'POST /api/users/forgotpassword/check',
        'PUT /api/users/profile',
        'PUT /api/users/resetpassword',
      ]),
    );
    for (const op of found) {
      // An empty body: refused, and the refusal must not be kept either.
      const res = await t.app.inject({
        method: op.method,
        url: op.path.replace('{id}', '00000000-0000-4000-8000-000000000000'),
        payload: {},
      });
      expectNoStore(res, operationName(op));
    }
  });
});
