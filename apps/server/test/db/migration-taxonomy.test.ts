// Migration 0014 turns the free-text categories and brands of a shop into records: every product
// kept and linked to the record of its name (whatever its case or spacing), every slug unique and
// well-formed, the one picture the first of `images`, and units sold counted from paid orders.
import { isSlug } from '@proshop/domain/slugs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql-rows.ts';
import { migrateTo } from '../helpers/migrate-to.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/** The products of a shop before 0014: key, category and brand as typed, and paid units. */
const before = [
  { key: 'iphone', category: 'Phones', brand: 'Apple' },
  { key: 'pixel', category: 'phones ', brand: 'apple' },
  { key: 'loose', category: '', brand: '' },
  { key: 'blank', category: '   ', brand: ' ' },
  { key: 'radio', category: 'Électronique', brand: 'Ålesund Audio' },
  { key: 'tee', category: 'T-Shirts', brand: 'Crème & Co' },
  { key: 'polo', category: 'T Shirts', brand: 'Crème & Co' },
  { key: 'odd', category: '!!!', brand: '???' },
];

// Type aliases, not interfaces: queryRows wants a record type.
type MigratedProduct = {
  name: string;
  image: string;
  images: string[];
  category: string;
  brand: string;
  category_id: string | null;
  brand_id: string | null;
  units_sold: number;
  price: string;
};

type Row = {
  id: string;
  name: string;
  slug: string;
};

describe('migration 0014: categories and brands become records', () => {
  let t: TestDatabase;
  let product: Record<string, MigratedProduct>;
  let categories: Row[];
  let brands: Row[];
  const recordOf = (rows: Row[], id: string | null) => rows.find((row) => row.id === id);

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.handle.db;
    await migrateTo(t.handle, '0013_return_requests');
    for (const { key, category, brand } of before) {
      await db.execute(sql`
        insert into products (name, image, brand, category, description, price, count_in_stock)
        values (${key}, ${`/images/${key}.webp`}, ${brand}, ${category}, 'Made before 0014', 9.99, 5)`);
    }
    // Paid orders count; an unpaid one and a paid one later cancelled do not.
    const order = async (lines: [string, number][], paid: boolean, cancelled = false) => {
      const [made] = await queryRows<{ id: string }>(
        db,
        sql`insert into orders (buyer_name, buyer_email, address, city, postal_code, country,
              payment_method, items_price, shipping_price, tax_price, total_price, is_paid, paid_at,
              cancelled_at, cancelled_by)
            values ('Buyer', 'buyer@example.test', '1 Road', 'Town', '1000', 'Country', 'PayPal',
              10, 0, 0, 10, ${paid}, ${paid ? new Date() : null}, ${cancelled ? new Date() : null},
              ${cancelled ? 'admin' : null})
            returning id`,
      );
      for (const [key, qty] of lines) {
        await db.execute(sql`
          insert into order_items (order_id, product_id, name, image, price, qty)
          select ${made!.id}, id, name, image, price, ${qty} from products where name = ${key}`);
      }
    };
    await order(
      [
        ['iphone', 2],
        ['pixel', 1],
      ],
      true,
    );
    await order([['iphone', 3]], true);
    await order([['iphone', 5]], false);
    await order([['pixel', 4]], true, true);

    await t.handle.migrate();

    const rows = await queryRows<MigratedProduct>(
      db,
      sql`select name, image, images, category, brand, category_id, brand_id, units_sold,
                 price::text as price
          from products`,
    );
    product = Object.fromEntries(rows.map((row) => [row.name, row]));
    categories = await queryRows<Row>(db, sql`select id, name, slug from categories`);
    brands = await queryRows<Row>(db, sql`select id, name, slug from brands`);
  });
  afterAll(() => t.drop());

  it('keeps every product, with its picture as the only one of its list', () => {
    expect(Object.keys(product).sort()).toEqual(before.map(({ key }) => key).sort());
    for (const { key } of before) {
      expect(product[key], key).toMatchObject({
        image: `/images/${key}.webp`,
        images: [`/images/${key}.webp`],
        price: '9.99',
      });
    }
  });

  it('makes one record of names that differ only in case and spacing, and links both products to it', () => {
    const phones = categories.filter((row) => row.name.toLowerCase() === 'phones');
    expect(phones).toHaveLength(1);
    expect(['Phones', 'phones']).toContain(phones[0]!.name);
    expect(phones[0]!.slug).toBe('phones');
    for (const key of ['iphone', 'pixel']) {
      expect(product[key]).toMatchObject({ category_id: phones[0]!.id, category: phones[0]!.name });
    }
    const apple = brands.filter((row) => row.name.toLowerCase() === 'apple');
    expect(apple).toHaveLength(1);
    expect(product.pixel!.brand_id).toBe(apple[0]!.id);
    expect(product.iphone!.brand_id).toBe(apple[0]!.id);
  });

  it('leaves products with an empty or blank category or brand in none', () => {
    for (const key of ['loose', 'blank']) {
      expect(product[key]).toMatchObject({
        category: '',
        category_id: null,
        brand: '',
        brand_id: null,
      });
    }
    expect(categories.some((row) => row.name.trim() === '')).toBe(false);
  });

  it('keeps Unicode names, with Unicode slugs', () => {
    expect(recordOf(categories, product.radio!.category_id)).toMatchObject({
      name: 'Électronique',
      slug: 'électronique',
    });
    expect(recordOf(brands, product.radio!.brand_id)).toMatchObject({
      name: 'Ålesund Audio',
      slug: 'ålesund-audio',
    });
    expect(recordOf(brands, product.tee!.brand_id)).toMatchObject({ slug: 'crème-co' });
  });

  it('gives names that make the same slug, or none, slugs of their own', () => {
    const tee = recordOf(categories, product.tee!.category_id)!;
    const polo = recordOf(categories, product.polo!.category_id)!;
    expect(tee.name).toBe('T-Shirts');
    expect(polo.name).toBe('T Shirts');
    expect(tee.id).not.toBe(polo.id);
    expect([tee.slug, polo.slug]).toContain('t-shirts');
    expect([tee.slug, polo.slug].find((slug) => slug !== 't-shirts')).toMatch(/^t-shirts-/);
    expect(recordOf(categories, product.odd!.category_id)).toMatchObject({ name: '!!!' });
    expect(recordOf(brands, product.odd!.brand_id)).toMatchObject({ name: '???' });
  });

  it('makes every slug well-formed and unique, and every product carry its record’s name', () => {
    for (const rows of [categories, brands]) {
      for (const row of rows) expect(isSlug(row.slug), row.slug).toBe(true);
      expect(new Set(rows.map((row) => row.slug)).size).toBe(rows.length);
    }
    for (const row of Object.values(product)) {
      expect(row.category).toBe(recordOf(categories, row.category_id)?.name ?? '');
      expect(row.brand).toBe(recordOf(brands, row.brand_id)?.name ?? '');
    }
  });

  it('counts the units sold by paid orders that were not cancelled', () => {
    expect(product.iphone!.units_sold).toBe(5);
    expect(product.pixel!.units_sold).toBe(1);
    expect(product.radio!.units_sold).toBe(0);
  });
});
