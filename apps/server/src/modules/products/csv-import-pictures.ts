import { MAX_IMPORT_PICTURES } from '@proshop/domain/product-csv';
import { isImageAddress } from '@proshop/domain/image-address';
import { unzipSync, type UnzipFileInfo } from 'fflate';
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
function matchEntries(entries: readonly UnzipFileInfo[], wanted: ReadonlySet<string>) {
  const files = entries.filter((entry) => !entry.name.endsWith('/'));
  const chosen = new Map<string, UnzipFileInfo>();
  const problems = new Map<string, string>();
  for (const name of wanted) {
    const exact = files.find((entry) => entry.name === name);
    const byBase = files.filter((entry) => baseName(entry.name) === name);
    const entry = exact ?? (byBase.length === 1 ? byBase[0] : undefined);
    if (byBase.length > 1 && !exact) {
      problems.set(name, `${name} is the name of several files of the ZIP: give its folder too`);
    } else if (!entry) {
      problems.set(name, `${name} is not in the ZIP of pictures`);
    } else if (entry.originalSize > MAX_UPLOAD_BYTES) {
      problems.set(name, `${name}: ${IMAGE_TOO_LARGE}`);
    } else if (entry.compression !== 0 && entry.compression !== 8) {
      problems.set(name, `${name} is compressed in a way the shop cannot read: zip it again`);
    } else {
      chosen.set(name, entry);
    }
  }
  return { chosen, problems };
}

/**
 * The pictures the CSV names from the ZIP, each checked as an upload would be (uploads'
 * imageProblem), nothing stored. Only the files named are unpacked, each at most an upload's
 * size as the ZIP declares it (fflate writes no more than that): a ZIP bomb unpacks nothing.
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
  const entries: UnzipFileInfo[] = [];
  let files: Record<string, Uint8Array>;
  let chosen: Map<string, UnzipFileInfo>;
  try {
    // First the list of files, unpacking nothing; then only the files chosen.
    unzipSync(zip, { filter: (entry) => (entries.push(entry), false) });
    const matched = matchEntries(entries, wanted);
    for (const [name, problem] of matched.problems) pictures.set(name, { problem });
    chosen = matched.chosen;
    const names = new Set([...chosen.values()].map((entry) => entry.name));
    files = unzipSync(zip, { filter: (entry) => names.has(entry.name) });
  } catch {
    for (const name of wanted) {
      pictures.set(name, { problem: `${name}: the ZIP of pictures could not be read` });
    }
    return { pictures };
  }
  const checked = new Map<string, string | undefined>();
  for (const [name, entry] of chosen) {
    const bytes = Buffer.from(files[entry.name]!);
    if (!checked.has(entry.name)) checked.set(entry.name, await imageProblem(bytes));
    const problem = checked.get(entry.name);
    pictures.set(name, problem ? { problem: `${name}: ${problem}` } : { entry: entry.name, bytes });
  }
  return { pictures };
}
