import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  contentTypeOf,
  IMAGE_NAME,
  type ImageStorage,
} from '../../modules/uploads/storage/image-storage.ts';
import { TransferError } from './transfer-error.ts';

export interface CopyResult {
  copied: number;
  /** Images the storage already held under the same name (names are unique UUIDs). */
  alreadyThere: number;
}

/**
 * Copies the uploaded images of a folder (an old DATA_DIR/uploads) into a storage: another
 * folder or an S3 bucket. Running it again copies only what is missing. Product rows keep their
 * `/uploads/<name>` addresses, which the shop serves from either storage.
 */
export async function copyUploads(folder: string, storage: ImageStorage): Promise<CopyResult> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => IMAGE_NAME.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new TransferError(`There is no folder ${folder}.`);
    }
    throw error;
  }
  const present = new Set(await storage.list());
  const result: CopyResult = { copied: 0, alreadyThere: 0 };
  for (const name of names.sort()) {
    if (present.has(name)) {
      result.alreadyThere += 1;
      continue;
    }
    await storage.put(name, await readFile(join(folder, name)), contentTypeOf(name));
    result.copied += 1;
  }
  return result;
}
