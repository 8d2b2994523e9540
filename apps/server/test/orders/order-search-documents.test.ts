import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../src/db/schema.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

// The orders' search documents (migration 0029, docs/decisions/0051) follow every write of the
// buyer's name or e-mail and of the lines, so that the admin's search finds what the order says.

describe(`order search documents (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(db(), { isAdmin: true });
  });
  afterAll(() => t.close());

  const found = async (q: string) => {
    const res = await t.app.inject({
      url: `/api/orders?q=${encodeURIComponent(q)}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ orders: { _id: string }[] }>().orders.map((order) => order._id);
  };
  /** Each order's document as stored, and as its rows make it now. */
  const documents = () =>
    queryRows<{ stored: string | null; made: string }>(
      db(),
      sql`select d.document as stored,
          lower(o.buyer_name || E'\\n' || o.buyer_email || coalesce(E'\\n' || string_agg(
            i.name || E'\\n' || coalesce(i.sku, ''), E'\\n' order by i.position), '')) as made
        from orders o left join order_items i on i.order_id = o.id
        left join order_search_documents d on d.order_id = o.id
        group by o.id, d.document`,
    );

  it('follows a new order, a renamed buyer, a changed line and a deleted one', async () => {
    const lamp = await createProduct(db(), { name: 'Walnut Lamp', countInStock: 10 });
    const mug = await createProduct(db(), { name: 'Stoneware Mug', countInStock: 10 });
    const shopper = await createSignedInUser(db(), { name: 'Ada Lovelace' });
    const order = await ordersApi.placeOrder(t.app, shopper.headers, [
      { product: lamp, qty: 1 },
      { product: mug, qty: 2 },
    ]);
    expect(await found('walnut')).toEqual([order._id]);
    expect(await found('ada love')).toEqual([order._id]);

    await db().update(orders).set({ buyerName: 'Grace Hopper' }).where(eq(orders.id, order._id));
    expect(await found('grace')).toEqual([order._id]);
    expect(await found('ada love')).toEqual([]);

    await db()
      .update(orderItems)
      .set({ name: 'Oak Lamp' })
      .where(eq(orderItems.productId, lamp.id));
    expect(await found('oak lamp')).toEqual([order._id]);
    expect(await found('walnut')).toEqual([]);

    await db().delete(orderItems).where(eq(orderItems.productId, mug.id));
    expect(await found('stoneware')).toEqual([]);
    for (const row of await documents()) expect(row.stored).toBe(row.made);
  });
});
