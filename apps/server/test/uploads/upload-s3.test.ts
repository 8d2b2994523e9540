import { existsSync, readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../helpers/factories.ts';
import { s3Env, startS3StandIn, type S3StandIn } from '../helpers/s3-stand-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { multipart } from '../helpers/multipart.ts';

type Headers = Record<string, string>;

const picture = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 9, g: 90, b: 200 } } })
    .png()
    .toBuffer();

async function upload(t: TestApp, headers: Headers) {
  const body = multipart(await picture());
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}

describe('uploads in an S3-compatible store (S3_BUCKET)', () => {
  let s3: S3StandIn;
  beforeAll(async () => {
    s3 = await startS3StandIn();
  });
  afterAll(() => s3.stop());

  describe('served through the shop', () => {
    let t: TestApp;
    let admin: { headers: Headers };
    beforeAll(async () => {
      t = await createTestApp(s3Env(s3));
      admin = await createSignedInUser(t.database.db, { isAdmin: true });
    });
    afterAll(() => t.close());

    it('puts the uploaded image in the bucket, not on the local disk', async () => {
      const res = await upload(t, admin.headers);
      expect(res.statusCode).toBe(201);
      const image: string = res.json().image;
      expect(image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
      const name = image.replace('/uploads/', '');
      const stored = s3.objects.get(name);
      expect(stored?.contentType).toBe('image/webp');
      expect((await sharp(stored!.body).metadata()).format).toBe('webp');
      for (const width of [160, 320, 640, 1200]) {
        const copy = s3.objects.get(name.replace('.webp', `-${width}.webp`));
        expect(copy?.contentType, String(width)).toBe('image/webp');
        expect(await sharp(copy!.body).metadata(), String(width)).toMatchObject({ width });
      }
      expect(s3.requests).toContain(`PUT /${s3.bucket}/${name}`);
      const local = existsSync(t.config.uploadsDir) ? readdirSync(t.config.uploadsDir) : [];
      expect(local).toEqual([]);
    });

    it('streams GET /uploads/<name> from the bucket, sandboxed, and 404s for unknown names', async () => {
      const image: string = (await upload(t, admin.headers)).json().image;
      const served = await t.app.inject(image);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(served.headers['cache-control']).toBe('public, max-age=86400');
      const name = image.replace('/uploads/', '');
      expect(served.rawPayload.equals(s3.objects.get(name)!.body)).toBe(true);

      const missing = await t.app.inject('/uploads/00000000-0000-0000-0000-000000000000.webp');
      expect(missing.statusCode).toBe(404);
      const before = s3.requests.length;
      // Names the shop never gives are not even looked up in the store.
      expect((await t.app.inject('/uploads/..%2Fsecret.webp')).statusCode).toBe(404);
      expect((await t.app.inject('/uploads/a/b.webp')).statusCode).toBe(404);
      expect(s3.requests.length).toBe(before);
    });

    it('answers 503 with a clear message while the store is down', async () => {
      const image: string = (await upload(t, admin.headers)).json().image;
      s3.down = true;
      try {
        const res = await upload(t, admin.headers);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          message: 'The image could not be stored right now. Please try again in a moment.',
        });
        const served = await t.app.inject(image);
        expect(served.statusCode).toBe(503);
      } finally {
        s3.down = false;
      }
      expect((await t.app.inject(image)).statusCode).toBe(200);
    });
  });

  describe('with S3_PUBLIC_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(s3Env(s3, { S3_PUBLIC_URL: 'https://images.shop.test/' }));
    });
    afterAll(() => t.close());

    it("answers the store's public address of the image", async () => {
      const admin = await createSignedInUser(t.database.db, { isAdmin: true });
      const res = await upload(t, admin.headers);
      expect(res.statusCode).toBe(201);
      const image: string = res.json().image;
      expect(image).toMatch(/^https:\/\/images\.shop\.test\/[0-9a-f-]{36}\.webp$/);
      expect(s3.objects.has(image.split('/').pop()!)).toBe(true);
    });
  });
});
