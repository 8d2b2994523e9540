import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { COPY_WIDTHS, imageHeight, sizedImage } from '@proshop/domain/product-image';
import type SharpModule from 'sharp';
import { unavailable, unsupportedMedia } from '../../errors/app-error.ts';
import { sniffImageType } from './image-type.ts';
import type { ImageStorage } from './storage/image-storage.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const IMAGE_UPLOADED = 'Image uploaded';
export const ONLY_IMAGES = 'Only JPEG, PNG, WebP or GIF images can be uploaded';
export const IMAGE_TOO_LARGE = 'The image is too large: it can be at most 5 MB';
export const UNREADABLE_IMAGE = 'The image could not be read. Please try another file.';
export const STORAGE_DOWN =
  'The image could not be stored right now. Please try again in a moment.';

/** Stored images are at most this wide and high; enough for the product page. */
const MAX_SIDE_PX = 1200;
/** Refuses images that would take too much memory to decode (a small file can be huge). */
const MAX_INPUT_PIXELS = 50_000_000;

let sharpLoaded: Promise<typeof SharpModule> | undefined;

/**
 * sharp (libvips, native) is loaded with the first picture, not at start-up: some 20 MB of
 * memory a server that receives no upload never pays (docs/decisions/0033). libvips's cache of
 * operations is off: each picture is encoded once, and the cache would keep up to 50 MB of
 * decoded pictures after an upload.
 */
function loadSharp(): Promise<typeof SharpModule> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

/** A transparent border where a picture is not 5:4: it stays whole, on any background. */
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

interface EncodedImage {
  full: Buffer;
  copies: { name: string; bytes: Buffer }[];
}

/**
 * The full picture (at most 1200 pixels a side) and its sized copies (COPY_WIDTHS, 5:4, the
 * picture whole inside), all WebP. Re-encoding drops anything hidden in the file: metadata,
 * scripts, trailing data.
 */
async function encode(bytes: Buffer, name: string): Promise<EncodedImage> {
  const sharp = await loadSharp();
  // rotate() applies the camera's orientation before the metadata is dropped.
  const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const full = source
    .clone()
    .resize({ width: MAX_SIDE_PX, height: MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  const copies = COPY_WIDTHS.map(async (width) => ({
    name: sizedImage(name, width),
    bytes: await source
      .clone()
      .resize({ width, height: imageHeight(width), fit: 'contain', background: TRANSPARENT })
      .webp({ quality: 80 })
      .toBuffer(),
  }));
  // Awaited together, so that a picture sharp cannot read fails once, with no stray rejection.
  const [fullBytes, copyBytes] = await Promise.all([full, Promise.all(copies)]);
  return { full: fullBytes, copies: copyBytes };
}

/**
 * Why storeImage would refuse these bytes, checked without storing anything (the products'
 * import checks a ZIP's pictures before it stores them): too large, not an image by its
 * content, or not readable as one. Undefined for an image storeImage takes.
 */
export async function imageProblem(bytes: Buffer): Promise<string | undefined> {
  if (bytes.length > MAX_UPLOAD_BYTES) return IMAGE_TOO_LARGE;
  if (!sniffImageType(bytes)) return ONLY_IMAGES;
  const sharp = await loadSharp();
  try {
    // Decoded whole (to a thumbnail, cheap): a file cut short or broken inside has a header
    // that reads well.
    await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width: 16, height: 16, fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    return UNREADABLE_IMAGE;
  }
  return undefined;
}

/**
 * Checks that the bytes are an image by their content, re-encodes them as WebP with the sized
 * copies the screens show, and stores them under a name of our own. Answers the address pages
 * load the full picture from; the copies' addresses follow from it (sizedImage).
 */
export async function storeImage(
  bytes: Buffer,
  storage: ImageStorage,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<string> {
  if (!sniffImageType(bytes)) throw unsupportedMedia(ONLY_IMAGES);
  const name = `${randomUUID()}.webp`;
  let image: EncodedImage;
  try {
    image = await encode(bytes, name);
  } catch {
    throw unsupportedMedia(UNREADABLE_IMAGE);
  }
  try {
    // The copies first: once the full picture is stored, its copies are there too.
    await Promise.all(image.copies.map((copy) => storage.put(copy.name, copy.bytes, 'image/webp')));
    await storage.put(name, image.full, 'image/webp');
  } catch (error) {
    log.error({ err: error }, 'the image storage is unavailable');
    throw unavailable(STORAGE_DOWN);
  }
  return storage.publicUrl(name);
}
