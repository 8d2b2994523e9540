// Migration 0015 gives every product of a shop one variant choosing nothing (decision 0019): it
// takes the product's stock, sells at the product's price and has a SKU made from the product's
// id; every order line is pointed at its product's variant, so that a refund with restock gives
// the units back to it. Nothing a shop held before is lost or changed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql-rows.ts';
import { migrateTo } from '../helpers/migrate-to.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/** The products of a shop before 0015: key, stock and price; some with ids of their own. */
const before = [
  { key: 'lamp', stock: 7, price: '49.50' },
  { key: 'mug', stock: 0, price: '12.00' },
  { key: 'bike', stock: 1, price: '9999999999.99' },
  // Two ids that share their first 12 hex digits (and a third that does not): the SKU made of
  // those digits would be the same, so the second gets the whole id.
  { key: 'twin-a', stock: 3, price: '5.00', id: 'abcdef12-3456-4aaa-8000-000000000001' },
  { key: 'twin-b', stock: 4, price: '6.00', id: 'abcdef12-3456-4bbb-8000-000000000002' },
  { key: 'cousin', stock: 2, price: '7.00', id: 'abcdef12-3457-4ccc-8000-000000000003' },
  // Ordered, then deleted before the upgrade: its order lines keep no product.
  { key: 'gone', stock: 9, price: '3.00' },
];

// Type aliases, not interfaces: queryRows wants a record type.
type ProductRow = {
  id: string;
  name: string;
  price: string;
  count_in_stock: number;
  min_price: string;
  max_price: string;
  variant_count: number;
  options: unknown;
};

type VariantRow = {
  id: string;
  product_id: string;
  sku: string;
  options: unknown;
  price: string | null;
  count_in_stock: number;
  image: string | null;
  active: boolean;
  position: number;
};

type LineRow = {
  id: string;
  order_id: string;
  product_id: string | null;
  variant_id: string | null;
  name: string;
  price: string;
  qty: number;
  sku: string | null;
  options: unknown;
};

type OrderRow = {
  id: string;
  is_paid: boolean;
  total_price: string;
};

const hexOf = (id: string) => id.replaceAll('-', '').toUpperCase();

describe('migration 0015: every product gets its one variant', () => {
  let t: TestDatabase;
  let productsBefore: ProductRow[];
  let productsAfter: ProductRow[];
  let variants: VariantRow[];
  let linesBefore: Omit<LineRow, 'variant_id' | 'sku' | 'options'>[];
  let linesAfter: LineRow[];
  let ordersBefore: OrderRow[];
  let ordersAfter: OrderRow[];
  let paidOrderId: string;
  const product = (key: string) => productsAfter.find((row) => row.name === key)!;
  const variantsOf = (key: string) => variants.filter((row) => row.product_id === product(key).id);

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.handle.db;
    await migrateTo(t.handle, '0014_catalogue_navigation');
    for (const { key, stock, price, id } of before) {
      await db.execute(sql`
        insert into products (id, name, image, images, brand, category, description, price,
                              count_in_stock)
        values (coalesce(${id ?? null}::uuid, gen_random_uuid()), ${key},
                ${`/images/${key}.webp`}, array[${`/images/${key}.webp`}], '', '',
                'Made before 0015', ${price}, ${stock})`);
    }
    const order = async (lines: [string, number][], paid: boolean) => {
      const [made] = await queryRows<{ id: string }>(
        db,
        sql`insert into orders (buyer_name, buyer_email, address, city, postal_code, country,
              payment_method, items_price, shipping_price, tax_price, total_price, is_paid, paid_at)
            values ('Buyer', 'buyer@example.test', '1 Road', 'Town', '1000', 'Country', 'PayPal',
              10, 0, 0, 10, ${paid}, ${paid ? new Date() : null})
            returning id`,
      );
      for (const [position, [key, qty]] of lines.entries()) {
        await db.execute(sql`
          insert into order_items (order_id, product_id, name, image, price, qty, position)
          select ${made!.id}, id, name, image, price, ${qty}, ${position}
          from products where name = ${key}`);
      }
      return made!.id;
    };
    paidOrderId = await order(
      [
        ['lamp', 2],
        ['twin-b', 1],
        ['gone', 1],
      ],
      true,
    );
    await order(
      [
        ['mug', 3],
        ['twin-a', 1],
      ],
      false,
    );
    await db.execute(sql`delete from products where name = 'gone'`);

    const readProducts = () =>
      queryRows<ProductRow>(
        db,
        sql`select id, name, price::text as price, count_in_stock, min_price::text as min_price,
                   max_price::text as max_price, variant_count, options
            from products order by name`,
      );
    const readOrders = () =>
      queryRows<OrderRow>(
        db,
        sql`select id, is_paid, total_price::text as total_price from orders order by id`,
      );
    productsBefore = await queryRows<ProductRow>(
      db,
      sql`select id, name, price::text as price, count_in_stock from products order by name`,
    );
    linesBefore = await queryRows(
      db,
      sql`select id, order_id, product_id, name, price::text as price, qty
          from order_items order by id`,
    );
    ordersBefore = await readOrders();

    await t.handle.migrate();

    productsAfter = await readProducts();
    variants = await queryRows<VariantRow>(
      db,
      sql`select id, product_id, sku, options, price::text as price, count_in_stock, image, active,
                 position
          from product_variants`,
    );
    linesAfter = await queryRows<LineRow>(
      db,
      sql`select id, order_id, product_id, variant_id, name, price::text as price, qty, sku, options
          from order_items order by id`,
    );
    ordersAfter = await readOrders();
  });
  afterAll(() => t.drop());

  it('keeps every product with its price and stock', () => {
    expect(productsAfter.map((row) => row.name).sort()).toEqual(
      before
        .map(({ key }) => key)
        .filter((key) => key !== 'gone')
        .sort(),
    );
    for (const row of productsBefore) {
      expect(product(row.name), row.name).toMatchObject({
        id: row.id,
        price: row.price,
        count_in_stock: row.count_in_stock,
      });
    }
  });

  it('gives every product exactly one variant choosing nothing, holding its stock', () => {
    expect(variants).toHaveLength(productsAfter.length);
    for (const { key, stock } of before.filter(({ key }) => key !== 'gone')) {
      const own = variantsOf(key);
      expect(own, key).toHaveLength(1);
      expect(own[0], key).toMatchObject({
        options: {},
        price: null,
        count_in_stock: stock,
        image: null,
        active: true,
        position: 0,
      });
    }
  });

  it('sums the variants up on the product: one variant, selling at its price, without options', () => {
    for (const row of productsAfter) {
      expect(row, row.name).toMatchObject({
        options: [],
        variant_count: 1,
        min_price: row.price,
        max_price: row.price,
      });
    }
    expect(product('bike')).toMatchObject({
      min_price: '9999999999.99',
      max_price: '9999999999.99',
    });
  });

  it('makes each SKU P- and the first 12 hex digits of the product id, in capitals', () => {
    for (const key of ['lamp', 'mug', 'bike', 'cousin']) {
      expect(variantsOf(key)[0]!.sku, key).toBe(`P-${hexOf(product(key).id).slice(0, 12)}`);
    }
    expect(variantsOf('cousin')[0]!.sku).toBe('P-ABCDEF123457');
  });

  it('gives the second of two ids sharing those 12 digits the whole id, so SKUs stay unique', () => {
    expect(variantsOf('twin-a')[0]!.sku).toBe('P-ABCDEF123456');
    expect(variantsOf('twin-b')[0]!.sku).toBe('P-ABCDEF1234564BBB8000000000000002');
    const skus = variants.map((row) => row.sku.toLowerCase());
    expect(new Set(skus).size).toBe(skus.length);
  });

  it('keeps every order and order line as it was', () => {
    expect(ordersAfter).toEqual(ordersBefore);
    expect(ordersAfter.find((row) => row.id === paidOrderId)).toMatchObject({ is_paid: true });
    expect(
      linesAfter.map(({ id, order_id, product_id, name, price, qty }) => ({
        id,
        order_id,
        product_id,
        name,
        price,
        qty,
      })),
    ).toEqual(linesBefore);
    expect(linesAfter).toHaveLength(5);
  });

  it("points each order line at its product's variant, with no SKU or option values", () => {
    for (const line of linesAfter) {
      expect(line, line.name).toMatchObject({ sku: null, options: [] });
      if (line.product_id === null) continue;
      const variant = variants.find((row) => row.product_id === line.product_id);
      expect(line.variant_id, line.name).toBe(variant!.id);
    }
  });

  it('leaves the line of a deleted product without product or variant', () => {
    const gone = linesAfter.filter((line) => line.name === 'gone');
    expect(gone).toHaveLength(1);
    expect(gone[0]).toMatchObject({ product_id: null, variant_id: null, order_id: paidOrderId });
  });
});
