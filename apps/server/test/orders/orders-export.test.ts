// GET /api/orders/export.csv: one CSV line per order line, what each cell holds (quoting, Unicode,
// formulas neutralised, variants, discounts, refunds), the same orders as the list for the same
// filters, and a large export read page by page as the client takes it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/http/csv.ts';
import { exportOrders } from '../../src/modules/orders/orders-export.ts';
import { createSignedInUser } from '../helpers/factories.ts';
import {
  cancelledAt,
  deliveredAt,
  paidAt,
  storeOrder,
  storeRefund,
} from '../helpers/stored-orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const TIME_ZONE = 'Europe/Berlin';
const HEADER = [
  'Order ID',
  'Order number',
  `Placed (${TIME_ZONE})`,
  `Paid (${TIME_ZONE})`,
  'Customer',
  'Email',
  'Address',
  'City',
  'Postal code',
  'Country',
  'Line',
  'Product',
  'SKU',
  'Options',
  'Qty',
  'Price',
  'Line discount',
  'Line total',
  'Discount code',
  'Order discount',
  'Items',
  'Tax',
  'Shipping',
  'Order total',
  'Refunded',
  'Currency',
  'Status',
  'Shipping method',
  'Shipping tax',
  'Tax lines',
  'Prices include tax',
  'Line tax',
  'Line tax rate',
];

/** The cells of a data line by column name. */
const byColumn = (cells: string[]) =>
  Object.fromEntries(HEADER.map((name, index) => [name, cells[index]]));

describe('GET /api/orders/export.csv', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;
  const ids: Record<string, string> = {};
  const numbers: Record<string, number> = {};

  beforeAll(async () => {
    // 23:30 UTC on 15 March is 16 March in Berlin: the file is named after the shop's day.
    t = await createTestApp(
      { PAGE_SIZE: '100', SHOP_TIMEZONE: TIME_ZONE },
      { clock: { now: () => new Date('2026-03-15T23:30:00Z') } },
    );
    const db = t.database.db;
    admin = await createSignedInUser(db, { isAdmin: true });
    shopper = await createSignedInUser(db);
    const placed = new Date('2026-03-01T12:00:00Z');
    const tricky = await storeOrder(db, {
      buyerName: '=HYPERLINK("http://evil.example","Click")',
      buyerEmail: 'hyper@example.com',
      createdAt: placed,
      lines: [
        {
          name: 'Trail Shirt',
          sku: 'TS-BLUE-M',
          options: [
            { name: 'Size', value: 'M' },
            { name: 'Colour', value: 'Blue' },
          ],
          price: '20.00',
          qty: 2,
          discount: '4.00',
        },
        { name: '+1 Gadget', sku: '-SKU', price: '10.00', discount: '1.00' },
        { name: '@Mention Mug', price: '0.50' },
      ],
      values: {
        address: 'Flat 2, "The Old Mill", Riverside',
        city: 'Zürich',
        country: '日本',
        discountCode: 'SPRING10',
        discountPrice: '5.00',
        itemsPrice: '50.50',
        taxPrice: '6.82',
        shippingPrice: '0.00',
        totalPrice: '52.32',
        ...paidAt(new Date('2026-03-01T12:05:00Z')),
      },
    });
    ids.tricky = tricky.id;
    numbers.tricky = tricky.orderNumber;
    await storeRefund(db, ids.tricky, '10.00');
    await storeRefund(db, ids.tricky, '40.00', 'failed');
    ids.zoe = (
      await storeOrder(db, {
        buyerName: 'Zoë Ångström 東京',
        buyerEmail: 'zoe@example.com',
        createdAt: new Date('2026-03-05T09:00:00Z'),
        lines: [{ name: 'Crème brûlée set', price: '12.00' }],
        values: deliveredAt(new Date('2026-03-06T09:00:00Z')),
      })
    ).id;
    ids.cancelled = (
      await storeOrder(db, {
        buyerName: 'Carl Cancel',
        createdAt: new Date('2026-03-10T09:00:00Z'),
        lines: [{ name: 'Trail Shirt', price: '20.00' }],
        values: cancelledAt(new Date('2026-03-10T10:00:00Z')),
      })
    ).id;
    ids.unpaid = (
      await storeOrder(db, {
        buyerName: 'Una Paid',
        createdAt: new Date('2026-03-12T09:00:00Z'),
        lines: [
          { name: 'Lamp', price: '40.00' },
          { name: 'Bulb', price: '2.00', qty: 3 },
        ],
      })
    ).id;
  });
  afterAll(() => t.close());

  const exportCsv = (query = '', headers: Record<string, string> = admin.headers) =>
    t.app.inject({ url: `/api/orders/export.csv${query}`, headers });
  const rowsOf = (body: string) => parseCsv(body).map((row) => row.cells);

  it('answers a dated CSV attachment, a UTF-8 byte order mark first, and X-Total-Count lines', async () => {
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-03-16.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = rowsOf(res.body);
    expect(rows[0]).toEqual(HEADER);
    // 3 + 1 + 1 + 2 order lines, newest order first, each order's lines in their order.
    expect(res.headers['x-total-count']).toBe('7');
    expect(rows.slice(1).map((cells) => [cells[0], cells[10]])).toEqual([
      [ids.unpaid, '1'],
      [ids.unpaid, '2'],
      [ids.cancelled, '1'],
      [ids.zoe, '1'],
      [ids.tricky, '1'],
      [ids.tricky, '2'],
      [ids.tricky, '3'],
    ]);
    expect(res.body.endsWith('\r\n')).toBe(true);
  });

  it('writes the order on every line, its amounts on its first line, quoted where needed and formulas neutralised', async () => {
    const res = await exportCsv(`?q=${ids.tricky}`);
    const [, first, second, third] = rowsOf(res.body);
    expect(byColumn(first!)).toEqual({
      'Order ID': ids.tricky,
      'Order number': String(numbers.tricky),
      [`Placed (${TIME_ZONE})`]: '2026-03-01 13:00:00',
      [`Paid (${TIME_ZONE})`]: '2026-03-01 13:05:00',
      // A spreadsheet shows it as text and never runs it.
      Customer: `'=HYPERLINK("http://evil.example","Click")`,
      Email: 'hyper@example.com',
      Address: 'Flat 2, "The Old Mill", Riverside',
      City: 'Zürich',
      'Postal code': '12345',
      Country: '日本',
      Line: '1',
      Product: 'Trail Shirt',
      SKU: 'TS-BLUE-M',
      Options: 'Size: M, Colour: Blue',
      Qty: '2',
      Price: '20.00',
      'Line discount': '4.00',
      'Line total': '36.00',
      'Discount code': 'SPRING10',
      'Order discount': '5.00',
      Items: '50.50',
      Tax: '6.82',
      Shipping: '0.00',
      'Order total': '52.32',
      // The failed refund does not count.
      Refunded: '10.00',
      Currency: 'USD',
      Status: 'Partially refunded',
      // Stored before issue #38: the method every order had, no tax of its own per line.
      'Shipping method': 'Standard',
      'Shipping tax': '0.00',
      'Tax lines': '',
      'Prices include tax': 'no',
      'Line tax': '',
      'Line tax rate': '',
    });
    expect(byColumn(second!)).toMatchObject({
      'Order ID': ids.tricky,
      'Order number': String(numbers.tricky),
      Customer: `'=HYPERLINK("http://evil.example","Click")`,
      Line: '2',
      Product: "'+1 Gadget",
      SKU: "'-SKU",
      Options: '',
      Qty: '1',
      Price: '10.00',
      'Line discount': '1.00',
      'Line total': '9.00',
      'Discount code': 'SPRING10',
      'Order discount': '',
      Items: '',
      Tax: '',
      Shipping: '',
      'Order total': '',
      Refunded: '',
      Status: 'Partially refunded',
    });
    expect(byColumn(third!)).toMatchObject({ Product: "'@Mention Mug", 'Line total': '0.50' });
    // The raw text: the quoted cells as RFC 4180 writes them.
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(res.body).toContain('"Flat 2, ""The Old Mill"", Riverside"');
  });

  it("ends each line with the order's shipping method and taxes, and the line's own tax (issue #38)", async () => {
    const order = await storeOrder(t.database.db, {
      buyerName: 'Vera Vat',
      createdAt: new Date('2026-03-02T09:00:00Z'),
      lines: [
        { name: 'Book', price: '10.70', tax: '0.70', taxBasisPoints: 700, taxName: 'VAT' },
        { name: 'Lamp', price: '24.00', tax: '4.00', taxBasisPoints: 2000, taxName: 'VAT' },
      ],
      values: {
        shippingPrice: '6.00',
        shippingMethodName: 'Express',
        shippingEstimateMinDays: 1,
        shippingEstimateMaxDays: 2,
        shippingTax: '1.00',
        pricesIncludeTax: true,
        taxLines: [
          { name: 'VAT', basisPoints: 700, appliesTo: 'items', base: '10.70', amount: '0.70' },
          { name: 'VAT', basisPoints: 2000, appliesTo: 'items', base: '24.00', amount: '4.00' },
          { name: 'VAT', basisPoints: 2000, appliesTo: 'shipping', base: '6.00', amount: '1.00' },
        ],
        taxPrice: '5.70',
        totalPrice: '40.70',
      },
    });
    const res = await exportCsv(`?q=${order.id}`);
    const [header, first, second] = rowsOf(res.body);
    // After the columns there were before, so that a sheet reading them by position still does.
    expect(header!.slice(0, 27)).toEqual(HEADER.slice(0, 27));
    expect(byColumn(first!)).toMatchObject({
      Tax: '5.70',
      Shipping: '6.00',
      'Order total': '40.70',
      'Shipping method': 'Express',
      'Shipping tax': '1.00',
      'Tax lines': 'VAT 7%: 0.70; VAT 20%: 4.00; VAT 20% on shipping: 1.00',
      'Prices include tax': 'yes',
      'Line tax': '0.70',
      'Line tax rate': 'VAT 7%',
    });
    // The order's amounts on its first line only; what tells the line apart on each.
    expect(byColumn(second!)).toMatchObject({
      'Shipping method': 'Express',
      'Shipping tax': '',
      'Tax lines': '',
      'Prices include tax': 'yes',
      'Line tax': '4.00',
      'Line tax rate': 'VAT 20%',
    });
  });

  it('keeps Unicode as UTF-8', async () => {
    const res = await exportCsv('?q=zo%C3%AB');
    expect(res.rawPayload.includes(Buffer.from('Zoë Ångström 東京', 'utf8'))).toBe(true);
    const [, line] = rowsOf(res.body);
    expect(byColumn(line!)).toMatchObject({
      Customer: 'Zoë Ångström 東京',
      Product: 'Crème brûlée set',
      [`Paid (${TIME_ZONE})`]: '2026-03-06 10:00:00',
      Status: 'Delivered',
      Refunded: '0.00',
    });
  });

  it('exports the same orders as the list shows for the same filters', async () => {
    const queries = [
      '',
      '?q=trail',
      '?q=TS-BLUE',
      '?status=cancelled',
      '?status=not-paid',
      '?status=partially-refunded',
      '?status=delivered&q=zoe',
      '?from=2026-03-05&to=2026-03-10',
      '?from=2026-03-11',
      '?q=nobody',
      `?q=%23${numbers.tricky}`,
    ];
    for (const query of queries) {
      const page = await t.app.inject({ url: `/api/orders${query}`, headers: admin.headers });
      expect(page.statusCode, page.body).toBe(200);
      const listed = page.json<{ orders: { _id: string }[] }>().orders.map((order) => order._id);
      const res = await exportCsv(query);
      expect(res.statusCode, query).toBe(200);
      const rows = rowsOf(res.body).slice(1);
      expect([...new Set(rows.map((cells) => cells[0]))], query).toEqual(listed);
      expect(res.headers['x-total-count'], query).toBe(String(rows.length));
    }
  });

  it('answers the header alone when no order matches', async () => {
    const res = await exportCsv('?q=nobody');
    expect(res.headers['x-total-count']).toBe('0');
    expect(res.body).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
  });

  it('is for admins only: 401 without a session, 403 for a shopper', async () => {
    expect((await exportCsv('', {})).statusCode).toBe(401);
    const refused = await exportCsv('', shopper.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Not authorized as an admin' });
  });

  it('refuses a bad filter with 400 and a message, as the list does', async () => {
    for (const [query, message] of [
      ['?status=lost', /Unknown order status/],
      ['?from=2026-02-30', /from must be a day/],
      ['?from=2026-03-02&to=2026-03-01', /from must not be a later day than to/],
    ] as const) {
      const res = await exportCsv(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
  });
});

describe('a large order export', () => {
  const ORDERS = 3_000;
  // Order g has 1 + g % 3 lines: 6,000 lines for 3,000 orders.
  const LINES = 6_000;
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    admin = await createSignedInUser(db, { isAdmin: true });
    // Seven orders share each moment, and the moments are a microsecond apart (a JavaScript Date
    // would make them one): the pages must neither skip nor repeat an order across a boundary.
    await db.execute(sql`
      insert into orders (buyer_name, buyer_email, address, city, postal_code, country,
        payment_method, items_price, shipping_price, tax_price, total_price, created_at)
      select 'Bulk Buyer ' || g, 'bulk-' || g || '@example.com', g || ' Main St', 'Springfield',
        '12345', 'USA', 'PayPal', 10, 0, 0, 10,
        timestamptz '2026-01-01 00:00:00+00' + (g / 7) * interval '1 microsecond'
      from generate_series(1, ${ORDERS}) g`);
    await db.execute(sql`
      insert into order_items (order_id, name, image, price, qty, position)
      select o.id, 'Bulk item ' || k, '/images/sample.jpg', 10, 1, k
      from orders o
      cross join lateral generate_series(0, substring(o.buyer_name from '[0-9]+$')::int % 3) k
      where o.buyer_name like 'Bulk Buyer %'`);
  });
  afterAll(() => t.close());

  it('writes every line of every order once, as many as X-Total-Count says', async () => {
    const res = await t.app.inject({ url: '/api/orders/export.csv', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(LINES));
    const rows = parseCsv(res.body).slice(1);
    expect(rows).toHaveLength(LINES);
    const linesOf = new Map<string, string[]>();
    for (const { cells } of rows) {
      const lines = linesOf.get(cells[0]!) ?? [];
      lines.push(cells[10]!);
      linesOf.set(cells[0]!, lines);
    }
    expect(linesOf.size).toBe(ORDERS);
    for (const [id, lines] of linesOf) {
      expect(lines, id).toEqual(lines.map((_, index) => String(index + 1)));
    }
  });

  it('reads the next page only as the stream is read, outside any transaction', async () => {
    const db = t.database.db;
    const csv = await exportOrders(db, { timeZone: 'UTC' }, { now: new Date(), batchSize: 100 });
    expect(csv.lines).toBe(LINES);
    const chunks: string[] = [];
    let renamed = false;
    for await (const chunk of csv.stream) {
      chunks.push(String(chunk));
      if (!renamed && chunks.join('').includes('Bulk Buyer')) {
        // Pages not yet read show the change: they were not read ahead, nor in one snapshot.
        await db.execute(sql`update orders set buyer_name = 'Renamed Buyer'`);
        renamed = true;
      }
    }
    const rows = parseCsv(chunks.join('')).slice(1);
    expect(rows).toHaveLength(LINES);
    const before = rows.filter(({ cells }) => cells[4]!.startsWith('Bulk Buyer')).length;
    const after = rows.filter(({ cells }) => cells[4] === 'Renamed Buyer').length;
    expect(before).toBeGreaterThan(0);
    // At most a few pages of 100 orders (about 200 lines each) were read ahead of the reader.
    expect(before).toBeLessThan(1_000);
    expect(before + after).toBe(LINES);
  });
});
