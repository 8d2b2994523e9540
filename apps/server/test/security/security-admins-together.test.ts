import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, users } from '../../src/db/schema.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { orderBody } from '../helpers/orders.ts';
import {
  countStatuses,
  releaseTogether,
  type PreparedRequest,
} from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Who may change what is decided again inside the transaction that makes the change: what the
// access guard saw when the request began may no longer hold when its last byte arrives.
describe('admin rights checked where the change is made', () => {
  let t: TestApp;
  // Says when a request named by its x-probe header has passed the access guard and waits for
  // its body: only then is what the guard saw changed, so only the check made inside the
  // change's transaction can refuse it.
  const guardPassed = new Map<string, () => void>();
  const pastGuard = (probe: string) =>
    new Promise<void>((resolve) => guardPassed.set(probe, resolve));
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extraRoutes: (app) =>
          app.addHook('preParsing', async (request) => {
            const probe = request.headers['x-probe'];
            if (typeof probe === 'string') guardPassed.get(probe)?.();
          }),
      },
    );
  });
  afterAll(() => t.close());

  const adminsLeft = async (ids: string[]) => {
    const rows = await t.database.db.select().from(users);
    return rows.filter((row) => ids.includes(row.id) && row.isAdmin).length;
  };

  it('lets only one of two admins demoting each other at the same instant succeed', async () => {
    const a = await createSignedInUser(t.database.db, { isAdmin: true });
    const b = await createSignedInUser(t.database.db, { isAdmin: true });
    const demote = (by: typeof a, target: typeof a): PreparedRequest => ({
      method: 'PUT',
      url: `/api/users/${target.user.id}`,
      headers: by.headers,
      payload: { name: target.user.name, email: target.user.email, isAdmin: false },
    });
    const passed = [pastGuard('a'), pastGuard('b')];
    const answers = await releaseTogether(
      t.app,
      [
        { ...demote(a, b), headers: { ...a.headers, 'x-probe': 'a' } },
        { ...demote(b, a), headers: { ...b.headers, 'x-probe': 'b' } },
      ],
      { beforeRelease: () => Promise.all(passed).then(() => undefined) },
    );
    expect(countStatuses(answers)).toEqual({ 200: 1, 403: 1 });
    expect(await adminsLeft([a.user.id, b.user.id])).toBe(1);
  });

  it('lets only one of two admins deleting each other at the same instant succeed', async () => {
    const a = await createSignedInUser(t.database.db, { isAdmin: true });
    const b = await createSignedInUser(t.database.db, { isAdmin: true });
    const passed = [pastGuard('a'), pastGuard('b')];
    const answers = await releaseTogether(
      t.app,
      [
        {
          method: 'DELETE',
          url: `/api/users/${b.user.id}`,
          headers: { ...a.headers, 'x-probe': 'a' },
          // An empty JSON body, so that the held-back byte comes after the access guard.
          payload: {},
        },
        {
          method: 'DELETE',
          url: `/api/users/${a.user.id}`,
          headers: { ...b.headers, 'x-probe': 'b' },
          payload: {},
        },
      ],
      { beforeRelease: () => Promise.all(passed).then(() => undefined) },
    );
    // The second finds its own account gone: its session has ended.
    expect(countStatuses(answers)).toEqual({ 200: 1, 401: 1 });
    expect(await adminsLeft([a.user.id, b.user.id])).toBe(1);
  });

  it('refuses a change whose sender was demoted or deleted while its body was arriving', async () => {
    const product = await createProduct(t.database.db, { name: 'Unchanged name' });
    const edit = (headers: Record<string, string>): PreparedRequest => ({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers,
      payload: {
        name: 'Changed by a former admin',
        price: 1,
        image: '/images/sample.webp',
        brand: 'B',
        category: 'C',
        countInStock: 1,
        description: 'D',
      },
    });
    const demoted = await createSignedInUser(t.database.db, { isAdmin: true });
    const deleted = await createSignedInUser(t.database.db, { isAdmin: true });
    const passed = [pastGuard('demoted'), pastGuard('deleted')];
    const requests = [
      edit({ ...demoted.headers, 'x-probe': 'demoted' }),
      edit({ ...deleted.headers, 'x-probe': 'deleted' }),
    ];
    const answers = await releaseTogether(t.app, requests, {
      beforeRelease: async () => {
        await Promise.all(passed);
        const { db } = t.database;
        await db.update(users).set({ isAdmin: false }).where(eq(users.id, demoted.user.id));
        await db.delete(users).where(eq(users.id, deleted.user.id));
      },
    });
    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 401]);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.name).toBe('Unchanged name');
  });

  it("refuses a review whose sender's session ended while its body was arriving", async () => {
    const product = await createProduct(t.database.db);
    const shopper = await createSignedInUser(t.database.db);
    const passed = pastGuard('review');
    const answers = await releaseTogether(
      t.app,
      [
        {
          method: 'POST',
          url: `/api/products/${product.id}/reviews`,
          headers: { ...shopper.headers, 'x-probe': 'review' },
          payload: { rating: 5, comment: 'Written before my password was changed' },
        },
      ],
      {
        beforeRelease: async () => {
          await passed;
          // A password change (here, by hand) ends every older session.
          await t.database.db
            .update(users)
            .set({ tokenVersion: shopper.user.tokenVersion + 1 })
            .where(eq(users.id, shopper.user.id));
        },
      },
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([401]);
    const detail = await t.app.inject(`/api/products/${product.id}`);
    expect(detail.json().reviews).toEqual([]);
  });

  it('answers 401, not 500, to an order whose buyer was deleted while its body was arriving', async () => {
    const product = await createProduct(t.database.db, { price: '10.00', countInStock: 5 });
    const buyer = await createSignedInUser(t.database.db);
    const passed = pastGuard('order');
    const answers = await releaseTogether(
      t.app,
      [
        {
          method: 'POST',
          url: '/api/orders',
          headers: { ...buyer.headers, 'x-probe': 'order' },
          payload: orderBody([{ product, qty: 1 }]),
        },
      ],
      {
        beforeRelease: async () => {
          await passed;
          await t.database.db.delete(users).where(eq(users.id, buyer.user.id));
        },
      },
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([401]);
    const stored = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.buyerEmail, buyer.user.email));
    expect(stored).toEqual([]);
  });

  it('answers 409, not 500, to an order whose product is taken off the shop while it is stored', async () => {
    const product = await createProduct(t.database.db, { price: '10.00', countInStock: 5 });
    const buyer = await createSignedInUser(t.database.db);
    // The product goes in the instant between the order's reading it and storing the lines.
    const { db } = t.database;
    await db.execute(sql`create or replace function take_product_off() returns trigger as $$
      begin delete from products where id = new.product_id; return new; end $$ language plpgsql`);
    await db.execute(sql`create trigger take_product_off before insert on order_items
      for each row execute function take_product_off()`);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: buyer.headers,
        payload: orderBody([{ product, qty: 1 }]),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message:
          'A product of this order was just taken off the shop. Please review your cart and order again.',
      });
    } finally {
      await db.execute(sql`drop trigger take_product_off on order_items`);
      await db.execute(sql`drop function take_product_off`);
    }
    const stored = await db.select().from(orders).where(eq(orders.buyerEmail, buyer.user.email));
    expect(stored).toEqual([]);
  });
});
