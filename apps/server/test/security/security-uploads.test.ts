// Real images that carry a script: appended after the picture, in a PNG text chunk, in a JPEG
// comment or in EXIF. Each is re-encoded, so the stored file holds none of the script's bytes,
// and it is served as a sandboxed WebP image that no browser sniffs into HTML.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { multipart } from '../helpers/multipart.ts';

const SCRIPT = '<script>alert(document.cookie)</script><img src=x onerror=alert(1)>';

const picture = (format: 'png' | 'jpeg') =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

/** A PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The PNG with a tEXt chunk holding the script, placed before the image end chunk. */
function withPngText(png: Buffer): Buffer {
  const iend = png.length - 12;
  const text = pngChunk('tEXt', Buffer.from(`Comment\0${SCRIPT}`, 'latin1'));
  return Buffer.concat([png.subarray(0, iend), text, png.subarray(iend)]);
}

/** The JPEG with a comment (COM) segment holding the script, right after the start marker. */
function withJpegComment(jpeg: Buffer): Buffer {
  const comment = Buffer.from(SCRIPT, 'latin1');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, comment, jpeg.subarray(2)]);
}

describe('uploaded images carrying a script', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(() => t.close());

  const upload = (file: Buffer, filename: string) => {
    const body = multipart(file, { filename });
    return t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...admin.headers, ...body.headers },
    });
  };

  it('re-encodes a PNG or JPEG with a script appended or in its metadata: the stored file holds no script', async () => {
    const png = await picture('png');
    const jpeg = await picture('jpeg');
    const exifJpeg = await sharp(jpeg)
      .withExif({ IFD0: { ImageDescription: SCRIPT, Artist: SCRIPT } })
      .jpeg()
      .toBuffer();
    const cases: [string, Buffer][] = [
      ['PNG with a script appended', Buffer.concat([png, Buffer.from(SCRIPT)])],
      ['PNG with a script in a text chunk', withPngText(png)],
      ['JPEG with a script appended', Buffer.concat([jpeg, Buffer.from(SCRIPT)])],
      ['JPEG with a script in a comment', withJpegComment(jpeg)],
      ['JPEG with a script in EXIF', exifJpeg],
    ];
    for (const [label, file] of cases) {
      // The hostile file really carries the script, and is still a readable image.
      expect(file.includes(SCRIPT), label).toBe(true);
      expect((await sharp(file).metadata()).width, label).toBe(32);

      const res = await upload(file, 'photo.png');
      expect(res.statusCode, label).toBe(201);
      const image: string = res.json().image;
      expect(image, label).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);

      const stored = readFileSync(join(t.config.uploadsDir, image.replace('/uploads/', '')));
      expect(stored.subarray(0, 4).toString('latin1'), label).toBe('RIFF');
      expect(stored.subarray(8, 12).toString('latin1'), label).toBe('WEBP');
      for (const needle of ['<script', 'alert(', 'onerror', '<img']) {
        expect(stored.includes(needle), `${label}: ${needle}`).toBe(false);
      }
      expect(await sharp(stored).metadata(), label).toMatchObject({
        format: 'webp',
        width: 32,
        height: 24,
      });
      expect((await sharp(stored).metadata()).exif, label).toBeUndefined();
    }
  });

  it('serves an uploaded image as WebP, not sniffable, sandboxed', async () => {
    const res = await upload(Buffer.concat([await picture('png'), Buffer.from(SCRIPT)]), 'x.html');
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject(res.json().image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload.includes('<script')).toBe(false);
  });

  it('refuses a script dressed as a GIF (a polyglot) with 415', async () => {
    const polyglot = Buffer.from(`GIF89a/*${SCRIPT}*/=1;`, 'latin1');
    const res = await upload(polyglot, 'photo.gif');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/could not be read|Only JPEG, PNG, WebP or GIF/);
  });
});
