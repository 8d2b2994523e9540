import type { FastifyBaseLogger } from 'fastify';
import { COPY_WIDTHS, sizedImage } from '@proshop/domain/product-image';
import type { Database } from '../../db/client.ts';
import { isPictureInUse } from './picture-uses.ts';
import type { ImageStorage } from './storage/image-storage.ts';

/** What removing the files of pictures needs: where they are, and where to say it failed. */
export interface PictureFiles {
  storage: ImageStorage;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** The names the upload service gives full pictures (uploads/service.ts): a UUID, WebP. */
const UPLOAD_NAME = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}\.webp$/;

/**
 * The stored name of an uploaded picture, from its address: `/uploads/<name>`, or the store's
 * public address (S3_PUBLIC_URL). Undefined for the demo pictures (/images/...), for pictures
 * linked from elsewhere and for any name the shop does not give: those are never removed.
 */
export function uploadedPictureName(address: string, storage: ImageStorage): string | undefined {
  for (const prefix of new Set(['/uploads/', storage.publicUrl('')])) {
    if (!address.startsWith(prefix)) continue;
    const name = address.slice(prefix.length);
    if (UPLOAD_NAME.test(name)) return name;
  }
  return undefined;
}

/** Every address a stored picture may be known by in the database. */
function addressesOf(name: string, storage: ImageStorage): string[] {
  return [...new Set([`/uploads/${name}`, storage.publicUrl(name)])];
}

/**
 * Removes the stored files (the full picture, then its sized copies) of pictures a product no
 * longer lists, once nothing else shows them: another product, an order line, a category or a
 * brand. Call it after the transaction that dropped them committed, never inside one: it talks
 * to the storage (S3). Best effort: a failure is logged and the file stays, which costs storage
 * but breaks no page.
 *
 * Each picture is checked again just before its files go. What remains possible is a product
 * saved with the same address in the moment between that check and the removal (or in a
 * transaction that commits after the check): it would show a missing picture. Only an admin who
 * copies the address of another product's upload can do that; the check made again after the
 * removal logs it, so the picture can be uploaded again.
 */
export async function removeUnusedPictures(
  db: Database,
  files: PictureFiles,
  pictures: readonly string[],
): Promise<void> {
  const names = new Set(
    pictures.flatMap((picture) => uploadedPictureName(picture, files.storage) ?? []),
  );
  for (const name of names) {
    const addresses = addressesOf(name, files.storage);
    try {
      if (await isPictureInUse(db, addresses)) continue;
      // The full picture first: the upload stores it last, so a stored full picture always has
      // its copies, even when this stops half-way.
      await files.storage.delete(name);
      for (const width of COPY_WIDTHS) await files.storage.delete(sizedImage(name, width));
      if (await isPictureInUse(db, addresses)) {
        files.log.warn(
          { picture: addresses[0] },
          'a picture was saved again while its files were being removed: upload it again',
        );
      }
    } catch (error) {
      files.log.warn(
        { err: error, picture: addresses[0] },
        'the files of a picture no product uses any more could not be removed',
      );
    }
  }
}
