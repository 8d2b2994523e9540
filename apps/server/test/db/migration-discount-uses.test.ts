// Migration 0021 moves the uses of discount codes from a flag on orders (written by the
// promotions module on the orders module's table) to discount_uses, a table of the promotions
// module's own (issue #34, decision 0042). Every use held before is still held after, with its
// code and buyer, so that no use can be given back twice or counted for nobody.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql-rows.ts';
import { migrateTo } from '../helpers/migrate-to.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

type Use = { buyer_name: string; discount_id: string | null; user_id: string | null };

describe('migration 0021: the uses of discount codes in a table of their own', () => {
  let t: TestDatabase;
  let codeId: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.handle.db;
    await migrateTo(t.handle, '0020_order_line_stock');
    [{ id: codeId }] = (await queryRows<{ id: string }>(
      db,
      sql`insert into discounts (code, kind, value, uses) values ('TEN', 'percent', 10, 2)
          returning id`,
    )) as [{ id: string }];
    [{ id: userId }] = (await queryRows<{ id: string }>(
      db,
      sql`insert into users (name, email, password_hash) values ('Ann', 'ann@example.test', 'x')
          returning id`,
    )) as [{ id: string }];
    const order = (name: string, user: string | null, held: boolean) =>
      db.execute(sql`
        insert into orders (user_id, buyer_name, buyer_email, address, city, postal_code,
          country, payment_method, items_price, shipping_price, tax_price, total_price,
          discount_code, discount_id, discount_use_held, is_paid)
        values (${user}, ${name}, 'buyer@example.test', '1 Road', 'Town', '1000', 'Country',
          'PayPal', 10, 0, 0, 9, 'TEN', ${codeId}, ${held}, ${held})`);
    await order('held by Ann', userId, true);
    await order('held by a deleted account', null, true);
    await order('given back', userId, false);
    await t.handle.migrate();
  });
  afterAll(() => t.drop());

  it('keeps every use held, with its code and buyer, and no other', async () => {
    const uses = await queryRows<Use>(
      t.handle.db,
      sql`select o.buyer_name, u.discount_id, u.user_id from discount_uses u
          join orders o on o.id = u.order_id order by o.buyer_name`,
    );
    expect(uses).toEqual([
      { buyer_name: 'held by Ann', discount_id: codeId, user_id: userId },
      { buyer_name: 'held by a deleted account', discount_id: codeId, user_id: null },
    ]);
  });

  it('drops the flag from orders and keeps every order', async () => {
    const columns = await queryRows<{ column_name: string }>(
      t.handle.db,
      sql`select column_name from information_schema.columns
          where table_name = 'orders' and column_name = 'discount_use_held'`,
    );
    expect(columns).toEqual([]);
    const [orders] = await queryRows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from orders`,
    );
    expect(orders!.n).toBe(3);
  });
});
