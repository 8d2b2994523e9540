// The products' CSV (issue #19): the export in the columns the import reads, the import's check
// (dry run) with every error at its line and column, the all-or-nothing import by SKU or id with
// pictures from a ZIP, and the export → edit → import round trip that changes nothing.
import { existsSync, readdirSync } from 'node:fs';
import { PRODUCT_CSV_COLUMNS } from '@proshop/domain/product-csv';
import type { ProductImportReport } from '@proshop/domain/product-import-schemas';
import { asc, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../src/db/schema.ts';
import { csvLine, csvText, parseCsv, UTF8_BOM } from '../../src/http/csv.ts';
import {
  createProduct,
  createProductWithVariants,
  createSignedInUser,
} from '../helpers/factories.ts';
import { multipartForm, type FormPart } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

type Headers = Record<string, string>;
type Line = Record<string, string>;

const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 140, b: 90 } } })
    .png()
    .toBuffer();

/** The CSV's lines as column → text (the export's apostrophes before formulas taken off). */
function linesOf(csv: string): Line[] {
  const [header, ...rows] = parseCsv(csv);
  const columns = header!.cells.map(csvText);
  return rows.map(({ cells }) =>
    Object.fromEntries(columns.map((column, index) => [column, csvText(cells[index] ?? '')])),
  );
}

/** A CSV of these lines in the export's columns, as a spreadsheet saves it. */
function csvOf(lines: readonly Line[], columns: readonly string[] = PRODUCT_CSV_COLUMNS): string {
  return (
    UTF8_BOM +
    csvLine(columns) +
    lines.map((line) => csvLine(columns.map((column) => line[column] ?? ''))).join('')
  );
}

/** A new product's line with every column given; `fields` overrides. */
const newLine = (fields: Line): Line => ({
  product_id: '',
  group: '',
  name: 'Imported Lamp',
  brand: 'Brightly',
  category: 'Lighting',
  description: 'A lamp from a CSV.',
  price: '25.00',
  pictures: '/images/sample.webp',
  low_stock_threshold: '',
  sku: '',
  variant_price: '',
  stock: '3',
  variant_picture: '',
  active: 'yes',
  ...fields,
});

describe(`products CSV (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: { headers: Headers };
  let shopper: { headers: Headers };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
    shopper = await createSignedInUser(t.database.db);
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;

  const exportCsv = async (headers: Headers = admin.headers) => {
    const res = await t.app.inject({ url: '/api/products/export.csv', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  const send = (
    csv: string | Buffer,
    options: { zip?: Buffer; dryRun?: boolean; headers?: Headers } = {},
  ) => {
    const parts: FormPart[] = [
      {
        name: 'file',
        filename: 'products.csv',
        contentType: 'text/csv',
        data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
      },
    ];
    if (options.zip) {
      parts.push({
        name: 'pictures',
        filename: 'pictures.zip',
        contentType: 'application/zip',
        data: options.zip,
      });
    }
    if (options.dryRun !== undefined) parts.push({ name: 'dryRun', value: String(options.dryRun) });
    const form = multipartForm(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload: form.payload,
      headers: { ...(options.headers ?? admin.headers), ...form.headers },
    });
  };
  const check = async (csv: string | Buffer, zip?: Buffer) => {
    const res = await send(csv, { zip });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductImportReport>();
  };
  const importNow = (csv: string | Buffer, zip?: Buffer) => send(csv, { zip, dryRun: false });

  /** Every product and variant as stored, to prove that nothing changed. */
  const catalogue = async () => ({
    products: await db().select().from(products).orderBy(asc(products.id)),
    variants: await db().select().from(productVariants).orderBy(asc(productVariants.id)),
  });

  const variantsOf = (productId: string) =>
    db()
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.position));

  const productRow = async (id: string) =>
    (await db().select().from(products).where(eq(products.id, id)))[0]!;

  describe('the export', () => {
    it('writes one line per variant in the import’s columns, UTF-8 with a BOM, neutralising formulas', async () => {
      const plain = await createProduct(db(), {
        name: 'Zoë’s lamp 李雷 🚀',
        description: 'Warm light, "soft", and\nwide.',
        price: '19.90',
        countInStock: 4,
        lowStockThreshold: 2,
      });
      const formula = await createProduct(db(), {
        name: '=cmd|/c calc',
        brand: '+Brand',
        description: '-minus @at',
      });
      const { product: shirt, variants } = await createProductWithVariants(
        db(),
        [
          { name: 'Size', values: ['S', 'M'] },
          { name: 'Colour', values: ['Blue'] },
        ],
        [
          { sku: 'EXP-S', options: { Colour: 'Blue', Size: 'S' }, countInStock: 7 },
          {
            sku: 'EXP-M',
            options: { Size: 'M', Colour: 'Blue' },
            price: '22.50',
            image: '/images/shirt-blue.webp',
            active: false,
          },
        ],
        {
          name: 'Export Shirt',
          images: ['/images/shirt.webp', '/images/shirt-blue.webp'],
          image: '/images/shirt.webp',
        },
      );
      const res = await t.app.inject({ url: '/api/products/export.csv', headers: admin.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const csv = res.body;
      expect(csv.startsWith(UTF8_BOM)).toBe(true);
      expect(csv.split('\r\n')[0]).toBe(UTF8_BOM + PRODUCT_CSV_COLUMNS.join(','));
      // The formula is written as text for spreadsheets; the cells with quotes or breaks quoted.
      expect(csv).toContain(`${formula.id},,'=cmd|/c calc,'+Brand,`);
      expect(csv).toContain(`,'-minus @at,`);
      expect(csv).toContain('"Warm light, ""soft"", and\nwide."');
      expect(csv).toContain('Zoë’s lamp 李雷 🚀');

      const lines = linesOf(csv);
      expect(lines.filter((line) => line.product_id === plain.id)).toEqual([
        {
          product_id: plain.id,
          group: '',
          name: 'Zoë’s lamp 李雷 🚀',
          brand: 'Testbrand',
          category: 'Testing',
          description: 'Warm light, "soft", and\nwide.',
          price: '19.90',
          pictures: '/images/sample.webp',
          low_stock_threshold: '2',
          status: 'active',
          sku: expect.stringMatching(/^P-[0-9A-F]{12}$/),
          option1_name: '',
          option1_value: '',
          option2_name: '',
          option2_value: '',
          option3_name: '',
          option3_value: '',
          variant_price: '',
          stock: '4',
          variant_picture: '',
          active: 'yes',
        },
      ]);
      const shirtLines = lines.filter((line) => line.product_id === shirt.id);
      expect(shirtLines).toMatchObject([
        {
          sku: 'EXP-S',
          pictures: '/images/shirt.webp | /images/shirt-blue.webp',
          // In the product's order of options, whatever the variant's keys' order.
          option1_name: 'Size',
          option1_value: 'S',
          option2_name: 'Colour',
          option2_value: 'Blue',
          variant_price: '',
          stock: '7',
          active: 'yes',
        },
        {
          // The product's own columns are on its first line only.
          name: '',
          price: '',
          pictures: '',
          sku: 'EXP-M',
          option1_value: 'M',
          variant_price: '22.50',
          variant_picture: '/images/shirt-blue.webp',
          active: 'no',
        },
      ]);
      expect(variants).toHaveLength(2);
    });

    it('is for admins only', async () => {
      expect((await t.app.inject('/api/products/export.csv')).statusCode).toBe(401);
      const res = await t.app.inject({
        url: '/api/products/export.csv',
        headers: shopper.headers,
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('the round trip', () => {
    it('export → import changes nothing: every line unchanged, no row written', async () => {
      await createProduct(db(), { name: '=SUM(A1)', description: "'=kept apostrophe" });
      const before = await catalogue();
      const csv = await exportCsv();
      const checked = await check(csv);
      expect(checked.errors).toEqual([]);
      expect(checked.rows.length).toBe(before.variants.length);
      expect(checked.rows.every((row) => row.action === 'unchanged')).toBe(true);
      expect(checked.summary).toEqual({
        productsCreated: 0,
        productsUpdated: 0,
        productsUnchanged: before.products.length,
        variantsRemoved: 0,
      });

      const res = await importNow(csv);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<ProductImportReport>()).toMatchObject({ applied: true, errors: [] });
      expect(await catalogue()).toEqual(before);
    });

    it('export → edit → check shows the changes and changes nothing; the import applies them at once', async () => {
      const { product: shirt, variants } = await createProductWithVariants(
        db(),
        [{ name: 'Size', values: ['S', 'M', 'L'] }],
        [
          { sku: 'RT-S', options: { Size: 'S' }, countInStock: 5 },
          { sku: 'RT-M', options: { Size: 'M' }, countInStock: 5 },
          { sku: 'RT-L', options: { Size: 'L' }, countInStock: 5 },
        ],
        { name: 'Round Shirt', price: '20.00' },
      );
      // The storefront's answer is cached: the import must empty the cache.
      const shown = await t.app.inject(`/api/products/${shirt.id}`);
      expect(shown.json()).toMatchObject({ price: 20 });

      const lines = linesOf(await exportCsv());
      const own = lines.filter((line) => line.product_id === shirt.id);
      own[0]!.price = '24.00';
      own[1]!.stock = '9';
      own[1]!.sku = 'RT-M2';
      const edited = csvOf([
        ...lines.filter((line) => line.product_id !== shirt.id),
        ...own.slice(0, 2),
      ]);
      const before = await catalogue();

      const checked = await check(edited);
      expect(checked.errors).toEqual([]);
      expect(checked.rows.filter((row) => row.productId === shirt.id)).toEqual([
        expect.objectContaining({ action: 'update', sku: 'RT-S', changes: ['price'] }),
        expect.objectContaining({ action: 'update', sku: 'RT-M2', changes: ['sku', 'stock'] }),
      ]);
      expect(checked.removedVariants).toEqual([
        { productId: shirt.id, name: 'Round Shirt', sku: 'RT-L' },
      ]);
      expect(checked.summary).toMatchObject({ productsUpdated: 1, variantsRemoved: 1 });
      expect(await catalogue()).toEqual(before);

      const res = await importNow(edited);
      expect(res.statusCode, res.body).toBe(200);
      const stored = await variantsOf(shirt.id);
      expect(stored.map((v) => [v.id, v.sku, v.countInStock])).toEqual([
        [variants[0]!.id, 'RT-S', 5],
        // The same variant: matched by its options when its SKU changed.
        [variants[1]!.id, 'RT-M2', 9],
      ]);
      expect(await productRow(shirt.id)).toMatchObject({
        price: '24.00',
        minPrice: '24.00',
        countInStock: 14,
        options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      });
      const after = await t.app.inject(`/api/products/${shirt.id}`);
      expect(after.json()).toMatchObject({ price: 24, countInStock: 14 });
    });
  });

  describe('creating and updating', () => {
    it('creates products (one alone, one with variants by group), updates by SKU and by id', async () => {
      const bySku = await createProduct(db(), { name: 'By SKU', countInStock: 1 });
      const [skuVariant] = await variantsOf(bySku.id);
      const byId = await createProduct(db(), { name: 'By id', price: '5.00' });
      const csv = csvOf([
        newLine({ name: 'Lone Lamp', sku: 'NEW-LAMP', stock: '4', low_stock_threshold: '1' }),
        newLine({
          name: 'Group Tee',
          group: 'tee',
          sku: 'TEE-S',
          option1_name: 'Size',
          option1_value: 'S',
          stock: '2',
        }),
        // The group's later lines may leave the product's columns empty.
        {
          group: 'tee',
          sku: 'TEE-M',
          option1_name: 'Size',
          option1_value: 'M',
          variant_price: '27.50',
          stock: '6',
        },
        newLine({ name: 'By SKU, renamed', sku: skuVariant!.sku, stock: '8' }),
        newLine({ product_id: byId.id.toUpperCase(), name: 'By id', price: '6.00', stock: '5' }),
      ]);
      const checked = await check(csv);
      expect(checked.errors).toEqual([]);
      expect(checked.rows.map((row) => [row.line, row.action, row.changes])).toEqual([
        [2, 'create', []],
        [3, 'create', []],
        [4, 'create', []],
        [5, 'update', ['name', 'brand', 'category', 'description', 'price', 'stock']],
        [6, 'update', ['brand', 'category', 'description', 'price']],
      ]);
      expect(checked.summary).toEqual({
        productsCreated: 2,
        productsUpdated: 2,
        productsUnchanged: 0,
        variantsRemoved: 0,
      });

      const res = await importNow(csv);
      expect(res.statusCode, res.body).toBe(200);
      const lamp = (await db().select().from(products).where(eq(products.name, 'Lone Lamp')))[0]!;
      expect(lamp).toMatchObject({ price: '25.00', countInStock: 4, lowStockThreshold: 1 });
      expect(lamp.brand).toBe('Brightly');
      expect((await variantsOf(lamp.id)).map((v) => v.sku)).toEqual(['NEW-LAMP']);
      const tee = (await db().select().from(products).where(eq(products.name, 'Group Tee')))[0]!;
      expect(tee).toMatchObject({
        options: [{ name: 'Size', values: ['S', 'M'] }],
        countInStock: 8,
        minPrice: '25.00',
        maxPrice: '27.50',
      });
      expect(await productRow(bySku.id)).toMatchObject({
        name: 'By SKU, renamed',
        countInStock: 8,
      });
      expect((await variantsOf(bySku.id))[0]!.id).toBe(skuVariant!.id);
      expect(await productRow(byId.id)).toMatchObject({ price: '6.00', countInStock: 5 });
      // The storefront lists the new products at once (through the catalogue cache).
      const listed = await t.app.inject('/api/products?keyword=Group%20Tee');
      expect(listed.json<{ products: { name: string }[] }>().products[0]?.name).toBe('Group Tee');
    });

    it('gives a new product without a SKU one of the shop’s', async () => {
      const res = await importNow(csvOf([newLine({ name: 'Skuless Lamp' })]));
      expect(res.statusCode, res.body).toBe(200);
      const lamp = (
        await db().select().from(products).where(eq(products.name, 'Skuless Lamp'))
      )[0]!;
      expect((await variantsOf(lamp.id))[0]!.sku).toMatch(/^P-[0-9A-F]{12}$/);
    });
  });

  describe('the status column', () => {
    it('keeps a draft a draft through export → import, and changes a status the file changes', async () => {
      const draft = await createProduct(db(), { name: 'Draft Lamp', status: 'draft' });
      const live = await createProduct(db(), { name: 'Live Lamp' });
      const lines = linesOf(await exportCsv());
      const lineOf = (id: string) => lines.find((line) => line.product_id === id)!;
      expect(lineOf(draft.id).status).toBe('draft');
      expect(lineOf(live.id).status).toBe('active');

      const same = await importNow(csvOf(lines));
      expect(same.statusCode, same.body).toBe(200);
      expect((await productRow(draft.id)).status).toBe('draft');
      expect((await productRow(live.id)).status).toBe('active');

      lineOf(draft.id).status = 'Active';
      lineOf(live.id).status = 'draft';
      const edited = csvOf(lines);
      const checked = await check(edited);
      expect(checked.errors).toEqual([]);
      expect(
        checked.rows.filter((row) => [draft.id, live.id].includes(row.productId ?? '')),
      ).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ productId: draft.id, action: 'update', changes: ['status'] }),
          expect.objectContaining({ productId: live.id, action: 'update', changes: ['status'] }),
        ]),
      );
      expect((await importNow(edited)).statusCode).toBe(200);
      expect((await productRow(draft.id)).status).toBe('active');
      expect((await productRow(live.id)).status).toBe('draft');

      // A new product said draft is made a draft: no shopper finds it.
      const res = await importNow(csvOf([newLine({ name: 'Hidden Import', status: 'draft' })]));
      expect(res.statusCode, res.body).toBe(200);
      const hidden = (
        await db().select().from(products).where(eq(products.name, 'Hidden Import'))
      )[0]!;
      expect(hidden.status).toBe('draft');
      const listed = await t.app.inject('/api/products?keyword=Hidden%20Import');
      expect(listed.json<{ products: unknown[] }>().products).toEqual([]);
    });

    it('a file without the column makes new products active and keeps the stored ones’ status', async () => {
      const draft = await createProduct(db(), { name: 'Old File Draft', status: 'draft' });
      const columns = PRODUCT_CSV_COLUMNS.filter((column) => column !== 'status');
      const csv = csvOf(
        [
          newLine({ name: 'Old File New', sku: 'OLD-NEW' }),
          newLine({ product_id: draft.id, name: 'Old File Draft', price: '26.00' }),
        ],
        columns,
      );
      const checked = await check(csv);
      expect(checked.errors).toEqual([]);
      expect(checked.rows.map((row) => row.changes)).toEqual([
        [],
        ['brand', 'category', 'description', 'price', 'stock'],
      ]);
      expect((await importNow(csv)).statusCode).toBe(200);
      const created = (
        await db().select().from(products).where(eq(products.name, 'Old File New'))
      )[0]!;
      expect(created.status).toBe('active');
      expect(await productRow(draft.id)).toMatchObject({ status: 'draft', price: '26.00' });
    });

    it('refuses a status other than draft or active, and a sample made active, at their lines', async () => {
      const sample = await createProduct(db(), { name: 'Sample name', status: 'draft' });
      const before = await catalogue();
      const csv = csvOf([
        newLine({ sku: 'ST-1', status: 'published' }),
        newLine({ product_id: sample.id, name: 'Sample name', status: 'active' }),
        newLine({ sku: 'ST-3', name: 'Sample name', status: 'active' }),
      ]);
      const checked = await check(csv);
      const notReady =
        'Give the product a name of its own (not "Sample name") before making it active';
      expect(checked.errors).toEqual([
        { line: 2, column: 'status', message: 'Status must be draft or active' },
        { line: 3, column: 'status', message: notReady },
        { line: 4, column: 'status', message: notReady },
      ]);
      expect((await importNow(csv)).statusCode).toBe(422);
      expect(await catalogue()).toEqual(before);
    });
  });

  describe('errors', () => {
    it('the check lists every error with its line and column, and changes nothing', async () => {
      const taken = await createProduct(db(), { name: 'Holder' });
      const [takenVariant] = await variantsOf(taken.id);
      const other = await createProduct(db(), { name: 'Other' });
      const before = await catalogue();
      const csv = csvOf([
        newLine({ sku: 'ERR-1', price: '12,50' }),
        newLine({ sku: 'ERR-2', name: '' }),
        newLine({ sku: 'ERR-1' }),
        newLine({ sku: 'ERR-3', pictures: 'https://elsewhere.example/lamp.png' }),
        newLine({ sku: 'ERR-4', pictures: 'missing.png' }),
        newLine({ sku: 'ERR-5', stock: 'many', active: 'maybe' }),
        newLine({ product_id: other.id, sku: takenVariant!.sku }),
        newLine({ sku: 'ERR 6', low_stock_threshold: '-1' }),
        newLine({ sku: 'ERR-7', option1_name: 'Size' }),
        newLine({ sku: 'ERR-8', product_id: 'not-an-id' }),
      ]);
      const checked = await check(csv);
      expect(checked.applied).toBe(false);
      expect(checked.errors).toEqual([
        { line: 2, column: 'price', message: 'Price must be an amount such as 19.99' },
        { line: 3, column: 'name', message: 'Name is required' },
        { line: 4, column: 'sku', message: 'SKU ERR-1 is also on line 2' },
        {
          line: 5,
          column: 'pictures',
          message:
            'https://elsewhere.example/lamp.png is not a picture of this shop: give an address starting with /images/ or /uploads/, or a file of the ZIP',
        },
        { line: 6, column: 'pictures', message: 'missing.png: send the ZIP of pictures it is in' },
        { line: 7, column: 'stock', message: 'Stock must be a whole number, 0 or more' },
        { line: 7, column: 'active', message: 'Active must be yes or no' },
        {
          line: 8,
          column: 'sku',
          message: `SKU ${takenVariant!.sku} belongs to another product, Holder: change it there first`,
        },
        {
          line: 9,
          column: 'low_stock_threshold',
          message: 'Low stock at must be a whole number, 0 or more',
        },
        {
          line: 9,
          column: 'sku',
          message: 'SKU: letters, digits and - _ . / only, starting with a letter or digit',
        },
        {
          line: 10,
          column: 'option1_value',
          message: "Give the option's name and its value, or neither",
        },
        {
          line: 11,
          column: 'product_id',
          message: 'Not a product id: leave it empty to create a product',
        },
      ]);
      expect(await catalogue()).toEqual(before);

      // The import refuses the same errors, and changes nothing either.
      const refused = await importNow(csv);
      expect(refused.statusCode).toBe(422);
      const body = refused.json<ProductImportReport & { message: string }>();
      expect(body.message).toBe('Nothing was imported: fix the errors and check the file again');
      expect(body.errors).toEqual(checked.errors);
      expect(await catalogue()).toEqual(before);
    });

    it('names an unknown, repeated or missing column in the header (line 1)', async () => {
      const columns = [...PRODUCT_CSV_COLUMNS.filter((c) => c !== 'stock'), 'colour', 'name'];
      const checked = await check(csvOf([newLine({})], columns));
      expect(checked.errors).toEqual([
        {
          line: 1,
          column: 'colour',
          message: 'Unknown column "colour": the columns are those of the export',
        },
        { line: 1, column: 'name', message: 'The column "name" is named twice' },
        { line: 1, column: 'stock', message: 'Missing column "stock"' },
      ]);
      expect(checked.rows).toEqual([]);
    });

    it('refuses a product’s lines that disagree, options named differently and options repeated', async () => {
      const csv = csvOf([
        newLine({ group: 'g', sku: 'DIS-1', option1_name: 'Size', option1_value: 'S' }),
        newLine({
          group: 'g',
          sku: 'DIS-2',
          price: '30.00',
          option1_name: 'Size',
          option1_value: 'M',
        }),
        newLine({ group: 'g', sku: 'DIS-3', option1_name: 'Colour', option1_value: 'Red' }),
        newLine({ group: 'g', sku: 'DIS-4', option1_name: 'Size', option1_value: 'S' }),
        newLine({ sku: 'DIS-5', name: 'Alone' }),
      ]);
      const checked = await check(csv);
      expect(checked.errors).toEqual([
        {
          line: 3,
          column: 'price',
          message:
            "Differs from line 2: give the product's price once, or the same on each of its lines",
        },
        {
          line: 4,
          column: 'option1_name',
          message: 'The lines of one product name the same options: line 2 names Size',
        },
        { line: 5, column: 'option1_value', message: 'Same options as line 2' },
      ]);
      // The product without errors is still planned.
      expect(checked.rows.at(-1)).toMatchObject({ line: 6, action: 'create', name: 'Alone' });
    });

    it('reads a CSV syntax error and a file that is not UTF-8 as errors of the file', async () => {
      const open = await check(`${PRODUCT_CSV_COLUMNS.join(',')}\r\n"unclosed,x\r\n`);
      expect(open.errors).toEqual([
        { line: 2, column: null, message: 'Line 2: a quoted cell is not closed' },
      ]);
      const latin1 = Buffer.from(csvOf([newLine({ name: 'Zoë' })]).slice(1), 'latin1');
      expect((await check(latin1)).errors).toEqual([
        { line: 1, column: null, message: 'The file is not UTF-8 text: save it as "CSV UTF-8"' },
      ]);
    });
  });

  describe('pictures from a ZIP', () => {
    it('stores the pictures the lines name as uploads, and refuses a file that is not an image', async () => {
      const whole = await png(400, 300);
      const zip = Buffer.from(
        zipSync({
          'photos/green.png': await png(),
          'notes.png': Buffer.from('this is not a picture'),
          // A PNG cut short: its header reads well, its picture does not.
          'broken.png': whole.subarray(0, Math.floor(whole.length / 2)),
          'unused.png': await png(10, 10),
        }),
      );
      const bad = csvOf([
        newLine({ name: 'Zip Lamp', sku: 'ZIP-1', pictures: 'green.png | notes.png' }),
        newLine({ name: 'Zip Lamp 2', sku: 'ZIP-2', pictures: 'broken.png' }),
      ]);
      const checked = await check(bad, zip);
      expect(checked.errors).toEqual([
        {
          line: 2,
          column: 'pictures',
          message: 'notes.png: Only JPEG, PNG, WebP or GIF images can be uploaded',
        },
        {
          line: 3,
          column: 'pictures',
          message: 'broken.png: The image could not be read. Please try another file.',
        },
      ]);
      const refused = await importNow(bad, zip);
      expect(refused.statusCode).toBe(422);
      // Nothing was stored for a refused import.
      expect(existsSync(t.config.uploadsDir) ? readdirSync(t.config.uploadsDir) : []).toEqual([]);

      const csv = csvOf([
        newLine({
          name: 'Zip Lamp',
          sku: 'ZIP-1',
          pictures: 'green.png | /images/sample.webp',
          variant_picture: 'photos/green.png',
        }),
      ]);
      expect((await check(csv, zip)).errors).toEqual([]);
      const res = await importNow(csv, zip);
      expect(res.statusCode, res.body).toBe(200);
      const lamp = (await db().select().from(products).where(eq(products.name, 'Zip Lamp')))[0]!;
      expect(lamp.images).toEqual([
        expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.webp$/),
        '/images/sample.webp',
      ]);
      expect((await variantsOf(lamp.id))[0]!.image).toBe(lamp.images[0]);
      const served = await t.app.inject(lamp.images[0]!);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');

      // Exported, the stored picture is an address of this shop: the round trip keeps it.
      const again = await check(await exportCsv());
      expect(again.rows.find((row) => row.productId === lamp.id)).toMatchObject({
        action: 'unchanged',
      });
    });

    it('refuses a ZIP it cannot read', async () => {
      const checked = await check(
        csvOf([newLine({ sku: 'ZIP-BAD', pictures: 'a.png' })]),
        Buffer.from('not a zip'),
      );
      expect(checked.errors).toEqual([
        { line: 2, column: 'pictures', message: 'a.png: the ZIP of pictures could not be read' },
      ]);
    });
  });

  describe('imports at the same time', () => {
    it('each happens whole or not at all: a SKU both make is made once', async () => {
      const files = ['A', 'B', 'C', 'D'].map((tag) =>
        csvOf([
          newLine({ name: `Own ${tag}`, sku: `CON-${tag}` }),
          newLine({ name: `Shared from ${tag}`, sku: 'CON-SHARED' }),
        ]),
      );
      const answers = await Promise.all(files.map((csv) => importNow(csv)));
      const shared = await db()
        .select({ productId: productVariants.productId })
        .from(productVariants)
        .where(eq(productVariants.sku, 'CON-SHARED'));
      expect(shared).toHaveLength(1);
      for (const [index, res] of answers.entries()) {
        const tag = ['A', 'B', 'C', 'D'][index]!;
        const own = await db()
          .select()
          .from(products)
          .where(eq(products.name, `Own ${tag}`));
        // A refused import left nothing of its own behind; an import made all of it.
        expect([200, 422], res.body).toContain(res.statusCode);
        expect(own, res.body).toHaveLength(res.statusCode === 200 ? 1 : 0);
      }
      expect(answers.some((res) => res.statusCode === 200)).toBe(true);
    });
  });

  describe('the request', () => {
    it('is for admins only', async () => {
      const csv = csvOf([newLine({ sku: 'AUTH-1' })]);
      expect((await send(csv, { headers: {} })).statusCode).toBe(401);
      expect((await send(csv, { headers: shopper.headers })).statusCode).toBe(403);
    });

    it('needs the CSV as multipart/form-data', async () => {
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/products/import',
        headers: admin.headers,
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(415);
      const noFile = multipartForm([{ name: 'dryRun', value: 'true' }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products/import',
        headers: { ...admin.headers, ...noFile.headers },
        payload: noFile.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Choose the CSV file to import (form field "file")' });
    });
  });
});
