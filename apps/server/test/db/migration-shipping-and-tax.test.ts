// Migration 0026 makes shipping and tax the merchant's data (issue #38): the rules every shop had
// become one zone, one method and one 15 % rate, so every order keeps its figures and a new order
// costs what it did; free-text countries become ISO codes where the shop can read them.
import { DEFAULT_PRICING_RULES } from '@proshop/domain/prices';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql-rows.ts';
import { migrateTo } from '../helpers/migrate-to.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

describe('migration 0026: shipping and tax as data', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.handle.db;
    await migrateTo(t.handle, '0025_mail_outbox_secret');
    const order = (country: string, items: number, tax: number) =>
      db.execute(
        sql`insert into orders (buyer_name, buyer_email, address, city, postal_code, country,
              payment_method, items_price, shipping_price, tax_price, total_price)
            values ('Ann', 'ann@example.test', '1 Road', 'Town', '1000', ${country}, 'PayPal',
              ${items}, 25, ${tax}, ${items + 25 + tax})`,
      );
    await order('USA', 40, 6);
    await order(' united   kingdom ', 10, 1.5);
    await order('Testland', 0, 0);
    await order('de', 20, 3);
    const [{ id: userId }] = (await queryRows<{ id: string }>(
      db,
      sql`insert into users (name, email, password_hash) values ('Ann', 'ann@example.test', 'x')
          returning id`,
    )) as [{ id: string }];
    await db.execute(
      sql`insert into addresses (user_id, address, city, postal_code, country)
          values (${userId}, '1 Road', 'Town', '1000', 'Schweiz'), (${userId}, '2 Road', 'Town', '1000', 'Atlantis')`,
    );
    await t.handle.migrate();
  });
  afterAll(() => t.drop());

  it("writes the seed's rules with the ids the domain's defaults name", async () => {
    const [zone] = DEFAULT_PRICING_RULES.zones;
    const [method] = DEFAULT_PRICING_RULES.methods;
    const zones = await queryRows(
      t.handle.db,
      sql`select id, name, rest_of_world, shipping_tax_class_id from shipping_zones`,
    );
    expect(zones).toEqual([
      { id: zone!.id, name: 'Everywhere', rest_of_world: true, shipping_tax_class_id: null },
    ]);
    const methods = await queryRows(
      t.handle.db,
      sql`select id, name, price, free_above, min_order, weight_bands, active from shipping_methods`,
    );
    expect(methods).toEqual([
      {
        id: method!.id,
        name: 'Standard',
        price: '25.00',
        free_above: '100.00',
        min_order: null,
        weight_bands: [],
        active: true,
      },
    ]);
    const rates = await queryRows(
      t.handle.db,
      sql`select r.name, r.basis_points, c.name as class, c.is_default
          from tax_rates r join tax_classes c on c.id = r.tax_class_id`,
    );
    expect(rates).toEqual([
      { name: 'Tax', basis_points: 1500, class: 'Standard', is_default: true },
    ]);
    const settings = await queryRows(t.handle.db, sql`select * from pricing_settings`);
    expect(settings).toMatchObject([{ id: 'shop', prices_include_tax: false }]);
  });

  it('keeps every order and its figures, with one tax line where there was a tax', async () => {
    const rows = await queryRows<Record<string, unknown>>(
      t.handle.db,
      sql`select country, items_price, tax_price, total_price, shipping_method_name, shipping_tax,
            prices_include_tax, tax_lines from orders order by items_price`,
    );
    expect(rows).toEqual([
      expect.objectContaining({ country: 'Testland', tax_price: '0.00', tax_lines: [] }),
      expect.objectContaining({
        country: 'GB',
        items_price: '10.00',
        tax_price: '1.50',
        total_price: '36.50',
        shipping_method_name: 'Standard',
        shipping_tax: '0.00',
        prices_include_tax: false,
        tax_lines: [
          { name: 'Tax', basisPoints: 1500, appliesTo: 'items', base: '10.00', amount: '1.50' },
        ],
      }),
      expect.objectContaining({ country: 'DE', tax_price: '3.00' }),
      expect.objectContaining({ country: 'US', tax_price: '6.00', total_price: '71.00' }),
    ]);
  });

  it('turns the countries of saved addresses into codes where it can, and keeps other text', async () => {
    const rows = await queryRows(
      t.handle.db,
      sql`select country, region, phone, name from addresses order by address`,
    );
    expect(rows).toEqual([
      { country: 'CH', region: '', phone: '', name: '' },
      { country: 'Atlantis', region: '', phone: '', name: '' },
    ]);
  });
});
