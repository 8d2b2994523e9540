import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { multipart } from '../helpers/multipart.ts';

type Headers = Record<string, string>;

const picture = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();

describe('POST /api/upload', () => {
  let t: TestApp;
  let admin: { headers: Headers };
  let customer: { headers: Headers };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
    customer = await createSignedInUser(t.database.db);
  });
  afterAll(() => t.close());

  const upload = (
    file: Buffer,
    options: Parameters<typeof multipart>[1] = {},
    headers: Headers = admin.headers,
  ) => {
    const body = multipart(file, options);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  };

  it('stores PNG, JPEG, GIF and WebP images as WebP and serves them from /uploads/', async () => {
    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
      const res = await upload(await picture(format), { filename: `photo.${format}` });
      expect(res.statusCode, format).toBe(201);
      const body = res.json();
      expect(body.message).toBe('Image uploaded');
      expect(body.image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
      const served = await t.app.inject(body.image);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 40, height: 30 });
    }
  });

  it('stores copies 160, 320, 640 and 1200 (link previews) pixels wide, 5:4 with the whole picture inside, beside it', async () => {
    const res = await upload(await picture('png', 300, 600));
    expect(res.statusCode).toBe(201);
    const image: string = res.json().image;
    for (const width of [160, 320, 640, 1200]) {
      const copy = await t.app.inject(image.replace(/\.webp$/, `-${width}.webp`));
      expect(copy.statusCode, String(width)).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      const meta = await sharp(copy.rawPayload).metadata();
      expect(meta, String(width)).toMatchObject({ format: 'webp', width, height: width * 0.8 });
      // A tall picture is letterboxed, not cropped: the sides of the frame are transparent.
      const { data, info } = await sharp(copy.rawPayload)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
      expect(alphaAt(0, info.height / 2), String(width)).toBe(0);
      expect(alphaAt(info.width / 2, info.height / 2), String(width)).toBe(255);
    }
  });

  it('shrinks a large picture to at most 1200 pixels wide', async () => {
    const res = await upload(await picture('png', 2400, 600));
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject(res.json().image);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1200, height: 300 });
  });

  it('stores a file named ../../x.png under a name of its own, inside the uploads folder', async () => {
    const res = await upload(await picture('png'), { filename: '../../x.png' });
    expect(res.statusCode).toBe(201);
    expect(res.json().image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const stored = readdirSync(t.config.uploadsDir);
    expect(stored).toContain(res.json().image.replace('/uploads/', ''));
    expect(stored.every((name) => /^[0-9a-f-]{36}(-(160|320|640|1200))?\.webp$/.test(name))).toBe(
      true,
    );
  });

  it('refuses anything that is not an image by its content with 415', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
    );
    const notImages: [string, Buffer, string][] = [
      ['script renamed .png', Buffer.from('alert(document.cookie)'), 'image/png'],
      ['svg with script', svg, 'image/svg+xml'],
      ['html', Buffer.from('<!doctype html><script>alert(1)</script>'), 'text/html'],
      ['empty file', Buffer.alloc(0), 'image/png'],
      ['truncated png', (await picture('png')).subarray(0, 40), 'image/png'],
    ];
    for (const [label, bytes, contentType] of notImages) {
      const res = await upload(bytes, { filename: 'photo.png', contentType });
      expect(res.statusCode, label).toBe(415);
      expect(res.json().message, label).toMatch(
        /Only JPEG, PNG, WebP or GIF images can be uploaded|could not be read/,
      );
    }
    expect(readdirSync(t.config.uploadsDir).filter((n) => !n.endsWith('.webp'))).toEqual([]);
  });

  it('names the accepted formats when the content is not an image', async () => {
    const res = await upload(Buffer.from('#!/bin/sh\nrm -rf /'), { filename: 'x.png' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Only JPEG, PNG, WebP or GIF images can be uploaded' });
  });

  it('refuses a file over 5 MB with 413', async () => {
    const png = await picture('png');
    const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024 - png.length, 1)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The image is too large: it can be at most 5 MB' });
  });

  it('refuses a request without an image field with 400, and a JSON body with 415', async () => {
    const wrongField = await upload(await picture('png'), { field: 'file' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/choose an image/);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: admin.headers,
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers 403 to a customer and 401 to a signed-out caller, storing nothing', async () => {
    const before = readdirSync(t.config.uploadsDir).length;
    const png = await picture('png');
    const asCustomer = await upload(png, {}, customer.headers);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ message: 'Not authorized as an admin' });
    const signedOut = await upload(png, {}, {});
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Not authorized, please sign in' });
    expect(readdirSync(t.config.uploadsDir)).toHaveLength(before);
  });
});
