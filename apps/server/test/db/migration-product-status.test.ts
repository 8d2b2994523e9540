// Migration 0023 gives products a status (issue #36): "Create Product" now opens a draft, but every
// product made before the migration is in the shop, so it becomes active; the status is one of
// draft and active (a CHECK keeps it so).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql-rows.ts';
import { migrateTo } from '../helpers/migrate-to.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

describe('migration 0023: products get a status, existing ones active', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    await migrateTo(t.handle, '0022_order_numbers');
    for (const name of ['Old Lamp', 'Old Kettle']) {
      await t.handle.db.execute(sql`
        insert into products (name, image, images, brand, category, description, price)
        values (${name}, '/images/x.webp', array['/images/x.webp'], '', '', 'Made before drafts',
          10)`);
    }
    await t.handle.migrate();
  });
  afterAll(() => t.drop());

  it('makes every product made before it active', async () => {
    const rows = await queryRows<{ name: string; status: string }>(
      t.handle.db,
      sql`select name, status from products order by name`,
    );
    expect(rows).toEqual([
      { name: 'Old Kettle', status: 'active' },
      { name: 'Old Lamp', status: 'active' },
    ]);
  });

  it('keeps the status to draft or active', async () => {
    await expect(
      t.handle.db.execute(sql`update products set status = 'hidden' where name = 'Old Lamp'`),
    ).rejects.toThrow();
    await t.handle.db.execute(sql`update products set status = 'draft' where name = 'Old Lamp'`);
  });
});
