import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { AppError } from '../../errors/app-error.ts';
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

/**
 * Checks that the bytes are an image by their content, re-encodes them as WebP (which drops
 * anything hidden in the file: metadata, scripts, trailing data) and stores them under a name
 * of our own. Answers the address pages load it from.
 */
export async function storeImage(
  bytes: Buffer,
  storage: ImageStorage,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<string> {
  if (!sniffImageType(bytes)) throw new AppError('unsupportedMedia', ONLY_IMAGES);
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // applies the camera's orientation before the metadata is dropped
      .resize({ width: MAX_SIDE_PX, height: MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('unsupportedMedia', UNREADABLE_IMAGE);
  }
  const name = `${randomUUID()}.webp`;
  try {
    await storage.put(name, webp, 'image/webp');
  } catch (error) {
    log.error({ err: error }, 'the image storage is unavailable');
    throw new AppError('unavailable', STORAGE_DOWN);
  }
  return storage.publicUrl(name);
}
