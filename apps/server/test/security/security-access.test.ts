// Access control, generated from the OpenAPI document: every route the server publishes is
// walked with the callers an attacker can be (signed out, a customer, another customer) and with
// guessed and malformed ids. A new route is covered the day it is added; one without an access
// rule, or with a body this file cannot fill, fails here.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts, orders, products, users } from '../../src/db/schema.ts';
import {
  createProduct,
  createSignedInUser,
  TEST_JWT_SECRET,
  TEST_PASSWORD,
  uniqueEmail,
} from '../helpers/factories.ts';
import { orderBody, placeOrder } from '../helpers/orders.ts';
import {
  apiOperations,
  fillPath,
  operationName,
  type ApiOperation,
  type Headers,
} from '../helpers/security-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { signToken } from '../../src/modules/auth/tokens.ts';

/** Ids an attacker tries: a guess in the right format, and malformed ones of every kind. */
const GUESSED_IDS = [
  randomUUID(),
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '1',
  "1' OR '1'='1",
  '../../etc/passwd',
  '%00',
  `${randomUUID()}x`,
  'x'.repeat(90),
];

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

describe('access control on every route of the OpenAPI document', () => {
  let t: TestApp;
  let ops: ApiOperation[];
  let admin: SignedIn;
  let customer: SignedIn;
  let victim: SignedIn;
  let product: Awaited<ReturnType<typeof createProduct>>;
  let victimOrderId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    admin = await createSignedInUser(db, { isAdmin: true });
    customer = await createSignedInUser(db, { name: 'Mallory' });
    victim = await createSignedInUser(db, { name: 'Victoria' });
    product = await createProduct(db, { name: 'Guarded lamp', price: '12.00', countInStock: 50 });
    victimOrderId = (await placeOrder(t.app, victim.headers, [{ product, qty: 1 }]))._id;
    ops = await apiOperations(t.app);
  });
  afterAll(() => t.close());

  let ownedCodes = 0;

  /**
   * A body the route accepts, so that only the access rule (or the id) can stop the call. A new
   * route with a body needs an entry here: the test names it.
   */
  const ownedMethod = { name: 'Owned', price: 0, estimateMinDays: 1, estimateMaxDays: 2 };

  function validBody(op: ApiOperation): object | undefined {
    if (!op.hasBody) return undefined;
    const bodies: Record<string, () => object> = {
      'POST /api/users': () => ({ name: 'New', email: uniqueEmail(), password: 'password-1' }),
      'POST /api/users/login': () => ({ email: uniqueEmail(), password: 'password-1' }),
      'PUT /api/users/profile': () => ({
        name: 'Mallory',
        email: uniqueEmail(),
        currentPassword: TEST_PASSWORD,
      }),
      'POST /api/users/forgotpassword': () => ({ email: uniqueEmail() }),
      'POST /api/users/forgotpassword/check': () => ({
        email: uniqueEmail(),
        resetToken: '123456',
      }),
      'PUT /api/users/resetpassword': () => ({
        email: uniqueEmail(),
        resetToken: '123456',
        newPassword: 'password-1',
      }),
      'POST /api/users/confirm-email': () => ({ token: 'A'.repeat(43) }),
      'PUT /api/users/{id}': () => ({ name: 'Owned', email: uniqueEmail(), isAdmin: true }),
      'PUT /api/products/{id}': () => ({
        name: 'Owned',
        price: 0.01,
        image: '/images/sample.webp',
        brand: 'Owned',
        category: 'Owned',
        countInStock: 0,
        description: 'Owned',
      }),
      'PUT /api/products/{id}/variants': () => ({
        options: [],
        variants: [
          { sku: 'OWNED-1', options: {}, price: 0.01, countInStock: 0, image: null, active: true },
        ],
      }),
      'POST /api/products/{id}/reviews': () => ({ rating: 1, comment: 'Owned' }),
      'POST /api/orders': () => orderBody([{ product, qty: 1 }]),
      'POST /api/addresses': () => ({
        address: '1 Owned St',
        city: 'O',
        postalCode: '1',
        country: 'O',
      }),
      'PUT /api/addresses/{id}': () => ({
        address: '1 Owned St',
        city: 'O',
        postalCode: '1',
        country: 'O',
      }),
      'POST /api/wishlist': () => ({ product: product.id }),
      'POST /api/stock-alerts': () => ({ product: product.id }),
      'PUT /api/cart': () => ({ cartItems: [{ product: product.id, qty: 1 }] }),
      'POST /api/cart/merge': () => ({ cartItems: [{ product: product.id, qty: 1 }] }),
      'PUT /api/orders/{id}/pay': () => ({ providerOrderId: 'TEST-guessed' }),
      'POST /api/orders/{id}/refunds': () => ({ amount: 1, reason: 'Owned' }),
      'POST /api/orders/{id}/returns': () => ({
        lines: [{ orderItem: '00000000-0000-4000-8000-000000000001', qty: 1 }],
        reason: 'Owned',
      }),
      'POST /api/orders/{id}/returns/{returnId}/accept': () => ({ restock: true }),
      'POST /api/orders/{id}/returns/{returnId}/decline': () => ({ message: 'Owned' }),
      'PUT /api/orders/{id}/sent': () => ({ carrier: 'Owned', trackingNumber: 'OWNED-1' }),
      'POST /api/orders/{id}/notes': () => ({ note: 'Owned' }),
      'POST /api/categories': () => ({ name: `Owned ${uniqueEmail()}` }),
      'PUT /api/categories/{id}': () => ({ name: `Owned ${uniqueEmail()}` }),
      'POST /api/categories/{id}/merge': () => ({ into: '00000000-0000-4000-8000-000000000001' }),
      'POST /api/brands': () => ({ name: `Owned ${uniqueEmail()}` }),
      'PUT /api/brands/{id}': () => ({ name: `Owned ${uniqueEmail()}` }),
      'POST /api/brands/{id}/merge': () => ({ into: '00000000-0000-4000-8000-000000000001' }),
      'POST /api/discounts': () => ({ code: `OWNED-${ownedCodes++}`, kind: 'free-shipping' }),
      'PUT /api/discounts/{id}': () => ({
        code: `OWNED-${ownedCodes++}`,
        kind: 'percentage',
        value: 100,
      }),
      'POST /api/discounts/check': () => ({
        code: 'OWNED',
        orderItems: [{ product: product.id, qty: 1 }],
      }),
      'POST /api/checkout/quote': () => ({
        orderItems: [{ product: product.id, qty: 1 }],
        discountCode: 'OWNED',
      }),
      'POST /api/admin/shipping/zones': () => ({ name: 'Owned', countries: ['DE'] }),
      'PUT /api/admin/shipping/zones/{id}': () => ({ name: 'Owned', countries: ['DE'] }),
      'PUT /api/admin/shipping/zone-order': () => ({ zones: [] }),
      'POST /api/admin/shipping/zones/{id}/methods': () => ownedMethod,
      'PUT /api/admin/shipping/methods/{id}': () => ownedMethod,
      'POST /api/admin/tax-classes': () => ({ name: `Owned ${ownedCodes++}` }),
      'PUT /api/admin/tax-classes/{id}': () => ({ name: `Owned ${ownedCodes++}` }),
      'PUT /api/admin/tax-rates': () => ({
        zone: '00000000-0000-4000-8000-000000000001',
        taxClass: '00000000-0000-4000-8000-000000000001',
        name: 'Owned',
        basisPoints: 0,
      }),
      'PUT /api/admin/tax-settings': () => ({ pricesIncludeTax: true }),
    };
    const make = bodies[operationName(op)];
    expect(make, `${operationName(op)} has a body: add a valid one to validBody()`).toBeDefined();
    return make!();
  }

  /** A real object of the kind the path names, so a refusal cannot be a mere 404. */
  function realId(path: string): string {
    if (path.startsWith('/api/users/')) return victim.user.id;
    if (path.startsWith('/api/orders/')) return victimOrderId;
    return product.id;
  }

  const call = (op: ApiOperation, headers: Headers, id = realId(op.path)) => {
    const body = validBody(op);
    return t.app.inject({
      method: op.method,
      url: fillPath(op.path, id),
      headers,
      ...(body ? { payload: body } : {}),
    });
  };

  it('publishes every API route with an access rule of public, guest, user or admin, and the bearer scheme on the others', () => {
    expect(ops.length).toBeGreaterThanOrEqual(29);
    for (const op of ops) {
      expect(['public', 'guest', 'user', 'admin'], operationName(op)).toContain(op.access);
      expect(op.secured, operationName(op)).toBe(op.access !== 'public');
    }
    const rule = (name: string) => ops.find((op) => operationName(op) === name)?.access;
    // A few rules that must never loosen.
    expect(rule('GET /api/users')).toBe('admin');
    expect(rule('PUT /api/users/{id}')).toBe('admin');
    expect(rule('POST /api/upload')).toBe('admin');
    expect(rule('PUT /api/orders/{id}/sent')).toBe('admin');
    expect(rule('GET /api/orders')).toBe('admin');
    // A guest's order is paid with the key of its link; the route checks it (below).
    expect(rule('PUT /api/orders/{id}/pay')).toBe('guest');
    expect(rule('POST /api/orders')).toBe('guest');
    expect(rule('GET /api/users/profile')).toBe('user');
    expect(rule('POST /api/discounts')).toBe('admin');
    expect(rule('PUT /api/discounts/{id}')).toBe('admin');
    expect(rule('GET /api/discounts/{id}/orders')).toBe('admin');
    expect(rule('POST /api/discounts/check')).toBe('guest');
    // A quote changes nothing and answers only prices (checkout/quote.test.ts).
    expect(rule('POST /api/checkout/quote')).toBe('guest');
    // Guest routes are exactly these: any other route that lets a caller without a token in
    // must be added here with a test of what such a caller may do.
    expect(
      ops
        .filter((op) => op.access === 'guest')
        .map(operationName)
        .sort(),
    ).toEqual([
      'GET /api/orders/{id}',
      'POST /api/checkout/quote',
      'POST /api/discounts/check',
      'POST /api/orders',
      'POST /api/orders/{id}/cancel',
      'POST /api/orders/{id}/payment',
      'POST /api/orders/{id}/returns',
      'PUT /api/orders/{id}/pay',
    ]);
  });

  it('answers every admin route with 403 for a customer and 401 when signed out, changing nothing', async () => {
    const adminOps = ops.filter((op) => op.access === 'admin');
    expect(adminOps.length).toBeGreaterThanOrEqual(10);
    for (const op of adminOps) {
      const asCustomer = await call(op, customer.headers);
      expect(asCustomer.statusCode, `${operationName(op)} as a customer`).toBe(403);
      expect(asCustomer.json()).toEqual({ message: 'Not authorized as an admin' });
      const signedOut = await call(op, {});
      expect(signedOut.statusCode, `${operationName(op)} signed out`).toBe(401);
      expect(signedOut.json()).toEqual({ message: 'Not authorized, please sign in' });
      if (op.method === 'GET') {
        const head = await t.app.inject({
          method: 'HEAD',
          url: fillPath(op.path, realId(op.path)),
          headers: customer.headers,
        });
        expect(head.statusCode, `HEAD ${op.path} as a customer`).toBe(403);
      }
    }
    const [victimRow] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, victim.user.id));
    expect(victimRow).toMatchObject({ name: 'Victoria', isAdmin: false });
    const [productRow] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.id, product.id));
    // Nor its variants: the variants route would have set the stock to 0 and the price to 0.01.
    expect(productRow).toMatchObject({
      name: 'Guarded lamp',
      price: '12.00',
      minPrice: '12.00',
      countInStock: 50,
    });
    const [orderRow] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, victimOrderId));
    expect(orderRow).toMatchObject({ isPaid: false, isSent: false, isDelivered: false });
    // Nor a discount code made, for anyone to use.
    expect(await t.database.db.select().from(discounts)).toEqual([]);
  });

  it('answers every user and admin route with 401 when signed out, and every route but public ones with a token that is not valid', async () => {
    const protectedOps = ops.filter((op) => op.access !== 'public');
    const otherKey = await signToken(customer.user, `${TEST_JWT_SECRET}-but-another-one`);
    for (const op of protectedOps) {
      for (const headers of <Headers[]>[
        // A guest route lets a caller without a token in (security-guest-orders.test.ts).
        ...(op.access === 'guest' ? [] : [{}]),
        { authorization: 'Bearer ' },
        { authorization: 'Bearer not.a.token' },
        { authorization: `Bearer ${otherKey}` },
        { authorization: customer.token },
      ]) {
        const res = await call(op, headers);
        expect(res.statusCode, `${operationName(op)} with ${JSON.stringify(headers)}`).toBe(401);
      }
    }
  });

  it('answers a guessed or malformed id with 404 on every route with an id, never 400 or 500 (414 past 100 characters)', async () => {
    const withId = ops.filter((op) => op.path.includes('{id}'));
    expect(withId.length).toBeGreaterThanOrEqual(11);
    for (const op of withId) {
      // The admin passes every access rule, so only the id decides the answer.
      for (const id of GUESSED_IDS) {
        const res = await call(op, admin.headers, id);
        expect(res.statusCode, `${operationName(op)} with id ${id.slice(0, 40)}`).toBe(404);
        expect(Object.keys(res.json())).toEqual(['message']);
      }
      // Past Fastify's longest path parameter (100 characters) the router answers 414 itself.
      const tooLong = await call(op, admin.headers, 'x'.repeat(300));
      expect(tooLong.statusCode, `${operationName(op)} with a 300-character id`).toBe(414);
      expect(tooLong.json().message).toEqual(expect.any(String));
      expect(tooLong.body).not.toMatch(/stack|at \//);
    }
  });

  it("answers every order route with an id 404 for another customer's order, and changes nothing", async () => {
    const orderOps = ops.filter(
      (op) => op.access !== 'admin' && op.path.startsWith('/api/orders/{id}'),
    );
    expect(orderOps.map(operationName).sort()).toEqual([
      'GET /api/orders/{id}',
      'POST /api/orders/{id}/cancel',
      'POST /api/orders/{id}/payment',
      'POST /api/orders/{id}/returns',
      'PUT /api/orders/{id}/pay',
    ]);
    // The victim started paying, so the thief could even name the real payment.
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${victimOrderId}/payment`,
      headers: victim.headers,
    });
    expect(started.statusCode).toBe(200);
    const { providerOrderId } = started.json<{ providerOrderId: string }>();
    for (const op of orderOps) {
      const res = await t.app.inject({
        method: op.method,
        url: fillPath(op.path, victimOrderId),
        headers: customer.headers,
        ...(op.hasBody
          ? { payload: op.path.endsWith('/pay') ? { providerOrderId } : validBody(op) }
          : {}),
      });
      expect(res.statusCode, operationName(op)).toBe(404);
      expect(res.json()).toEqual({ message: 'Order not found' });
    }
    const mine = await t.app.inject({ url: '/api/orders/myorders', headers: customer.headers });
    expect(mine.json<{ _id: string }[]>().map((o) => o._id)).not.toContain(victimOrderId);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, victimOrderId));
    expect(row).toMatchObject({ isPaid: false, providerOrderId, cancelledAt: null });
  });

  it('gives every user route with an id a rule for whose object it is', () => {
    // Routes that act on one object: orders belong to their buyer (checked above); reviews are
    // added under a product, which is public, and always as the caller (security-mass-assignment).
    // A new user route with an id must say here how it refuses other users' objects.
    const owned = ops
      .filter((op) => (op.access === 'user' || op.access === 'guest') && op.path.includes('{id}'))
      .map(operationName)
      .sort();
    // Addresses: every query names the caller, another's is 404 (addresses.test.ts); the
    // wishlist's DELETE names a product and removes it from the caller's own list only
    // (wishlist.test.ts).
    expect(owned).toEqual([
      'DELETE /api/addresses/{id}',
      'DELETE /api/wishlist/{id}',
      'GET /api/orders/{id}',
      'POST /api/orders/{id}/cancel',
      'POST /api/orders/{id}/payment',
      'POST /api/orders/{id}/returns',
      'POST /api/products/{id}/reviews',
      'PUT /api/addresses/{id}',
      'PUT /api/orders/{id}/pay',
    ]);
  });

  it("lets the profile routes read and change only the caller's own account, whatever id the body names", async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: customer.headers,
      payload: {
        _id: victim.user.id,
        id: victim.user.id,
        name: 'Renamed',
        email: uniqueEmail(),
        currentPassword: TEST_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(customer.user.id);
    const [victimRow] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, victim.user.id));
    expect(victimRow).toMatchObject({ name: 'Victoria', email: victim.user.email });
    const profile = await t.app.inject({
      url: `/api/users/profile?id=${victim.user.id}`,
      headers: customer.headers,
    });
    expect(profile.json()).toMatchObject({ _id: customer.user.id, name: 'Renamed' });
  });
});
