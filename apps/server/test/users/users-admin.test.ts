import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../src/db/schema.ts';
import { createSignedInUser, createUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type Headers = Record<string, string>;

describe('admin: users', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.database.db, { isAdmin: true, name: 'The Admin' });
    customer = await createSignedInUser(t.database.db);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('lists every user without password hashes', async () => {
    const other = await createUser(t.database.db, { name: 'Listed' });
    const res = await call('GET', '/api/users', admin.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json<Record<string, unknown>[]>();
    expect(list).toContainEqual({
      _id: other.id,
      name: 'Listed',
      email: other.email,
      isAdmin: false,
      emailVerified: true,
    });
    expect(list).toContainEqual({
      _id: admin.user.id,
      name: 'The Admin',
      email: admin.user.email,
      isAdmin: true,
      emailVerified: true,
    });
    for (const user of list)
      expect(Object.keys(user).sort()).toEqual([
        '_id',
        'email',
        'emailVerified',
        'isAdmin',
        'name',
      ]);
  });

  it('answers 403 to a customer and 401 to a signed-out caller on every admin route', async () => {
    const id = customer.user.id;
    const routes: ['GET' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/api/users'],
      ['GET', `/api/users/${id}`],
      ['PUT', `/api/users/${id}`, { name: 'X', email: customer.user.email, isAdmin: true }],
      ['DELETE', `/api/users/${id}`],
    ];
    for (const [method, url, payload] of routes) {
      const asCustomer = await call(method, url, customer.headers, payload);
      expect(asCustomer.statusCode, `${method} ${url}`).toBe(403);
      expect(asCustomer.json()).toEqual({ message: 'Not authorized as an admin' });
      expect((await call(method, url, {}, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.isAdmin).toBe(false);
  });

  it('shows one user, and 404 for an unknown or malformed id', async () => {
    const other = await createUser(t.database.db, { name: 'Shown' });
    const res = await call('GET', `/api/users/${other.id}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: other.id,
      name: 'Shown',
      email: other.email,
      isAdmin: false,
      emailVerified: true,
    });
    for (const id of [randomUUID(), 'not-a-uuid', '1']) {
      for (const method of ['GET', 'DELETE'] as const) {
        const missing = await call(method, `/api/users/${id}`, admin.headers);
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ message: 'User not found' });
      }
      const put = await call('PUT', `/api/users/${id}`, admin.headers, {
        name: 'X',
        email: 'x@example.test',
        isAdmin: false,
      });
      expect(put.statusCode).toBe(404);
    }
  });

  it('changes name, e-mail and the admin flag of another user', async () => {
    const other = await createSignedInUser(t.database.db);
    const email = `edited-${randomUUID()}@example.test`;
    const res = await call('PUT', `/api/users/${other.user.id}`, admin.headers, {
      name: 'Edited',
      email: email.toUpperCase(),
      isAdmin: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: other.user.id,
      name: 'Edited',
      email,
      isAdmin: true,
      emailVerified: true,
    });
    // The promoted user's own session now reaches admin routes.
    expect((await call('GET', '/api/users', other.headers)).statusCode).toBe(200);

    const back = await call('PUT', `/api/users/${other.user.id}`, admin.headers, {
      name: 'Edited',
      email,
      isAdmin: false,
    });
    expect(back.json().isAdmin).toBe(false);
    expect((await call('GET', '/api/users', other.headers)).statusCode).toBe(403);
  });

  it('refuses an e-mail that another account uses', async () => {
    const a = await createUser(t.database.db);
    const b = await createUser(t.database.db);
    const res = await call('PUT', `/api/users/${a.id}`, admin.headers, {
      name: a.name,
      email: b.email.toUpperCase(),
      isAdmin: false,
    });
    expect(res.statusCode).toBe(409);
  });

  it('does not let an admin demote or delete themselves', async () => {
    const demote = await call('PUT', `/api/users/${admin.user.id}`, admin.headers, {
      name: 'The Admin',
      email: admin.user.email,
      isAdmin: false,
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ message: 'You cannot remove your own admin rights' });
    const remove = await call('DELETE', `/api/users/${admin.user.id}`, admin.headers);
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual({ message: 'You cannot delete your own account' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row?.isAdmin).toBe(true);

    // Renaming themselves while staying admin is fine.
    const rename = await call('PUT', `/api/users/${admin.user.id}`, admin.headers, {
      name: 'The Admin',
      email: admin.user.email,
      isAdmin: true,
    });
    expect(rename.statusCode).toBe(200);
  });

  it('deletes a user; their orders keep the buyer name and e-mail, and their token dies', async () => {
    const buyer = await createSignedInUser(t.database.db, { name: 'Gone Buyer' });
    const [order] = await t.database.db
      .insert(orders)
      .values({
        userId: buyer.user.id,
        buyerName: buyer.user.name,
        buyerEmail: buyer.user.email,
        address: '1 Test Street',
        city: 'Testville',
        postalCode: '12345',
        country: 'Testland',
        paymentMethod: 'PayPal',
        itemsPrice: '10.00',
        shippingPrice: '25.00',
        taxPrice: '1.50',
        totalPrice: '36.50',
      })
      .returning();

    const res = await call('DELETE', `/api/users/${buyer.user.id}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User removed' });
    expect((await call('GET', `/api/users/${buyer.user.id}`, admin.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/users/${buyer.user.id}`, admin.headers)).statusCode).toBe(
      404,
    );

    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept).toMatchObject({
      userId: null,
      buyerName: 'Gone Buyer',
      buyerEmail: buyer.user.email,
      totalPrice: '36.50',
    });
    expect((await call('GET', '/api/users/profile', buyer.headers)).statusCode).toBe(401);
  });
});
