// The ZIP of pictures of POST /api/products/import is untrusted input. A 1 MB ZIP holding 1 GB
// of zeros, unpacked on the event loop, froze every shopper for seconds, and a check (dry run)
// was enough. Each ZIP here is made by the test: a file of 200 MB of zeros deflated, one that
// declares a few bytes (or the 5 MB a picture may be) and holds 200 MB, too many files, and
// pictures too large together. Each is refused within a second naming the file, nothing is
// stored, and /api/health requests sent meanwhile keep answering quickly.
import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import {
  MAX_IMPORT_ZIP_ENTRIES,
  MAX_IMPORT_ZIP_UNPACKED_BYTES,
  PRODUCT_CSV_COLUMNS,
} from '@proshop/domain/product-csv';
import type { ProductImportReport } from '@proshop/domain/product-import-schemas';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../src/db/schema.ts';
import { csvLine, UTF8_BOM } from '../../src/http/csv.ts';
import { MAX_UPLOAD_BYTES } from '../../src/modules/uploads/service.ts';
import { createSignedInUser } from '../helpers/factories.ts';
import { multipartForm } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

const MB = 1024 * 1024;
/**
 * How long the bomb's refusal may take, and the slowest /api/health answer meanwhile. Unpacked
 * on the event loop, 200 MB of zeros held both for 2.7 to 3.4 s on a busy machine (1 GB: 7.5 s
 * on a quiet one); now the work is a few milliseconds, and the margin is for a machine busy
 * with other work (health took 0.5 s at worst with a load of 20 on 2 cores).
 */
const REFUSED_WITHIN_MS = 1000;
const HEALTH_WITHIN_MS = 1000;

/** A file of the ZIP: its deflated bytes, real size and CRC, and the size its headers declare. */
interface PackedFile {
  name: string;
  data: Buffer;
  size: number;
  crc: number;
  declaredSize?: number;
}

/** `bytes` zeros deflated as a stream, so the test never holds them unpacked. */
async function deflatedZeros(name: string, bytes: number): Promise<PackedFile> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(deflate, 'end');
  const zeros = Buffer.alloc(MB);
  let crc = 0;
  for (let left = bytes; left > 0; left -= zeros.length) {
    const part = left >= zeros.length ? zeros : zeros.subarray(0, left);
    crc = crc32(part, crc);
    if (!deflate.write(part)) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  return { name, data: Buffer.concat(chunks), size: bytes, crc };
}

/** A ZIP of deflated files, written byte by byte: headers can say what the test wants. */
function zipOf(files: readonly PackedFile[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const size = file.declaredSize ?? file.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(file.crc, 14);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(file.crc, 16);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, file.data);
    directory.push(central, name);
    offset += local.length + name.length + file.data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

/** A CSV of one new product whose picture is `picture` of the ZIP. */
function csvNaming(picture: string): Buffer {
  const line: Record<string, string> = {
    name: 'Bomb Lamp',
    description: 'Its picture is a trap.',
    price: '25.00',
    pictures: picture,
    sku: 'BOMB-1',
    stock: '3',
    active: 'yes',
  };
  return Buffer.from(
    UTF8_BOM + csvLine(PRODUCT_CSV_COLUMNS) + csvLine(PRODUCT_CSV_COLUMNS.map((c) => line[c])),
  );
}

describe(`a ZIP bomb in the products import (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let zeros200: PackedFile;
  let zeros5: PackedFile;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    // Health is asked over a real socket, as a shopper's browser would.
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
    zeros200 = await deflatedZeros('bomb.png', 200 * MB);
    zeros5 = await deflatedZeros('big.png', MAX_UPLOAD_BYTES);
    // A first import pays for loading and compiling the route's code: not what is measured.
    const warmUp = await importWatchingHealth(
      csvNaming('missing.png'),
      zipOf([await deflatedZeros('other.png', 10)]),
      true,
    );
    expect(warmUp.res.statusCode, warmUp.res.body).toBe(200);
  }, 120_000);
  afterAll(() => t?.close());

  const catalogue = async () => ({
    products: await t.database.db.select().from(products).orderBy(asc(products.id)),
    variants: await t.database.db.select().from(productVariants).orderBy(asc(productVariants.id)),
  });
  const uploads = () => (existsSync(t.config.uploadsDir) ? readdirSync(t.config.uploadsDir) : []);

  /**
   * Sends the import and, while it runs, GET /api/health over HTTP from three callers that each
   * send the next as soon as the last is answered: one is always on its way, so a blocked event
   * loop shows as a slow health answer. Answers the import's answer and time, and the slowest
   * health answer.
   */
  async function importWatchingHealth(csv: Buffer, zip: Buffer, dryRun: boolean) {
    const form = multipartForm([
      { name: 'file', filename: 'products.csv', contentType: 'text/csv', data: csv },
      { name: 'pictures', filename: 'pictures.zip', contentType: 'application/zip', data: zip },
      { name: 'dryRun', value: String(dryRun) },
    ]);
    const healthTimes: number[] = [];
    let importDone = false;
    const askHealth = async () => {
      while (!importDone) {
        const sent = performance.now();
        const res = await fetch(`${baseUrl}/api/health`);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        healthTimes.push(performance.now() - sent);
      }
    };
    const started = performance.now();
    const importing = t.app
      .inject({
        method: 'POST',
        url: '/api/products/import',
        headers: { ...admin.headers, ...form.headers },
        payload: form.payload,
      })
      .finally(() => {
        importDone = true;
      });
    const watching = Promise.all([askHealth(), askHealth(), askHealth()]);
    const res = await importing;
    const tookMs = performance.now() - started;
    await watching;
    return {
      res,
      tookMs,
      slowestHealthMs: Math.max(...healthTimes),
      healthAnswers: healthTimes.length,
    };
  }

  /** Refused as a whole, naming the file, fast, the server answering meanwhile, nothing changed. */
  async function expectRefused(
    zip: Buffer,
    picture: string,
    status: number,
    message: string,
  ): Promise<void> {
    const before = await catalogue();
    for (const dryRun of [true, false]) {
      const { res, tookMs, slowestHealthMs, healthAnswers } = await importWatchingHealth(
        csvNaming(picture),
        zip,
        dryRun,
      );
      // The freeze first: the server kept answering while it looked at the ZIP.
      expect(healthAnswers).toBeGreaterThanOrEqual(3);
      expect(slowestHealthMs).toBeLessThan(HEALTH_WITHIN_MS);
      expect(tookMs).toBeLessThan(REFUSED_WITHIN_MS);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect(await catalogue()).toEqual(before);
    expect(uploads()).toEqual([]);
  }

  it('refuses a file that declares a few bytes and unpacks to 200 MB, with 422 naming it', async () => {
    const zip = zipOf([{ ...zeros200, declaredSize: 1000 }]);
    expect(zip.length).toBeLessThan(MB);
    await expectRefused(
      zip,
      'bomb.png',
      422,
      'bomb.png unpacks to more than the ZIP says it holds: the ZIP is damaged or forged, zip the pictures again',
    );
  });

  it('stops a file at the 5 MB a picture may be when it declares 5 MB and holds 200', async () => {
    const zip = zipOf([{ ...zeros200, name: 'photos/bomb.png', declaredSize: MAX_UPLOAD_BYTES }]);
    await expectRefused(
      zip,
      'bomb.png',
      422,
      'photos/bomb.png unpacks to more than the ZIP says it holds: the ZIP is damaged or forged, zip the pictures again',
    );
  });

  it('never unpacks a file that declares its 200 MB: an error at its line, for the check and the import', async () => {
    const zip = zipOf([zeros200]);
    const before = await catalogue();
    for (const dryRun of [true, false]) {
      const { res, tookMs, slowestHealthMs } = await importWatchingHealth(
        csvNaming('bomb.png'),
        zip,
        dryRun,
      );
      expect(res.statusCode, res.body).toBe(dryRun ? 200 : 422);
      expect(res.json<ProductImportReport>().errors).toEqual([
        {
          line: 2,
          column: 'pictures',
          message: 'bomb.png: The image is too large: it can be at most 5 MB',
        },
      ]);
      expect(tookMs).toBeLessThan(REFUSED_WITHIN_MS);
      expect(slowestHealthMs).toBeLessThan(HEALTH_WITHIN_MS);
    }
    expect(await catalogue()).toEqual(before);
    expect(uploads()).toEqual([]);
  });

  it(`refuses a ZIP of more than ${MAX_IMPORT_ZIP_ENTRIES} files with 413, reading none`, async () => {
    const empty = deflateRawSync(Buffer.alloc(0));
    const files = Array.from({ length: MAX_IMPORT_ZIP_ENTRIES + 1 }, (_, index) => ({
      name: `file-${index}.png`,
      data: empty,
      size: 0,
      crc: 0,
    }));
    await expectRefused(
      zipOf(files),
      'file-0.png',
      413,
      `The ZIP of pictures lists ${MAX_IMPORT_ZIP_ENTRIES + 1} files; it can hold at most ${MAX_IMPORT_ZIP_ENTRIES}: zip only the pictures the CSV names`,
    );
  });

  it('refuses pictures that unpack to more than the limit together with 413 naming the file that passes it', async () => {
    const count = Math.floor(MAX_IMPORT_ZIP_UNPACKED_BYTES / MAX_UPLOAD_BYTES) + 1;
    const files = Array.from({ length: count }, (_, index) => ({
      ...zeros5,
      name: `big-${index}.png`,
    }));
    const csv = Buffer.from(
      UTF8_BOM +
        csvLine(PRODUCT_CSV_COLUMNS) +
        files
          .map((file, index) => {
            const line: Record<string, string> = {
              name: `Big ${index}`,
              description: 'Large.',
              price: '1.00',
              pictures: file.name,
              sku: `BIG-${index}`,
              stock: '1',
              active: 'yes',
            };
            return csvLine(PRODUCT_CSV_COLUMNS.map((column) => line[column]));
          })
          .join(''),
    );
    const before = await catalogue();
    for (const dryRun of [true, false]) {
      const { res, tookMs } = await importWatchingHealth(csv, zipOf(files), dryRun);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json<{ message: string }>().message).toBe(
        `The pictures of the ZIP unpack to more than ${MAX_IMPORT_ZIP_UNPACKED_BYTES / MB} MB together (at big-${count - 1}.png): import them in several files`,
      );
      expect(tookMs).toBeLessThan(REFUSED_WITHIN_MS);
    }
    expect(await catalogue()).toEqual(before);
    expect(uploads()).toEqual([]);
  });
});
