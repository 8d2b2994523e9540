import {
  MAX_IMPORT_PICTURES,
  MAX_IMPORT_ZIP_ENTRIES,
  MAX_IMPORT_ZIP_UNPACKED_BYTES,
} from '@proshop/domain/product-csv';
import { isImageAddress } from '@proshop/domain/image-address';
import { AppError, tooLarge, unprocessable } from '../../errors/app-error.ts';
import {
  listZipEntries,
  readZipEntry,
  ZipEntryLarger,
  ZipTooManyEntries,
  type ZipEntry,
} from '../../http/zip-archive.ts';
import { IMAGE_TOO_LARGE, imageProblem, MAX_UPLOAD_BYTES } from '../uploads/service.ts';

/** Where a picture cell points: a file of the uploaded ZIP, or an address. */
export type PictureRef = { kind: 'zip'; name: string } | { kind: 'address'; address: string };

/** A file name of the ZIP when it neither starts with '/' nor names a scheme (https:). */
export function pictureRef(text: string): PictureRef {
  return text.startsWith('/') || /^[a-z][a-z\d+.-]*:/i.test(text)
    ? { kind: 'address', address: text }
    : { kind: 'zip', name: text };
}

/**
 * A picture already on this shop: a path of its own (/images/... for the demo's, /uploads/...
 * for uploads) or an address of its image store (S3_PUBLIC_URL). Anything else is refused, so
 * that an import cannot make products show pictures from elsewhere.
 */
export function isShopPicture(address: string, storePrefix: string): boolean {
  if (!isImageAddress(address)) return false;
  if (address.startsWith('/images/') || address.startsWith('/uploads/')) return true;
  return storePrefix.startsWith('http') && address.startsWith(storePrefix);
}

/**
 * A picture of the ZIP the CSV names: its file (the same for every name that means it) and
 * bytes, or why it cannot be used.
 */
export type ZipPicture = { entry: string; bytes: Buffer } | { problem: string };

const baseName = (name: string) => name.slice(name.lastIndexOf('/') + 1);

/** The ZIP's entry each wanted name means: its own path, else the one file of that name. */
function matchEntries(entries: readonly ZipEntry[], wanted: ReadonlySet<string>) {
  const files = entries.filter((entry) => !entry.name.endsWith('/'));
  const chosen = new Map<string, ZipEntry>();
  const problems = new Map<string, string>();
  for (const name of wanted) {
    const exact = files.find((entry) => entry.name === name);
    const byBase = files.filter((entry) => baseName(entry.name) === name);
    const entry = exact ?? (byBase.length === 1 ? byBase[0] : undefined);
    if (byBase.length > 1 && !exact) {
      problems.set(name, `${name} is the name of several files of the ZIP: give its folder too`);
    } else if (!entry) {
      problems.set(name, `${name} is not in the ZIP of pictures`);
    } else if (entry.size > MAX_UPLOAD_BYTES) {
      problems.set(name, `${name}: ${IMAGE_TOO_LARGE}`);
    } else if (entry.method !== 0 && entry.method !== 8) {
      problems.set(name, `${name} is compressed in a way the shop cannot read: zip it again`);
    } else {
      chosen.set(name, entry);
    }
  }
  return { chosen, problems };
}

const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** The request's answer to a ZIP that is not a set of pictures but an attack (or damaged). */
const ZIP_REFUSED = {
  tooManyFiles: (count: number) =>
    `The ZIP of pictures lists ${count} files; it can hold at most ${MAX_IMPORT_ZIP_ENTRIES}: zip only the pictures the CSV names`,
  tooMuch: (entry: string) =>
    `The pictures of the ZIP unpack to more than ${mb(MAX_IMPORT_ZIP_UNPACKED_BYTES)} together (at ${entry}): import them in several files`,
  larger: (entry: string) =>
    `${entry} unpacks to more than the ZIP says it holds: the ZIP is damaged or forged, zip the pictures again`,
};

/**
 * The files of the ZIP the wanted names mean, unpacked: their declared sizes together at most
 * MAX_IMPORT_ZIP_UNPACKED_BYTES (413 naming the file that passes it), each unpacked off the
 * event loop and stopped the moment it gives more than it declared (422 naming it: a bomb).
 */
async function unpackChosen(zip: Buffer, chosen: ReadonlyMap<string, ZipEntry>) {
  const entries = [...new Map([...chosen.values()].map((entry) => [entry.name, entry])).values()];
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    if (total > MAX_IMPORT_ZIP_UNPACKED_BYTES) throw tooLarge(ZIP_REFUSED.tooMuch(entry.name));
  }
  const files = new Map<string, Buffer>();
  for (const entry of entries) {
    try {
      files.set(entry.name, await readZipEntry(zip, entry, MAX_UPLOAD_BYTES));
    } catch (error) {
      if (error instanceof ZipEntryLarger) throw unprocessable(ZIP_REFUSED.larger(entry.name));
      throw error;
    }
  }
  return files;
}

/**
 * The pictures the CSV names from the ZIP, each checked as an upload would be (uploads'
 * imageProblem), nothing stored. Only the files named are unpacked (http/zip-archive.ts), each
 * at most an upload's size and never past the size the ZIP declares for it, at most
 * MAX_IMPORT_ZIP_UNPACKED_BYTES together, from a ZIP of at most MAX_IMPORT_ZIP_ENTRIES files; a
 * ZIP past those limits, or one whose file unpacks to more than it declares (a ZIP bomb), is
 * refused as a whole (413, 422) naming the file.
 */
export async function readZipPictures(
  zip: Buffer | undefined,
  wanted: ReadonlySet<string>,
): Promise<{ pictures: Map<string, ZipPicture> }> {
  const pictures = new Map<string, ZipPicture>();
  if (wanted.size === 0) return { pictures };
  if (!zip) {
    for (const name of wanted) {
      pictures.set(name, { problem: `${name}: send the ZIP of pictures it is in` });
    }
    return { pictures };
  }
  if (wanted.size > MAX_IMPORT_PICTURES) {
    for (const name of wanted) {
      pictures.set(name, {
        problem: `${name}: at most ${MAX_IMPORT_PICTURES} pictures of a ZIP can be imported at once, split the file`,
      });
    }
    return { pictures };
  }
  let files: Map<string, Buffer>;
  let chosen: Map<string, ZipEntry>;
  try {
    // First the list of files, unpacking nothing; then only the files chosen.
    const matched = matchEntries(listZipEntries(zip, MAX_IMPORT_ZIP_ENTRIES), wanted);
    for (const [name, problem] of matched.problems) pictures.set(name, { problem });
    chosen = matched.chosen;
    files = await unpackChosen(zip, chosen);
  } catch (error) {
    if (error instanceof ZipTooManyEntries) throw tooLarge(ZIP_REFUSED.tooManyFiles(error.count));
    if (error instanceof AppError) throw error;
    for (const name of wanted) {
      pictures.set(name, { problem: `${name}: the ZIP of pictures could not be read` });
    }
    return { pictures };
  }
  const checked = new Map<string, string | undefined>();
  for (const [name, entry] of chosen) {
    const bytes = files.get(entry.name)!;
    if (!checked.has(entry.name)) checked.set(entry.name, await imageProblem(bytes));
    const problem = checked.get(entry.name);
    pictures.set(name, problem ? { problem: `${name}: ${problem}` } : { entry: entry.name, bytes });
  }
  return { pictures };
}
