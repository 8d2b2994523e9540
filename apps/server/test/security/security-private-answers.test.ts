import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { placeOrder } from '../helpers/orders.ts';
import { apiOperations, fillPath, operationName } from '../helpers/security-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// An answer that depends on who asks must never be kept by a shared cache (a proxy, a CDN) or by
// the browser for after sign-out.
describe('answers that depend on who asks are not cached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('marks every signed-in GET answer no-store: profile, my orders, an order, admin lists', async () => {
    const shopper = await createSignedInUser(t.database.db);
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const product = await createProduct(t.database.db);
    const order = await placeOrder(t.app, shopper.headers, [{ product, qty: 1 }]);
    const answers = {
      '/api/users/profile': shopper.headers,
      '/api/orders/myorders': shopper.headers,
      [`/api/orders/${order._id}`]: shopper.headers,
      '/api/users': admin.headers,
      '/api/orders': admin.headers,
      [`/api/users/${shopper.user.id}`]: admin.headers,
    };
    for (const [url, headers] of Object.entries(answers)) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('marks the refusals of every signed-in and admin route no-store too', async () => {
    const shopper = await createSignedInUser(t.database.db);
    const operations = (await apiOperations(t.app)).filter((op) => op.access !== 'public');
    expect(operations.length).toBeGreaterThan(10);
    for (const op of operations) {
      const url = fillPath(op.path, '00000000-0000-4000-8000-000000000000');
      const signedOut = await t.app.inject({ method: op.method, url });
      if (op.access === 'guest') {
        // A guest route answers a caller without a token (a guest): privately too; a bad
        // token is its refusal.
        expect(signedOut.headers['cache-control'], operationName(op)).toBe('no-store');
        const refused = await t.app.inject({
          method: op.method,
          url,
          headers: { authorization: 'Bearer not.a.token' },
        });
        expect(refused.statusCode, operationName(op)).toBe(401);
        expect(refused.headers['cache-control'], operationName(op)).toBe('no-store');
        continue;
      }
      expect(signedOut.statusCode, operationName(op)).toBe(401);
      expect(signedOut.headers['cache-control'], operationName(op)).toBe('no-store');
      if (op.access === 'admin') {
        const notAdmin = await t.app.inject({ method: op.method, url, headers: shopper.headers });
        expect(notAdmin.statusCode, operationName(op)).toBe(403);
        expect(notAdmin.headers['cache-control'], operationName(op)).toBe('no-store');
      }
    }
  });

  it('leaves the public catalogue cacheable', async () => {
    const res = await t.app.inject('/api/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});
