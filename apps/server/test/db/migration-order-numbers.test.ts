// Migration 0022 gives orders their short numbers (issue #36, decision 0041): orders placed before
// it keep every value and are numbered from 1001 in the order they were placed, and the next order
// placed after the upgrade gets the number after the last.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql-rows.ts';
import { migrateTo } from '../helpers/migrate-to.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

type Numbered = { buyer_name: string; total_price: string; order_number: number };

describe('migration 0022: order numbers', () => {
  let t: TestDatabase;
  let numbered: Numbered[];

  /** An order as ProShop at migration 0020 stored it, without a number. */
  const insertOrder = (buyer: string, placed: string) =>
    t.handle.db.execute(sql`
      insert into orders (buyer_name, buyer_email, address, city, postal_code, country,
        payment_method, items_price, shipping_price, tax_price, total_price, created_at)
      values (${buyer}, 'buyer@example.test', '1 Road', 'Town', '1000', 'Country', 'PayPal',
        10, 0, 0, 12.5, ${placed}::timestamptz)`);

  beforeAll(async () => {
    t = await createTestDatabase();
    await migrateTo(t.handle, '0021_discount_uses');
    // Stored newest first, so that the table's own order is not the order of placing.
    await insertOrder('third', '2026-03-03T10:00:00Z');
    await insertOrder('second', '2026-03-02T10:00:00Z');
    await insertOrder('first', '2026-03-01T10:00:00Z');
    await t.handle.migrate();
    numbered = await queryRows<Numbered>(
      t.handle.db,
      sql`select buyer_name, total_price::text, order_number from orders order by order_number`,
    );
  });
  afterAll(() => t.drop());

  it('keeps every order and numbers them from 1001 in the order they were placed', () => {
    expect(numbered).toEqual([
      { buyer_name: 'first', total_price: '12.50', order_number: 1001 },
      { buyer_name: 'second', total_price: '12.50', order_number: 1002 },
      { buyer_name: 'third', total_price: '12.50', order_number: 1003 },
    ]);
  });

  it('gives the next order the number after the last, and never one twice', async () => {
    await insertOrder('after the upgrade', '2026-03-04T10:00:00Z');
    const [next] = await queryRows<{ order_number: number }>(
      t.handle.db,
      sql`select order_number from orders where buyer_name = 'after the upgrade'`,
    );
    expect(next!.order_number).toBe(1004);
    await expect(
      t.handle.db.execute(sql`update orders set order_number = 1001 where order_number = 1002`),
    ).rejects.toThrow();
  });

  it('numbers the first order of a shop that had none 1001', async () => {
    const empty = await createTestDatabase();
    try {
      await migrateTo(empty.handle, '0021_discount_uses');
      await empty.handle.migrate();
      await empty.handle.db.execute(sql`
        insert into orders (buyer_name, buyer_email, address, city, postal_code, country,
          payment_method, items_price, shipping_price, tax_price, total_price)
        values ('first', 'b@example.test', '1 Road', 'Town', '1000', 'Country', 'PayPal',
          10, 0, 0, 10)`);
      const [first] = await queryRows<{ order_number: number }>(
        empty.handle.db,
        sql`select order_number from orders`,
      );
      expect(first!.order_number).toBe(1001);
    } finally {
      await empty.drop();
    }
  });
});
