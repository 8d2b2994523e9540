import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { MAX_PRODUCT_IMAGES } from '@proshop/domain/product-schemas';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../src/db/schema.ts';
import { removeUnusedPictures } from '../../src/modules/uploads/file-cleanup.ts';
import type { ImageStorage } from '../../src/modules/uploads/storage/image-storage.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { placeOrder } from '../helpers/orders.ts';
import { s3Env, startS3StandIn, type S3StandIn } from '../helpers/s3-stand-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { multipart } from '../helpers/multipart.ts';

type Headers = Record<string, string>;

/** The files an upload stores: the full picture, its sized copies and the link-preview copy. */
const filesOf = (name: string) =>
  [name, ...[160, 320, 640, 1200].map((width) => name.replace('.webp', `-${width}.webp`))] as const;

const nameOf = (address: string) => address.split('/').pop()!;

/** A log that keeps the warnings, to check what a failed removal says. */
function warningLog() {
  const warnings: { msg: string; picture?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        warnings.push(JSON.parse(line) as { msg: string; picture?: string });
      }
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, stream), warnings };
}

const validEdit = {
  name: 'Camera strap',
  price: 19.5,
  brand: 'Strapco',
  category: 'Accessories',
  countInStock: 3,
  description: 'A padded strap.',
};

interface StorageCase {
  kind: string;
  env: () => Record<string, string>;
  /** Whether the storage holds a file of that name. */
  has: (t: TestApp, name: string) => boolean;
}

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3.stop());

const storages: StorageCase[] = [
  {
    kind: 'the local uploads folder',
    env: () => ({}),
    has: (t, name) => existsSync(join(t.config.uploadsDir, name)),
  },
  {
    kind: 'an S3-compatible store',
    env: () => s3Env(s3),
    has: (_t, name) => s3.objects.has(name),
  },
];

describe.each(storages)('product pictures in $kind', (storage) => {
  let t: TestApp;
  let admin: { headers: Headers };
  let shopper: { headers: Headers };
  const log = warningLog();
  beforeAll(async () => {
    t = await createTestApp(storage.env(), { logger: log.logger });
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
    shopper = await createSignedInUser(t.database.db);
  });
  afterAll(() => t.close());

  let colour = 0;
  async function upload(): Promise<string> {
    colour += 1;
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: colour, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    const body = multipart(png);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...admin.headers, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ image: string }>().image;
  }
  const uploads = (count: number) => Promise.all(Array.from({ length: count }, upload));

  /** Which of the picture's files the storage holds. */
  const storedFiles = (address: string) =>
    filesOf(nameOf(address)).filter((name) => storage.has(t, name));
  const expectStored = (address: string) =>
    expect(storedFiles(address), address).toEqual(filesOf(nameOf(address)));
  const expectRemoved = (address: string) => expect(storedFiles(address), address).toEqual([]);

  const put = (id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: admin.headers, payload });
  const remove = (id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: admin.headers });
  const picturesOf = async (id: string) => {
    const [row] = await t.database.db
      .select({ image: products.image, images: products.images })
      .from(products)
      .where(eq(products.id, id));
    return row;
  };

  it('saves the pictures in the order sent, the first the main one, and answers them', async () => {
    const [a, b, c] = (await uploads(3)) as [string, string, string];
    const product = await createProduct(t.database.db);
    const res = await put(product.id, { ...validEdit, images: [b, a, c] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ image: b, images: [b, a, c] });
    const detail = await t.app.inject(`/api/products/${product.id}`);
    expect(detail.json()).toMatchObject({ image: b, images: [b, a, c] });
    // `image` may come too, as long as it is the first.
    const both = await put(product.id, { ...validEdit, image: c, images: [c, b, a] });
    expect(both.json()).toMatchObject({ image: c, images: [c, b, a] });
    for (const picture of [a, b, c]) expectStored(picture);
  });

  it('with only `image`, as the spec form sends it, replaces the main picture and keeps the others', async () => {
    const [a, b, c, d] = (await uploads(4)) as [string, string, string, string];
    const product = await createProduct(t.database.db, { images: [a, b, c] });
    const res = await put(product.id, { ...validEdit, image: d });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ image: d, images: [d, b, c] });
    // The replaced main picture was no one else's: its files are gone.
    expectRemoved(a);
    for (const picture of [b, c, d]) expectStored(picture);
    // Naming a picture the product has already makes it the main one, listed once.
    const again = await put(product.id, { ...validEdit, image: c });
    expect(again.json()).toMatchObject({ image: c, images: [c, b] });
    expectRemoved(d);
  });

  it('refuses none, more than twelve, a picture twice or a main picture not first, changing nothing', async () => {
    const [a, b] = (await uploads(2)) as [string, string];
    const product = await createProduct(t.database.db, { images: [a, b] });
    const tooMany = Array.from(
      { length: MAX_PRODUCT_IMAGES + 1 },
      (_, i) => `/images/picture-${String.fromCharCode(97 + i)}.webp`,
    );
    const refused: [object, string][] = [
      [{ images: [] }, 'A product needs at least one picture'],
      [{ images: tooMany }, 'A product can have at most 12 pictures'],
      [{ images: [a, b, a] }, 'Each picture can be added once'],
      [{ image: b, images: [a, b] }, 'The main picture (image) must be the first of images'],
      [{ images: ['javascript:alert(1)'] }, 'Picture must be a path'],
      [{}, 'Image is required'],
    ];
    for (const [pictures, message] of refused) {
      const res = await put(product.id, { ...validEdit, ...pictures });
      expect(res.statusCode, JSON.stringify(pictures)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    expect(await picturesOf(product.id)).toEqual({ image: a, images: [a, b] });
    for (const picture of [a, b]) expectStored(picture);
    // Twelve is allowed.
    const twelve = [a, ...tooMany.slice(0, MAX_PRODUCT_IMAGES - 1)];
    expect((await put(product.id, { ...validEdit, images: twelve })).statusCode).toBe(200);
    expectRemoved(b);
  });

  it('an edit removes the files of the pictures it drops, never demo pictures or other addresses', async () => {
    const [a, b] = (await uploads(2)) as [string, string];
    const outside = 'https://cdn.example.com/uploads/00000000-0000-4000-8000-000000000000.webp';
    const product = await createProduct(t.database.db, {
      images: [a, '/images/camera.webp', b, outside],
    });
    const res = await put(product.id, { ...validEdit, images: [a] });
    expect(res.statusCode, res.body).toBe(200);
    expectStored(a);
    expectRemoved(b);
    // Nothing was asked of the storage for the demo picture or the other site's address.
    expect(log.warnings).toEqual([]);
  });

  it('deleting a product removes its files, but keeps those another product, an order line or a category shows', async () => {
    const [own, shared, ordered, categoryPicture] = (await uploads(4)) as [
      string,
      string,
      string,
      string,
    ];
    const product = await createProduct(t.database.db, {
      images: [own, shared, ordered, categoryPicture],
    });
    const other = await createProduct(t.database.db, { images: ['/images/laptop.webp', shared] });
    // A customer bought a product while `ordered` was its main picture; it has another now.
    const bought = await createProduct(t.database.db, { images: [ordered] });
    await placeOrder(t.app, shopper.headers, [{ product: bought, qty: 1 }]);
    expect(
      (await put(bought.id, { ...validEdit, images: ['/images/sample.webp'] })).statusCode,
    ).toBe(200);
    await t.database.db
      .update(categories)
      .set({ image: categoryPicture })
      .where(eq(categories.name, 'Testing'));

    const res = await remove(product.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Product removed' });
    expectRemoved(own);
    expectStored(shared);
    expectStored(ordered);
    expectStored(categoryPicture);
    // The customer's order still shows what was bought.
    expect((await t.app.inject(ordered)).statusCode).toBe(200);

    // Once the last product using it is gone, so is the file.
    expect((await remove(other.id)).statusCode).toBe(200);
    expectRemoved(shared);
    expect((await remove(product.id)).statusCode).toBe(404);
  });
});

describe('a removal that fails', () => {
  let t: TestApp;
  let admin: { headers: Headers };
  const log = warningLog();
  beforeAll(async () => {
    t = await createTestApp(s3Env(s3), { logger: log.logger });
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(() => t.close());

  it('still deletes the product, leaves the files and logs a warning', async () => {
    const png = await sharp({
      create: { width: 20, height: 20, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    const body = multipart(png);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...admin.headers, ...body.headers },
    });
    const image = uploaded.json<{ image: string }>().image;
    const product = await createProduct(t.database.db, { images: [image] });
    s3.down = true;
    try {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/products/${product.id}`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      s3.down = false;
    }
    expect(s3.objects.has(nameOf(image))).toBe(true);
    expect(log.warnings).toMatchObject([
      {
        msg: 'the files of a picture no product uses any more could not be removed',
        picture: image,
      },
    ]);
    expect((await t.app.inject(`/api/products/${product.id}`)).statusCode).toBe(404);
  });
});

describe('removing the files of a picture saved again meanwhile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('checks again just before removing, and says so when a product took it up during the removal', async () => {
    const address = '/uploads/11111111-2222-4333-8444-555555555555.webp';
    const removed: string[] = [];
    const log = warningLog();
    let takeItUp = async () => {};
    const storage = {
      publicUrl: (name: string) => `/uploads/${name}`,
      delete: async (name: string) => {
        removed.push(name);
        await takeItUp();
      },
    } as unknown as ImageStorage;
    const files = { storage, log: log.logger };

    // Another product lists it when the check runs: nothing is removed.
    const other = await createProduct(t.database.db, { images: [address] });
    await removeUnusedPictures(t.database.db, files, [address]);
    expect(removed).toEqual([]);

    // No one lists it, but a product takes it up while the files go: the second check says so.
    await t.database.db.delete(products).where(eq(products.id, other.id));
    takeItUp = async () => {
      takeItUp = async () => {};
      await createProduct(t.database.db, { images: [address] });
    };
    await removeUnusedPictures(t.database.db, files, [address]);
    expect(removed).toEqual(filesOf(nameOf(address)));
    expect(log.warnings).toMatchObject([
      {
        msg: 'a picture was saved again while its files were being removed: upload it again',
        picture: address,
      },
    ]);
  });
});
