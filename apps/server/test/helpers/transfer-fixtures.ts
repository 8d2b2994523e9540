import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/db/client.ts';
import {
  addresses,
  cartItems,
  carts,
  discountUses,
  discounts,
  emailConfirmations,
  mailOutbox,
  orderEvents,
  orderItems,
  orders,
  passwordResets,
  pricingSettings,
  products,
  productVariants,
  reviews,
  shippingMethods,
  shippingZones,
  stockAlerts,
  taxClasses,
  taxRates,
  wishlistItems,
} from '../../src/db/schema.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import { derivedTables } from '../../src/commands/transfer/transfer-tables.ts';
import { findVariantsOfProduct } from '../../src/modules/products/variants-repository.ts';
import { createProduct, createProductWithVariants, createUser } from './factories.ts';

/**
 * A shop with something in every table and the awkward cases an export must carry: paid and
 * unpaid orders, rows whose user or product was deleted (nulls), Unicode, quotes, backslashes and
 * newlines, a timestamp with microseconds, money at the limit of numeric(12,2), options and
 * option values (jsonb) with quotes, backslashes and Unicode, and more outbox rows than one export
 * page or import batch holds. Answers what the checks need.
 */
export async function seedShop(db: Database) {
  const admin = await createUser(db, { name: 'Ådmin Ünïcode', isAdmin: true });
  const shopper = await createUser(db, {
    name: 'Zoë Ångström 李雷 🚀',
    email: 'zoe.angstrom@example.test',
    tokenVersion: 2,
  });
  const other = await createUser(db, { name: 'Jean-Luc "JL" O\'Brien \\ tab\there\nnext line' });
  const lamp = await createProduct(db, {
    userId: admin.id,
    name: 'Lampe à huile — מנורה',
    description: 'Ünïcödé 🪔 "quoted" and \\backslashed\\\nsecond line',
    price: '9999999999.99',
    countInStock: 3,
    // Several pictures (a text[] column), a Unicode category and brand (slugs included).
    images: ['/images/x.webp', '/uploads/a "quoted", comma.webp', '/images/{braced}.webp'],
    category: 'Éclairage — תאורה',
    brand: 'Öllampen & Co',
  });
  const orphan = await createProduct(db, {
    userId: null,
    name: 'Kaffeebecher',
    price: '0.01',
    category: '',
  });
  // Options and variants: jsonb in three tables (the product's options, each variant's choice,
  // an order line's option values), a variant with its own price and picture, one switched off.
  const size = 'Größe "EU"';
  const colour = 'Colour \\ Farbe';
  const shirt = await createProductWithVariants(
    db,
    [
      { name: size, values: ['S', 'M — mittel'] },
      { name: colour, values: ['Blau 🔵', 'Grün/Grau "hell"'] },
    ],
    [
      { sku: 'HEMD-S-BLAU', options: { [size]: 'S', [colour]: 'Blau 🔵' }, countInStock: 0 },
      {
        sku: 'hemd-m-grün',
        options: { [colour]: 'Grün/Grau "hell"', [size]: 'M — mittel' },
        price: '12.50',
        countInStock: 4,
        image: '/images/{braced}.webp',
      },
      {
        sku: 'HEMD-M-BLAU',
        options: { [size]: 'M — mittel', [colour]: 'Blau 🔵' },
        countInStock: 2,
        active: false,
      },
    ],
    {
      userId: admin.id,
      name: 'Hemd \\ "Trail"',
      price: '10.00',
      images: ['/images/x.webp', '/images/{braced}.webp'],
      category: 'Éclairage — תאורה',
      brand: 'Öllampen & Co',
    },
  );
  const [lampVariant] = await findVariantsOfProduct(db, lamp.id);
  // The merchant's own shipping and tax (issue #38) instead of the migration's: a class, a zone
  // narrowed by region and postal prefix whose shipping is taxed, a method priced by weight (jsonb),
  // a rate, prices with tax; a product of that class and a variant's weight.
  const [reducedClass] = await db
    .insert(taxClasses)
    .values({ name: 'Ermäßigt "7"', position: 1 })
    .returning();
  const [swiss] = await db
    .insert(shippingZones)
    .values({
      name: 'Schweiz — CH',
      position: -1,
      countries: ['CH'],
      regions: ['CH-ZH'],
      postalPrefixes: ['80'],
      shippingTaxClassId: reducedClass!.id,
    })
    .returning();
  const [post] = await db
    .insert(shippingMethods)
    .values({
      zoneId: swiss!.id,
      name: 'Post "Priority" ✉',
      price: '12.30',
      freeAbove: '9999999999.99',
      minOrder: '0.01',
      weightBands: [{ upToGrams: 500, priceCents: 990 }],
      estimateMinDays: 1,
      estimateMaxDays: 3,
    })
    .returning();
  await db.insert(taxRates).values({
    zoneId: swiss!.id,
    taxClassId: reducedClass!.id,
    name: 'MWST \\ TVA',
    basisPoints: 770,
  });
  await db.update(pricingSettings).set({ pricesIncludeTax: true });
  await db.update(products).set({ taxClassId: reducedClass!.id }).where(eq(products.id, lamp.id));
  await db
    .update(productVariants)
    .set({ weightGrams: 1250 })
    .where(eq(productVariants.id, shirt.variants[1]!.id));
  await db.insert(reviews).values([
    {
      productId: lamp.id,
      userId: shopper.id,
      name: shopper.name,
      rating: 5,
      comment: 'Très bien 👍\nJa!',
    },
    { productId: lamp.id, userId: null, name: 'Deleted Account', rating: 1, comment: 'Gone' },
  ]);
  // A discount code limited to some products and categories (uuid[] columns), held by the
  // unpaid order below; the order whose buyer is gone keeps the copy of a deleted code.
  const [code] = await db
    .insert(discounts)
    .values({
      code: 'HERBST-10',
      kind: 'percentage',
      value: '12.50',
      minSubtotal: '0.01',
      startsAt: new Date('2026-01-01T00:00:00Z'),
      endsAt: sql`'2026-12-31 23:59:59.999999+00'::timestamptz`,
      usageLimit: 100,
      perCustomerLimit: 2,
      productIds: [lamp.id, shirt.product.id],
      categoryIds: lamp.categoryId ? [lamp.categoryId] : [],
      firstOrderOnly: true,
      active: false,
      uses: 1,
    })
    .returning();
  const address = {
    address: 'Hauptstraße 1',
    city: 'Zürich',
    postalCode: '8001',
    country: 'Schweiz',
    paymentMethod: 'PayPal',
    currency: 'USD',
  };
  const [paid] = await db
    .insert(orders)
    .values({
      ...address,
      userId: shopper.id,
      buyerName: shopper.name,
      buyerEmail: shopper.email,
      itemsPrice: '10000000.00',
      shippingPrice: '0.00',
      taxPrice: '1500000.00',
      totalPrice: '11500000.00',
      isPaid: true,
      paidAt: sql`'2026-02-03 04:05:06.789123+00'::timestamptz`,
      paymentProvider: 'paypal',
      providerOrderId: 'PAYPAL-ORDER-1',
      captureId: 'CAPTURE-1',
      payerEmail: 'payer@example.test',
      isSent: true,
      sentAt: new Date('2026-02-04T10:00:00Z'),
      // The snapshot of what priced it (issue #38).
      shipName: 'Zoë "Z" Ångström',
      region: 'CH-ZH',
      phone: '+41 44 000 00 00',
      shippingMethodId: post!.id,
      shippingMethodName: post!.name,
      shippingEstimateMinDays: 1,
      shippingEstimateMaxDays: 3,
      shippingTax: '0.00',
      pricesIncludeTax: true,
      taxLines: [
        {
          name: 'MWST \\ TVA',
          basisPoints: 770,
          appliesTo: 'items',
          base: '10000000.00',
          amount: '1500000.00',
        },
      ],
    })
    .returning();
  const [unpaid] = await db
    .insert(orders)
    .values({
      ...address,
      userId: shopper.id,
      buyerName: shopper.name,
      buyerEmail: shopper.email,
      itemsPrice: '0.02',
      discountPrice: '0.01',
      discountCode: code!.code,
      discountId: code!.id,
      shippingPrice: '10.00',
      taxPrice: '0.00',
      totalPrice: '10.01',
      idempotencyKey: 'key-ü-1',
    })
    .returning();
  await db.insert(discountUses).values({
    orderId: unpaid!.id,
    discountId: code!.id,
    userId: shopper.id,
    buyerEmail: shopper.email,
  });
  const [buyerGone] = await db
    .insert(orders)
    .values({
      ...address,
      userId: null,
      buyerName: 'Former Customer',
      buyerEmail: 'former@example.test',
      itemsPrice: '0.01',
      shippingPrice: '0.00',
      taxPrice: '0.00',
      totalPrice: '0.01',
      discountCode: 'GONE-5',
      isPaid: true,
      paidAt: new Date('2026-01-01T00:00:00Z'),
      isDelivered: true,
      deliveredAt: new Date('2026-01-05T00:00:00Z'),
    })
    .returning();
  await db.insert(orderItems).values([
    {
      orderId: paid!.id,
      productId: lamp.id,
      variantId: lampVariant!.id,
      sku: lampVariant!.sku,
      name: lamp.name,
      image: lamp.image,
      price: '5000000.00',
      qty: 2,
      position: 0,
      tax: '1500000.00',
      taxBasisPoints: 770,
      taxName: 'MWST \\ TVA',
    },
    {
      orderId: paid!.id,
      productId: null,
      name: 'Removed product',
      image: '/images/x.webp',
      price: '0.00',
      qty: 1,
      position: 1,
    },
    {
      orderId: paid!.id,
      productId: shirt.product.id,
      variantId: shirt.variants[1]!.id,
      sku: shirt.variants[1]!.sku,
      options: [
        { name: size, value: 'M — mittel' },
        { name: colour, value: 'Grün/Grau "hell"' },
      ],
      name: shirt.product.name,
      image: '/images/{braced}.webp',
      price: '12.50',
      qty: 1,
      position: 2,
    },
    {
      orderId: unpaid!.id,
      productId: orphan.id,
      name: orphan.name,
      image: orphan.image,
      price: '0.01',
      qty: 2,
      discount: '0.01',
      position: 0,
    },
    {
      orderId: buyerGone!.id,
      productId: orphan.id,
      name: orphan.name,
      image: orphan.image,
      price: '0.01',
      qty: 1,
      position: 0,
    },
  ]);
  await db.insert(passwordResets).values({
    userId: other.id,
    codeHash: 'hash-of-a-code',
    expiresAt: new Date('2030-01-01T00:00:00Z'),
    failedAttempts: 2,
  });
  // The paid order's timeline: an admin's note (jsonb details with quotes, a newline, Unicode)
  // and the e-mail that told the buyer, whose outbox row points at the order.
  await db.insert(orderEvents).values([
    {
      orderId: paid!.id,
      kind: 'note',
      actor: 'admin',
      actorId: admin.id,
      actorName: admin.name,
      details: { note: 'Rückruf "morgen"\nלקוח 🚀 \\ fertig' },
      createdAt: sql`'2026-02-03 04:05:07.000001+00'::timestamptz`,
    },
    {
      orderId: paid!.id,
      kind: 'email',
      actor: 'shop',
      details: { subject: 'Ihre Bestellung — ✓' },
    },
  ]);
  await db.insert(mailOutbox).values([
    {
      orderId: paid!.id,
      to: shopper.email,
      subject: 'Ihre Bestellung — ✓',
      text: 'Danke!\n',
      html: '<p>Danke!</p>',
      nextAttemptAt: new Date('2026-02-03T05:00:00Z'),
      attempts: 1,
      lastError: 'connect ECONNREFUSED',
    },
    { to: 'former@example.test', subject: 'Sent', text: 't', html: 'h', sentAt: new Date() },
  ]);
  // The customer's side: an unconfirmed change of address, a cart with a line whose product is
  // gone (no foreign key on purpose), the address book, a wishlist and a back-in-stock request.
  await db.insert(emailConfirmations).values({
    userId: shopper.id,
    email: 'zoë.neu@example.test',
    tokenHash: 'hash-of-a-token',
    expiresAt: new Date('2030-01-01T00:00:00Z'),
  });
  await db.insert(carts).values({ userId: shopper.id, version: 7 });
  await db.insert(cartItems).values([
    { userId: shopper.id, productId: lamp.id, qty: 2, name: lamp.name, position: 0 },
    {
      userId: shopper.id,
      productId: shirt.product.id,
      variantId: shirt.variants[1]!.id,
      qty: 1,
      name: 'Hemd \\ "Trail" — M — mittel',
      position: 1,
    },
    { userId: shopper.id, productId: randomUUID(), qty: 1, name: 'Gelöscht «weg»', position: 2 },
  ]);
  await db.insert(addresses).values([
    {
      userId: shopper.id,
      label: 'Büro "HQ"',
      address: 'Straße 1\nHinterhaus',
      city: 'Zürich',
      postalCode: '8001',
      country: 'Schweiz',
      isDefault: true,
    },
    {
      userId: shopper.id,
      address: '1 Main St',
      city: 'Austin',
      postalCode: '78701',
      country: 'US',
    },
  ]);
  await db.insert(wishlistItems).values({ userId: shopper.id, productId: orphan.id });
  await db.insert(stockAlerts).values({
    userId: shopper.id,
    productId: shirt.product.id,
    variantId: shirt.variants[0]!.id,
  });
  // More rows than one export page (1,000) and several import batches (500).
  await db.execute(sql`
    insert into mail_outbox ("to", subject, text, html, next_attempt_at)
    select 'bulk-' || i || '@example.test', 'Receipt ' || i, 'Text ' || i, '<p>' || i || '</p>', null
    from generate_series(1, 2345) as i`);
  return { admin, shopper, paidOrderId: paid!.id, shirt };
}

/**
 * Every row of every table of the public schema, as PostgreSQL prints it (generated columns and
 * microseconds included), sorted: two databases with equal snapshots hold the same rows.
 * Independent of the export code, so that a column it left out would show here.
 */
export async function snapshot(db: Database): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = await queryRows<{ table_name: string }>(
      tx,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const result: Record<string, string[]> = {};
    for (const { table_name: name } of tables) {
      // Derived tables: not exported, rebuilt by an import (transfer-tables.ts).
      if (derivedTables.includes(name)) continue;
      const rows = await queryRows<{ row: string }>(
        tx,
        sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t order by 1`,
      );
      result[name] = rows.map((found) => found.row);
    }
    return result;
  });
}

/** Where an import goes: an embedded database in a folder, or a new PostgreSQL database. */
export interface ImportTarget {
  /** Environment that points the shop's commands at it. */
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  destroy(): Promise<void>;
}

export function embeddedTarget(): ImportTarget {
  const dataDir = mkdtempSync(join(tmpdir(), 'proshop-import-'));
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    destroy: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL. Its locale is C.UTF-8 as the
 * deploy guide says (the test server's own default is C), so that lower() and with it the
 * products' generated search text come out as in the embedded database.
 */
export async function postgresTarget(
  serverUrl: string,
  locale: 'C.UTF-8' | 'C' = 'C.UTF-8',
): Promise<ImportTarget> {
  const name = `proshop_import_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template template0 locale '${locale}'`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ url: url.toString() }),
    destroy: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const transferFolder = fileURLToPath(new URL('../../src/commands/transfer/', import.meta.url));

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the transfer commands as `npm run db:export` etc. would (tsx, a process of its
 * own), with only the given database settings: none of the caller's DATABASE_URL or S3 leaks in.
 */
export function runTransferCommand(
  script: 'export-cli.ts' | 'import-cli.ts' | 'copy-uploads-cli.ts',
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(transferFolder, script), ...args],
    {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        DATABASE_URL: '',
        S3_BUCKET: '',
        JWT_SECRET: '',
        ...env,
      },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
