// Migration 0020 records on each order line the units its payments took from stock and the units
// given back since (issue #35, decision 0040). Lines of orders placed before it are filled in on
// the safe side: a unit the shop cannot tell about counts as given back, so that no later refund,
// cancellation or chargeback can give it back a second time.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql-rows.ts';
import { migrateTo } from '../helpers/migrate-to.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

type LineStock = { name: string; qty: number; stock_taken: number; stock_given_back: number };
type Refund = { status: string; restock: boolean; qty: number };

describe('migration 0020: what each order line took from stock and gave back', () => {
  let t: TestDatabase;
  let lines: LineStock[];
  const line = (name: string) => lines.find((row) => row.name === name)!;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.handle.db;
    await migrateTo(t.handle, '0019_customer_account');
    const order = async (
      name: string,
      qty: number,
      state: { paid?: boolean; cancelled?: boolean; capturing?: boolean },
      refunds: Refund[] = [],
    ) => {
      const [made] = await queryRows<{ id: string }>(
        db,
        sql`insert into orders (buyer_name, buyer_email, address, city, postal_code, country,
              payment_method, items_price, shipping_price, tax_price, total_price, is_paid,
              paid_at, cancelled_at, capture_attempt_id)
            values ('Buyer', 'buyer@example.test', '1 Road', 'Town', '1000', 'Country', 'PayPal',
              10, 0, 0, 10, ${state.paid ?? false}, ${state.paid ? new Date() : null},
              ${state.cancelled ? new Date() : null},
              ${state.capturing ? sql`gen_random_uuid()` : null})
            returning id`,
      );
      const [item] = await queryRows<{ id: string }>(
        db,
        sql`insert into order_items (order_id, name, image, price, qty)
            values (${made!.id}, ${name}, '/images/x.webp', 10, ${qty}) returning id`,
      );
      for (const refund of refunds) {
        const [stored] = await queryRows<{ id: string }>(
          db,
          sql`insert into refunds (order_id, amount, currency, restock, reason, status, request_id)
              values (${made!.id}, 1, 'USD', ${refund.restock}, 'test', ${refund.status},
                gen_random_uuid())
              returning id`,
        );
        await db.execute(sql`
          insert into refund_lines (refund_id, order_item_id, qty)
          values (${stored!.id}, ${item!.id}, ${refund.qty})`);
      }
    };
    await order('unpaid', 2, {});
    await order('cancelled unpaid', 2, { cancelled: true });
    await order('capture under way', 2, { capturing: true });
    await order('paid', 3, { paid: true });
    await order('paid, refunded', 5, { paid: true }, [
      { status: 'completed', restock: true, qty: 1 },
      { status: 'pending', restock: true, qty: 1 },
      // Not given back: refused, not answered yet, or refunded without restock.
      { status: 'failed', restock: true, qty: 1 },
      { status: 'requested', restock: true, qty: 1 },
      { status: 'completed', restock: false, qty: 1 },
    ]);
    await order(
      'paid, cancelled after a refund without restock',
      3,
      {
        paid: true,
        cancelled: true,
      },
      [{ status: 'completed', restock: false, qty: 1 }],
    );

    await t.handle.migrate();
    lines = await queryRows<LineStock>(
      db,
      sql`select name, qty, stock_taken, stock_given_back from order_items order by name`,
    );
  });
  afterAll(() => t.drop());

  it('an order never paid took nothing; one being captured or paid took its lines', () => {
    expect(line('unpaid')).toMatchObject({ stock_taken: 0, stock_given_back: 0 });
    expect(line('cancelled unpaid')).toMatchObject({ stock_taken: 0, stock_given_back: 0 });
    expect(line('capture under way')).toMatchObject({ stock_taken: 2, stock_given_back: 0 });
    expect(line('paid')).toMatchObject({ stock_taken: 3, stock_given_back: 0 });
  });

  it('gave back the units of its accepted refunds with restock', () => {
    expect(line('paid, refunded')).toMatchObject({ stock_taken: 5, stock_given_back: 2 });
  });

  it('counts a cancelled paid order as having given back everything, so nothing goes back twice', () => {
    expect(line('paid, cancelled after a refund without restock')).toMatchObject({
      stock_taken: 3,
      stock_given_back: 3,
    });
  });

  it('keeps given back within taken for every line (the CHECK holds)', async () => {
    await expect(
      t.handle.db.execute(sql`update order_items set stock_given_back = stock_taken + 1`),
    ).rejects.toThrow();
    for (const row of lines) expect(row.stock_given_back).toBeLessThanOrEqual(row.stock_taken);
  });
});
