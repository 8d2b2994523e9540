import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { readExportLines } from '../../src/commands/transfer/export-file.ts';
import { importShop } from '../../src/commands/transfer/import-shop.ts';
import { latestMigration } from '../../src/db/migration-level.ts';
import { caseFoldingWarning } from '../../src/commands/transfer/target-locale.ts';
import { TransferError } from '../../src/commands/transfer/transfer-error.ts';
import { copyUploads } from '../../src/commands/transfer/copy-uploads.ts';
import { LocalImageStorage } from '../../src/modules/uploads/storage/local-image-storage.ts';
import { endedSessions, orders, pricingSettings } from '../../src/db/schema.ts';
import {
  holdsDefaultShippingSettings,
  SHIPPING_SETTINGS_TABLES,
} from '../../src/modules/shipping/default-settings.ts';
import { signToken } from '../../src/modules/auth/tokens.ts';
import { TEST_PASSWORD } from '../helpers/factories.ts';
import { storeOrder } from '../helpers/stored-orders.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';
import { noTestDatabaseUrl, onEmbeddedOnly } from '../helpers/skip-reason.ts';
import { s3Env, startS3StandIn } from '../helpers/s3-stand-in.ts';
import {
  embeddedTarget,
  postgresTarget,
  runTransferCommand,
  seedShop,
  type CommandResult,
  snapshot,
  type ImportTarget,
} from '../helpers/transfer-fixtures.ts';

/** The key the source shop signed its sessions with; carried over as JWT_SECRET. */
const JWT_SECRET = 'the-source-shops-jwt-secret-of-48-characters-xx';
const postgresUrl = process.env.TEST_DATABASE_URL;

const work = mkdtempSync(join(tmpdir(), 'proshop-transfer-'));
const sourceDir = join(work, 'source-data');
const exportGz = join(work, 'shop-export.ndjson.gz');
const exportPlain = join(work, 'shop-export.ndjson');
const images = [
  '0b7c5a9e-1f7c-4c7e-9d0e-2f6a3b1c4d5e.webp',
  'f3a1c2d4-5b6e-4f70-8a9b-0c1d2e3f4a5b.png',
];

let source: Awaited<ReturnType<typeof seedShop>>;
let sourceRows: Record<string, string[]>;
/** A session of the shopper signed before the move; it must still work after. */
let oldSession: string;
/** A session of the shopper that signed out before the move; it must stay refused after. */
let endedSession: string;
/** `npm run db:export -- --out <exportGz>` on the source, which every import below reads. */
let exportRun: CommandResult;

beforeAll(async () => {
  const database = await openDatabase({ dataDir: sourceDir });
  try {
    await database.migrate();
    source = await seedShop(database.db);
    endedSession = await signToken(source.shopper, JWT_SECRET);
    const { jti, exp } = JSON.parse(
      Buffer.from(endedSession.split('.')[1]!, 'base64url').toString(),
    ) as { jti: string; exp: number };
    await database.db
      .insert(endedSessions)
      .values({ jti, userId: source.shopper.id, expiresAt: new Date(exp * 1000) });
    // The order placed with an Idempotency-Key keeps the hash of its request.
    await database.db
      .update(orders)
      .set({ idempotencyBodyHash: createHash('sha256').update('the first request').digest('hex') })
      .where(isNotNull(orders.idempotencyKey));
    sourceRows = await snapshot(database.db);
  } finally {
    await database.close();
  }
  oldSession = await signToken(source.shopper, JWT_SECRET);
  mkdirSync(join(sourceDir, 'uploads'));
  for (const name of images) writeFileSync(join(sourceDir, 'uploads', name), `bytes of ${name}`);
  writeFileSync(join(sourceDir, 'uploads', 'notes.txt'), 'not an image');
  writeFileSync(join(sourceDir, 'jwt-secret'), JWT_SECRET);
  exportRun = await runTransferCommand('export-cli.ts', ['--out', exportGz], {
    DATA_DIR: sourceDir,
  });
  if (existsSync(exportGz)) writeFileSync(exportPlain, gunzipSync(readFileSync(exportGz)));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run db:export', () => {
  it('refuses while a shop has the embedded database open, and writes no file', async () => {
    const running = await openDatabase({ dataDir: sourceDir });
    const out = join(work, 'while-running.ndjson.gz');
    try {
      const result = await runTransferCommand('export-cli.ts', ['--out', out], {
        DATA_DIR: sourceDir,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /already in use by another ProShop process.*Stop that process/s,
      );
    } finally {
      await running.close();
    }
    expect(existsSync(out)).toBe(false);
    expect(existsSync(`${out}.partial`)).toBe(false);
  });

  it('writes every table with a header naming the migration, and says what else to carry', async () => {
    const result = exportRun;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\s+users\s+3$/m);
    expect(result.stdout).toMatch(/^\s+orders\s+3$/m);
    expect(result.stdout).toMatch(/^\s+mail_outbox\s+2,347$/m);
    expect(result.stdout).toContain(
      `Set JWT_SECRET on the new servers to the contents of ${join(sourceDir, 'jwt-secret')}`,
    );
    expect(result.stdout).toContain(
      `Copy the 2 uploaded images with: npm run uploads:copy -- --from ${join(sourceDir, 'uploads')}`,
    );

    expect([...readFileSync(exportGz).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    const lines = readFileSync(exportPlain, 'utf8').trimEnd().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      format: 'proshop-export',
      version: 1,
      migration: latestMigration(),
      source: 'embedded',
    });
    const tables = lines
      .filter((line) => line.startsWith('{"table"'))
      .map((line) => (JSON.parse(line) as { table: string }).table);
    // Parents before children, so that the import's foreign keys hold row by row.
    const place = (table: string) => tables.indexOf(table);
    expect(place('products')).toBeLessThan(place('product_variants'));
    expect(place('product_variants')).toBeLessThan(place('order_items'));
    expect(place('orders')).toBeLessThan(place('order_items'));
    expect(tables.toSorted()).toEqual(Object.keys(sourceRows).sort());
    expect(JSON.parse(lines.at(-1)!)).toEqual({ end: true, tables: tables.length });
  });

  it('refuses to overwrite an existing file', async () => {
    const result = await runTransferCommand('export-cli.ts', ['--out', exportGz], {
      DATA_DIR: sourceDir,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${exportGz} already exists`);
  });
});

/** The import, the shop on the imported database and the refusals, on one kind of target. */
function importInto(makeTarget: () => Promise<ImportTarget>) {
  let target: ImportTarget;
  beforeAll(async () => {
    target = await makeTarget();
  });
  afterAll(() => target.destroy());

  async function withTarget<T>(use: (database: DatabaseHandle) => Promise<T>): Promise<T> {
    const database = await target.open();
    try {
      return await use(database);
    } finally {
      await database.close();
    }
  }

  it('fills the empty database with every row of the export, and prints the counts', async () => {
    const result = await runTransferCommand('import-cli.ts', ['--in', exportGz], target.env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\s+order_items\s+5$/m);
    expect(result.stdout).toMatch(/^\s+product_variants\s+5$/m);
    expect(result.stdout).toMatch(/^\s+discounts\s+1$/m);
    expect(result.stdout).toMatch(/^\s+order_events\s+2$/m);
    expect(result.stdout).toMatch(/^\s+reviews\s+2$/m);
    expect(result.stdout).toContain('Imported: every table holds the rows of the export');
    expect(result.stdout).not.toContain('LC_CTYPE');
    const imported = await withTarget((database) => snapshot(database.db));
    expect(Object.keys(imported)).toEqual(Object.keys(sourceRows));
    for (const table of Object.keys(sourceRows)) expect(imported[table]).toEqual(sourceRows[table]);
    expect(imported.mail_outbox).toHaveLength(2347);
    // The shop's own shipping and tax replaced the ones the migration put in the new database.
    expect(imported.shipping_zones).toHaveLength(2);
    expect(imported.tax_classes!.some((row) => row.includes('Ermäßigt'))).toBe(true);
    expect(imported.pricing_settings).toEqual([
      expect.stringContaining('"prices_include_tax":true'),
    ]);
    // A process of its own that migrates a new database and imports: slow on a busy machine.
  }, 120_000);

  it('runs the shop: the old password signs in, orders are listed, old sessions still work and ended ones stay ended', async () => {
    await withTarget(async (database) => {
      const dataDir = mkdtempSync(join(work, 'app-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      });
      const app = await buildApp({ config, database, jwtSecret: JWT_SECRET });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: source.shopper.email, password: TEST_PASSWORD },
        });
        expect(login.statusCode).toBe(200);
        expect(login.json()).toMatchObject({
          _id: source.shopper.id,
          name: 'Zoë Ångström 李雷 🚀',
        });

        const mine = await app.inject({
          url: '/api/orders/myorders',
          headers: { authorization: `Bearer ${login.json().token}` },
        });
        expect(mine.statusCode).toBe(200);
        const paid = mine.json().find((order: { _id: string }) => order._id === source.paidOrderId);
        expect(mine.json()).toHaveLength(2);
        expect(paid).toMatchObject({ isPaid: true, totalPrice: 11500000 });
        expect(paid.orderItems.map((item: { name: string }) => item.name)).toEqual([
          'Lampe à huile — מנורה',
          'Removed product',
          'Hemd \\ "Trail"',
        ]);
        // Orders keep their numbers, and the next order placed gets one no imported order has.
        const numbers = sourceRows.orders!.map(
          (row) => (JSON.parse(row) as { order_number: number }).order_number,
        );
        const paidNumber = (
          JSON.parse(sourceRows.orders!.find((row) => row.includes(source.paidOrderId))!) as {
            order_number: number;
          }
        ).order_number;
        expect(paid.orderNumber).toBe(paidNumber);
        const next = await storeOrder(database.db);
        expect(next.orderNumber).toBe(Math.max(...numbers) + 1);
        // The target holds the export alone again, as the tests below expect.
        await database.db.delete(orders).where(eq(orders.id, next.id));
        // The order placed with a code keeps it, its discount and the line's share.
        const withCode = mine.json().find((order: { _id: string }) => order._id !== paid._id);
        expect(withCode).toMatchObject({ discountCode: 'HERBST-10', discountPrice: 0.01 });
        expect(withCode.orderItems[0]).toMatchObject({ discount: 0.01 });
        // The line of a variant keeps its SKU and option values, as parsed jsonb.
        expect(paid.orderItems[2]).toMatchObject({
          variant: source.shirt.variants[1]!.id,
          sku: 'hemd-m-grün',
          options: [
            { name: 'Größe "EU"', value: 'M — mittel' },
            { name: 'Colour \\ Farbe', value: 'Grün/Grau "hell"' },
          ],
        });

        const shirt = await app.inject({ url: `/api/products/${source.shirt.product.id}` });
        expect(shirt.statusCode).toBe(200);
        expect(shirt.json()).toMatchObject({
          countInStock: 4,
          minPrice: 10,
          maxPrice: 12.5,
          variantCount: 3,
          options: [
            { name: 'Größe "EU"', values: ['S', 'M — mittel'] },
            { name: 'Colour \\ Farbe', values: ['Blau 🔵', 'Grün/Grau "hell"'] },
          ],
        });
        expect(shirt.json().variants).toContainEqual({
          _id: source.shirt.variants[1]!.id,
          sku: 'hemd-m-grün',
          options: { 'Größe "EU"': 'M — mittel', 'Colour \\ Farbe': 'Grün/Grau "hell"' },
          price: 12.5,
          countInStock: 4,
          image: '/images/{braced}.webp',
          active: true,
        });

        const profile = await app.inject({
          url: '/api/users/profile',
          headers: { authorization: `Bearer ${oldSession}` },
        });
        expect(profile.statusCode).toBe(200);

        const signedOut = await app.inject({
          url: '/api/users/profile',
          headers: { authorization: `Bearer ${endedSession}` },
        });
        expect(signedOut.statusCode).toBe(401);
      } finally {
        await app.close();
      }
    });
  });

  it('refuses a database that is not empty and changes nothing', async () => {
    const before = await withTarget((database) => snapshot(database.db));
    const result = await runTransferCommand('import-cli.ts', ['--in', exportGz], target.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'The target database is not empty (brands: 2, categories: 1, discounts: 1, pricing_settings: 1, tax_classes: 2, shipping_zones: 2, shipping_methods: 2, tax_rates: 2, users: 3, addresses: 2, carts: 1, cart_items: 3, email_confirmations: 1, ended_sessions: 1, orders: 3, ',
    );
    expect(result.stderr).toContain('nothing was changed');
    expect(await withTarget((database) => snapshot(database.db))).toEqual(before);
  });

  describe('the shipping and tax settings a new database starts with', () => {
    let fresh: ImportTarget;
    beforeAll(async () => {
      fresh = await makeTarget();
    });
    afterAll(() => fresh.destroy());

    it('refuses them once a merchant changed them, naming them, and changes nothing', async () => {
      const database = await fresh.open();
      try {
        await database.migrate();
        await database.db.update(pricingSettings).set({ pricesIncludeTax: true });
        const before = await snapshot(database.db);
        const error: unknown = await importShop(database.db, readExportLines(exportGz)).catch(
          (failure: unknown) => failure,
        );
        expect(error).toBeInstanceOf(TransferError);
        expect((error as Error).message).toMatch(
          /^The target database is not empty \(pricing_settings: 1, tax_classes: 1, shipping_zones: 1, shipping_methods: 1, tax_rates: 1\); nothing was changed/,
        );
        expect(await snapshot(database.db)).toEqual(before);
      } finally {
        await database.close();
      }
    });
  });

  describe('refuses a damaged or incomplete file and leaves the database empty', () => {
    let fresh: ImportTarget;
    beforeAll(async () => {
      fresh = await makeTarget();
    });
    afterAll(() => fresh.destroy());

    const plain = () => readFileSync(exportPlain, 'utf8');
    const cases: [string, () => string | Buffer, RegExp][] = [
      [
        'cut off before its last table ends',
        () => plain().slice(0, plain().indexOf('{"tableEnd":"reviews"')),
        /The export file is incomplete: it stops after line \d+, where rows of table reviews or its end should follow/,
      ],
      [
        'a gzip file cut short',
        () => readFileSync(exportGz).subarray(0, Math.floor(readFileSync(exportGz).length * 0.8)),
        /The export file .* is damaged or incomplete \(unexpected end of file\)/,
      ],
      [
        'one letter of a row changed',
        () => plain().replace('Zoë Ångström', 'Zoe Ångström'),
        /The export file is damaged at line \d+: the rows of table users do not match their checksum/,
      ],
      [
        'a value the database refuses',
        () => plain().replace(source.paidOrderId, 'not-a-uuid'),
        /The export file is damaged: the database refused a row of table orders \(invalid input syntax for type uuid: "not-a-uuid"\)/,
      ],
      ['not an export at all', () => 'id,name\n1,Lamp\n', /This is not a ProShop export/],
    ];

    it.each(cases)('%s', async (_name, content, message) => {
      const file = join(work, `damaged-${Math.random().toString(36).slice(2)}`);
      writeFileSync(file, content());
      await withFresh(async (database) => {
        const error: unknown = await importShop(database.db, readExportLines(file)).catch(
          (failure: unknown) => failure,
        );
        expect(error).toBeInstanceOf(TransferError);
        expect((error as Error).message).toMatch(message);
        const rows = await snapshot(database.db);
        // Empty, but for the settings every new shop starts with (migration 0026).
        for (const table of Object.keys(rows).filter(
          (t) => !SHIPPING_SETTINGS_TABLES.includes(t),
        )) {
          expect(rows[table], table).toEqual([]);
        }
        expect(await holdsDefaultShippingSettings(database.db)).toBe(true);
      });
    });

    async function withFresh(use: (database: DatabaseHandle) => Promise<void>) {
      const database = await fresh.open();
      try {
        await database.migrate();
        await use(database);
      } finally {
        await database.close();
      }
    }
  });
}

// npm test runs this file twice, the second time with TEST_DB=postgres; one PGlite pass is enough.
const secondPass = testDatabaseKind === 'postgres';
describe.skipIf(secondPass)(
  'npm run db:import into an embedded database (PGlite to PGlite)',
  onEmbeddedOnly,
  () => {
    importInto(async () => embeddedTarget());
  },
);

describe.skipIf(!postgresUrl)('npm run db:import into PostgreSQL', noTestDatabaseUrl, () => {
  importInto(() => postgresTarget(postgresUrl!));
});

describe.skipIf(!postgresUrl)("the import's locale check", noTestDatabaseUrl, () => {
  it('warns about a database whose lower() changes only A to Z', async () => {
    const target = await postgresTarget(postgresUrl!, 'C');
    const database = await target.open();
    try {
      expect(await caseFoldingWarning(database.db)).toMatch(
        /LC_CTYPE=C, which lower-cases only A to Z.*createdb --template=template0 --locale=C.UTF-8/,
      );
    } finally {
      await database.close();
      await target.destroy();
    }
  });
});

describe('npm run uploads:copy', () => {
  it('copies the images of the old uploads folder into the bucket, and only the images', async () => {
    const s3 = await startS3StandIn();
    try {
      const result = await runTransferCommand(
        'copy-uploads-cli.ts',
        ['--from', join(sourceDir, 'uploads')],
        s3Env(s3, { DATA_DIR: join(work, 'unused') }),
      );
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        `Copied 2 images from ${join(sourceDir, 'uploads')} to the bucket ${s3.bucket}`,
      );
      expect([...s3.objects.keys()].sort()).toEqual([...images].sort());
      expect(s3.objects.get(images[1]!)?.contentType).toBe('image/png');
      expect(s3.objects.get(images[0]!)?.body.toString()).toBe(`bytes of ${images[0]}`);
    } finally {
      await s3.stop();
    }
  });

  it('into a folder, copies only what is missing when run again', async () => {
    const storage = new LocalImageStorage(join(work, 'new-data', 'uploads'));
    expect(await copyUploads(join(sourceDir, 'uploads'), storage)).toEqual({
      copied: 2,
      alreadyThere: 0,
    });
    expect(await copyUploads(join(sourceDir, 'uploads'), storage)).toEqual({
      copied: 0,
      alreadyThere: 2,
    });
    expect((await storage.list()).sort()).toEqual([...images].sort());
  });
});
