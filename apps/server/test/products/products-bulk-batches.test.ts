// Bulk paths in batches (issue #40, docs/decisions/0048): the products' summaries of their
// variants are written a batch of products per statement, and a large CSV import commits a batch
// of whole products per transaction, so that no statement nears the pool's query timeout and a
// shopper's request is served while an import of thousands of lines runs.
import { setImmediate } from 'node:timers/promises';
import { PRODUCT_CSV_COLUMNS } from '@proshop/domain/product-csv';
import type { ProductImportReport } from '@proshop/domain/product-import-schemas';
import { asc, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema.ts';
import { csvLine, UTF8_BOM } from '../../src/http/csv.ts';
import { IMPORT_BATCH_LINES, IMPORTED_IN_PART } from '../../src/modules/products/csv-import.ts';
import { refreshVariantSummaries } from '../../src/modules/products/variant-summary.ts';
import {
  createProduct,
  createProductWithVariants,
  createSignedInUser,
} from '../helpers/factories.ts';
import { multipartForm } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

describe(`bulk paths in batches (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;

  const summaries = (ids: string[]) =>
    db()
      .select({
        id: products.id,
        countInStock: products.countInStock,
        minPrice: products.minPrice,
        maxPrice: products.maxPrice,
        variantCount: products.variantCount,
        optionValues: products.optionValues,
      })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id));

  /** Wrong summaries on purpose, as before a refresh. */
  const spoil = (ids: string[]) =>
    db()
      .update(products)
      .set({
        countInStock: 999,
        minPrice: '0.01',
        maxPrice: '0.01',
        variantCount: 0,
        optionValues: [],
      })
      .where(inArray(products.id, ids));

  it('writes the same summaries in batches of 3 products as in one statement', async () => {
    const sizes = { name: 'Size', values: ['S', 'M', 'L'] };
    const ids: string[] = [];
    for (let n = 0; n < 10; n++) {
      const { product } = await createProductWithVariants(
        db(),
        [sizes],
        sizes.values.map((size, index) => ({
          options: { Size: size },
          price: index === 2 ? `${20 + n}.00` : null,
          countInStock: (n + index) % 4,
          active: !(n % 3 === 0 && size === 'S'),
        })),
        { price: `${10 + n}.00` },
      );
      ids.push(product.id);
      ids.push((await createProduct(db(), { countInStock: n, price: `${n + 1}.50` })).id);
    }
    await spoil(ids);
    await refreshVariantSummaries(db(), ids, ids.length);
    const once = await summaries(ids);
    expect(once.every((row) => row.countInStock !== 999 && row.variantCount > 0)).toBe(true);

    await spoil(ids);
    // 20 products, 3 a statement: 7 statements, the last of 2.
    await refreshVariantSummaries(db(), ids, 3);
    expect(await summaries(ids)).toEqual(once);
  });

  /** A CSV of `count` new products without options, one line each, in the export's columns. */
  const csvOfNewProducts = (count: number, tag: string) =>
    UTF8_BOM +
    csvLine(PRODUCT_CSV_COLUMNS) +
    Array.from({ length: count }, (_, n) => {
      const line: Record<string, string> = {
        name: `${tag} ${n}`,
        brand: 'Bulkbrand',
        category: 'Bulk',
        description: 'Imported in batches.',
        price: `${(n % 90) + 10}.00`,
        pictures: '/images/sample.webp',
        sku: `${tag}-${n}`,
        stock: String(n % 7),
        active: 'yes',
      };
      return csvLine(PRODUCT_CSV_COLUMNS.map((column) => line[column] ?? ''));
    }).join('');

  const importRequest = (csv: string) => {
    const form = multipartForm([
      { name: 'file', filename: 'bulk.csv', contentType: 'text/csv', data: Buffer.from(csv) },
      { name: 'dryRun', value: 'false' },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload: form.payload,
      headers: { ...admin.headers, ...form.headers },
    });
  };

  it(
    'commits a large import a batch at a time, with the right summaries, and serves shoppers meanwhile',
    { timeout: 120_000 },
    async () => {
      const shown = await createProduct(db(), { name: 'Shown meanwhile', countInStock: 4 });
      const count = IMPORT_BATCH_LINES * 2 + 200;
      let importDone = false;
      const imported = importRequest(csvOfNewProducts(count, 'Bulk')).then((res) => {
        importDone = true;
        return res;
      });
      // Wait for the first batch's commit: on the embedded database (one connection) this read
      // waits for the import's transaction; a single transaction would make it wait for all.
      let seen = 0;
      while (seen === 0 && !importDone) {
        const [row] = await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(products)
          .where(like(products.name, 'Bulk %'));
        seen = row!.n;
        // A turn of the event loop between looks, as between a shop's requests.
        if (seen === 0) await setImmediate();
      }
      expect(seen, 'products visible once the first batch committed').toBeGreaterThan(0);
      expect(seen, 'not all at once: batches commit one after the other').toBeLessThan(count);

      // Shoppers' first visits (a parameter the API ignores: none from the catalogue cache),
      // released together while the import still writes its later batches.
      let servedBeforeImport = 0;
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, n) =>
          t.app.inject({ url: `/api/products/${shown.id}?visit=${n}` }).then((res) => {
            if (!importDone) servedBeforeImport += 1;
            return res;
          }),
        ),
      );
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(servedBeforeImport, 'shoppers served while the import ran').toBe(5);

      const res = await imported;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<ProductImportReport>().summary.productsCreated).toBe(count);
      const rows = await db()
        .select({
          name: products.name,
          countInStock: products.countInStock,
          minPrice: products.minPrice,
          variantCount: products.variantCount,
        })
        .from(products)
        .where(like(products.name, 'Bulk %'));
      expect(rows).toHaveLength(count);
      for (const row of rows) {
        const n = Number(row.name.slice('Bulk '.length));
        expect(row).toMatchObject({
          countInStock: n % 7,
          minPrice: `${(n % 90) + 10}.00`,
          variantCount: 1,
        });
      }
    },
  );

  it(
    'says which products are in when a later batch fails, and importing the file again completes it',
    { timeout: 120_000 },
    async () => {
      // A SKU taken meanwhile, as another admin's save would: the database refuses the first
      // product of the second batch with a unique violation, once (a sequence is not rolled
      // back with the failed statement, so the second import goes through).
      await db().execute(sql.raw('create sequence bulk_test_once'));
      await db().execute(
        sql.raw(`create function bulk_test_refuse() returns trigger language plpgsql as $$
          begin
            if new.name = 'Partly ${IMPORT_BATCH_LINES}' then
              if nextval('bulk_test_once') = 1 then
                raise exception 'taken meanwhile' using errcode = 'unique_violation';
              end if;
            end if;
            return new;
          end $$`),
      );
      await db().execute(
        sql.raw(`create trigger bulk_test_refuse before insert on products
          for each row execute function bulk_test_refuse()`),
      );
      try {
        const count = IMPORT_BATCH_LINES + 100;
        const csv = csvOfNewProducts(count, 'Partly');
        const first = await importRequest(csv);
        expect(first.statusCode, first.body).toBe(422);
        const message = first.json<{ errors: { message: string }[] }>().errors[0]!.message;
        expect(message).toBe(
          `${IMPORTED_IN_PART} the first ${IMPORT_BATCH_LINES} of the file's ${count} products ` +
            `(up to line ${IMPORT_BATCH_LINES + 1}) were imported, each whole; none after them. ` +
            'Check the file again and import it: the imported lines are unchanged now',
        );
        const partly = () =>
          db()
            .select({ n: sql<number>`count(*)::int` })
            .from(products)
            .where(like(products.name, 'Partly %'));
        expect((await partly())[0]!.n).toBe(IMPORT_BATCH_LINES);

        const again = await importRequest(csv);
        expect(again.statusCode, again.body).toBe(200);
        expect((await partly())[0]!.n).toBe(count);
      } finally {
        await db().execute(sql.raw('drop trigger bulk_test_refuse on products'));
        await db().execute(sql.raw('drop function bulk_test_refuse()'));
        await db().execute(sql.raw('drop sequence bulk_test_once'));
      }
    },
  );
});
