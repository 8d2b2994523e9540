// Migration 0024 readies orders for guests (issue #37): each use of a discount code gets its
// order's buyer e-mail, by which a per-customer limit now also counts, and orders get the hash
// of a guest's link key (none for the orders already placed). Every order and use is kept.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql-rows.ts';
import { migrateTo } from '../helpers/migrate-to.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

describe('migration 0024: guest orders', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.handle.db;
    await migrateTo(t.handle, '0023_product_status');
    const [{ id: codeId }] = (await queryRows<{ id: string }>(
      db,
      sql`insert into discounts (code, kind, value, uses) values ('TEN', 'percent', 10, 2)
          returning id`,
    )) as [{ id: string }];
    const order = async (email: string, held: boolean) => {
      const [{ id }] = (await queryRows<{ id: string }>(
        db,
        sql`insert into orders (buyer_name, buyer_email, address, city, postal_code, country,
              payment_method, items_price, shipping_price, tax_price, total_price,
              discount_code, discount_id, is_paid)
            values ('Ann', ${email}, '1 Road', 'Town', '1000', 'Country', 'PayPal', 10, 0, 0, 9,
              'TEN', ${codeId}, true)
            returning id`,
      )) as [{ id: string }];
      if (held) {
        await db.execute(
          sql`insert into discount_uses (order_id, discount_id) values (${id}, ${codeId})`,
        );
      }
    };
    await order('Ann@Example.test', true);
    await order('bob@example.test', true);
    await order('carl@example.test', false);
    await t.handle.migrate();
  });
  afterAll(() => t.drop());

  it("gives every use its order's buyer e-mail, lower-cased, and keeps every use", async () => {
    const uses = await queryRows<{ buyer_email: string }>(
      t.handle.db,
      sql`select buyer_email from discount_uses order by buyer_email`,
    );
    expect(uses).toEqual([
      { buyer_email: 'ann@example.test' },
      { buyer_email: 'bob@example.test' },
    ]);
  });

  it('keeps every order, none of them a guest order', async () => {
    const rows = await queryRows<{ buyer_email: string; access_key_hash: string | null }>(
      t.handle.db,
      sql`select buyer_email, access_key_hash from orders order by buyer_email`,
    );
    expect(rows).toEqual([
      { buyer_email: 'Ann@Example.test', access_key_hash: null },
      { buyer_email: 'bob@example.test', access_key_hash: null },
      { buyer_email: 'carl@example.test', access_key_hash: null },
    ]);
  });
});
