// Amounts past what a money column holds (numeric(12,2): 9,999,999,999.99). A line of 10,000 ×
// 1,000,000.00 fits every schema, but its order did not fit the database: "numeric field
// overflow", a 500. Every amount a request can make the shop store is refused first, with a 400
// that says the limit (or, in the products' CSV, an error at its line and column), and nothing
// changes.
import { MAX_MONEY, MAX_MONEY_CENTS, MAX_PRICE } from '@proshop/domain/money';
import { PRODUCT_CSV_COLUMNS } from '@proshop/domain/product-csv';
import type { ProductImportReport } from '@proshop/domain/product-import-schemas';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts, orders, products, productVariants, refunds } from '../../src/db/schema.ts';
import { csvLine, UTF8_BOM } from '../../src/http/csv.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { multipartForm } from '../helpers/multipart.ts';
import { orderBody, payOrder, placeOrder, stockOf } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

const MOST = '$9,999,999,999.99';

describe(`amounts past the money columns (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: SignedIn;
  let shopper: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
    shopper = await createSignedInUser(t.database.db);
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));
  const expectRefused = (res: { statusCode: number; body: string }, message: string | RegExp) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = JSON.parse(res.body) as { message: string };
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
  };

  it('derives the limit from numeric(12,2)', () => {
    expect(MAX_MONEY_CENTS).toBe(999_999_999_999);
    expect(MAX_MONEY).toBe(9_999_999_999.99);
  });

  describe('orders', () => {
    it('refuses a line of 10,000 × 1,000,000.00 with 400 and the limit, placing nothing', async () => {
      const buyer = await createSignedInUser(db());
      const product = await createProduct(db(), { price: '1000000.00', countInStock: 20_000 });
      const body = orderBody([{ product, qty: 10_000 }]);
      // The totals the shared price rule gives, as the place-order screen sends them: the schema.
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: buyer.headers,
        payload: body,
      });
      expectRefused(sent, 'Items price can be at most 9,999,999,999.99');
      // Totals that fit, from a client that computes them wrongly: the server's own total.
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: buyer.headers,
        payload: { ...body, itemsPrice: 1, shippingPrice: 0, taxPrice: 0, totalPrice: 1 },
      });
      expectRefused(
        wrong,
        `An order can come to at most ${MOST} and this one comes to $11,500,000,000.00: please split it into smaller orders.`,
      );
      expect(await ordersOf(buyer.user.id)).toEqual([]);
      expect(await stockOf(db(), product.id)).toBe(20_000);
    });

    it('refuses an order whose lines fit one by one but whose total does not', async () => {
      const buyer = await createSignedInUser(db());
      const lamp = await createProduct(db(), { price: '1000000.00', countInStock: 10_000 });
      const desk = await createProduct(db(), { price: '999999.99', countInStock: 10_000 });
      // Each line is at most 9,999,999,999.99 (10,000 × 999,999.99 and 4,000 × 1,000,000.00),
      // their items together are 13,999,999,999.99.
      const lines = [
        { product: lamp, qty: 4_000 },
        { product: desk, qty: 10_000 },
      ];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: buyer.headers,
        payload: { ...orderBody(lines), itemsPrice: 0, taxPrice: 0, totalPrice: 0 },
      });
      expectRefused(res, /^An order can come to at most \$9,999,999,999\.99 and this one comes to/);
      expect(await ordersOf(buyer.user.id)).toEqual([]);

      // The cart's check of a code prices the same order the same way: the same 400.
      const code = `BIG-${Date.now()}`;
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/discounts',
        headers: admin.headers,
        payload: { code, kind: 'percentage', value: 10 },
      });
      expect(created.statusCode, created.body).toBe(201);
      const checked = await t.app.inject({
        method: 'POST',
        url: '/api/discounts/check',
        headers: buyer.headers,
        payload: { code, orderItems: orderBody(lines).orderItems },
      });
      expectRefused(checked, /^An order can come to at most \$9,999,999,999\.99/);
    });

    it('refuses totals past the limit sent by the client with 400 naming the field', async () => {
      const product = await createProduct(db(), { price: '10.00', countInStock: 5 });
      const body = orderBody([{ product, qty: 1 }]);
      for (const field of ['itemsPrice', 'totalPrice', 'taxPrice'] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: shopper.headers,
          payload: { ...body, [field]: 10_000_000_000 },
        });
        expectRefused(res, /can be at most 9,999,999,999\.99$/);
      }
      expect(await ordersOf(shopper.user.id)).toEqual([]);
    });

    it('takes an order just under the limit', async () => {
      const buyer = await createSignedInUser(db());
      // 8,695,652,100.00 of items and 15 % tax: 9,999,999,915.00, 84.99 under the limit.
      const product = await createProduct(db(), { price: '869565.21', countInStock: 10_000 });
      const placed = await placeOrder(t.app, buyer.headers, [{ product, qty: 10_000 }]);
      expect(placed.totalPrice).toBe(9_999_999_915);
    });
  });

  it('refuses a refund amount past the limit with 400, refunding nothing', async () => {
    const buyer = await createSignedInUser(db());
    const product = await createProduct(db(), { price: '40.00', countInStock: 5 });
    const placed = await placeOrder(t.app, buyer.headers, [{ product, qty: 1 }]);
    const paid = await payOrder(t.app, buyer.headers, placed._id);
    expect(paid.statusCode, paid.body).toBe(200);
    for (const amount of [10_000_000_000, 1e20, 1e308]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${placed._id}/refunds`,
        headers: admin.headers,
        payload: { amount, reason: 'Goodwill' },
      });
      expectRefused(res, 'Amount can be at most 9,999,999,999.99');
    }
    expect(await db().select().from(refunds).where(eq(refunds.orderId, placed._id))).toEqual([]);
  });

  it('refuses a fixed discount or a minimum order past the price limit with 400, storing nothing', async () => {
    const before = await db().select().from(discounts);
    const bodies = [
      [{ kind: 'fixed', value: 10_000_000_000 }, 'Value can be at most 1,000,000.00'],
      [{ kind: 'fixed', value: 1e308 }, 'Value can be at most 1,000,000.00'],
      [
        { kind: 'percentage', value: 10, minSubtotal: 10_000_000_000 },
        'Minimum subtotal can be at most 1,000,000.00',
      ],
    ] as const;
    for (const [fields, message] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/discounts',
        headers: admin.headers,
        payload: { code: `HUGE-${Math.random().toString(36).slice(2, 8)}`, ...fields },
      });
      expectRefused(res, message);
    }
    expect(await db().select().from(discounts)).toEqual(before);
  });

  it('refuses a product or variant price past the price limit with 400, changing nothing', async () => {
    const product = await createProduct(db(), { price: '10.00', countInStock: 5 });
    const stored = () => db().select().from(products).where(eq(products.id, product.id));
    const before = await stored();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: {
        name: 'Kettle',
        price: 10_000_000_000,
        image: '/images/sample.webp',
        brand: 'Brand',
        category: 'Kitchen',
        countInStock: 5,
        description: 'Boils water.',
      },
    });
    expectRefused(edit, 'Price can be at most 1,000,000.00');
    const variants = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/variants`,
      headers: admin.headers,
      payload: {
        options: [],
        variants: [
          {
            sku: 'HUGE-1',
            options: {},
            price: MAX_PRICE + 0.01,
            countInStock: 1,
            image: null,
            active: true,
          },
        ],
      },
    });
    expect(variants.statusCode, variants.body).toBe(400);
    expect(variants.json<{ message: string }>().message).toContain(
      'Price can be at most 1,000,000.00',
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses the same prices in the products CSV at their line and column, importing nothing', async () => {
    const catalogue = async () => ({
      products: await db().select().from(products).orderBy(asc(products.id)),
      variants: await db().select().from(productVariants).orderBy(asc(productVariants.id)),
    });
    const before = await catalogue();
    const line = (fields: Record<string, string>) => ({
      name: 'Gold Lamp',
      description: 'Expensive.',
      price: '25.00',
      pictures: '/images/sample.webp',
      stock: '3',
      active: 'yes',
      ...fields,
    });
    const csv =
      UTF8_BOM +
      csvLine(PRODUCT_CSV_COLUMNS) +
      [
        line({ sku: 'GOLD-1', price: '10000000000.00' }),
        line({ sku: 'GOLD-2', price: '1000000.01' }),
        line({ sku: 'GOLD-3', variant_price: '99999999999999' }),
      ]
        .map((fields) =>
          csvLine(PRODUCT_CSV_COLUMNS.map((column) => (fields as Record<string, string>)[column])),
        )
        .join('');
    for (const dryRun of [true, false]) {
      const form = multipartForm([
        { name: 'file', filename: 'products.csv', contentType: 'text/csv', data: Buffer.from(csv) },
        { name: 'dryRun', value: String(dryRun) },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products/import',
        headers: { ...admin.headers, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(dryRun ? 200 : 422);
      expect(res.json<ProductImportReport>().errors).toEqual([
        { line: 2, column: 'price', message: 'Price can be at most 1,000,000.00' },
        { line: 3, column: 'price', message: 'Price can be at most 1,000,000.00' },
        { line: 4, column: 'variant_price', message: 'Price can be at most 1,000,000.00' },
      ]);
    }
    expect(await catalogue()).toEqual(before);
  });
});
