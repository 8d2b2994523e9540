/**
 * Reads files out of a ZIP (PKWARE's APPNOTE: the central directory at the end lists every file
 * with its sizes and where its data starts) without trusting it: the number of files is bounded
 * before the directory is walked, a file is unpacked off the event loop (zlib's thread pool, so
 * other requests keep being answered), and unpacking stops as soon as the file gives more than
 * the directory declares. Written here rather than with fflate, whose unzipSync inflates on the
 * event loop and whose listing gives no offsets to unpack one file by.
 */
import { promisify } from 'node:util';
import { constants, crc32, inflateRaw } from 'node:zlib';

const inflate = promisify(inflateRaw);

/** A file of the ZIP as its central directory lists it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; other methods cannot be read here. */
  method: number;
  compressedSize: number;
  /** The size the directory declares; unpacking must give exactly this. */
  size: number;
  crc32: number;
  /** Where the file's local header starts. */
  headerOffset: number;
}

/** Not a ZIP, or one cut short or damaged. */
export class ZipUnreadable extends Error {}

/** The ZIP lists more files than the caller reads. */
export class ZipTooManyEntries extends Error {
  constructor(readonly count: number) {
    super(`the ZIP lists ${count} files`);
  }
}

/** A file that unpacks to more than the directory says: a damaged or forged ZIP (a bomb). */
export class ZipEntryLarger extends Error {
  constructor(readonly entry: string) {
    super(`${entry} unpacks to more than its declared size`);
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const UTF8_NAME_FLAG = 0x0800;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;

function u16(zip: Buffer, at: number): number {
  if (at < 0 || at + 2 > zip.length) throw new ZipUnreadable('cut short');
  return zip.readUInt16LE(at);
}
function u32(zip: Buffer, at: number): number {
  if (at < 0 || at + 4 > zip.length) throw new ZipUnreadable('cut short');
  return zip.readUInt32LE(at);
}
function u64(zip: Buffer, at: number): number {
  if (at < 0 || at + 8 > zip.length) throw new ZipUnreadable('cut short');
  const value = zip.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipUnreadable('size out of range');
  return Number(value);
}

/** The end-of-directory record: within the last 64 KB + 22 bytes (its comment may fill them). */
function findEndOfDirectory(zip: Buffer): number {
  const lowest = Math.max(0, zip.length - 22 - MAX_16);
  for (let at = zip.length - 22; at >= lowest; at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new ZipUnreadable('no end of central directory');
}

/** How many files the directory lists, and where it starts (ZIP64's record when it has one). */
function directoryOf(zip: Buffer): { count: number; offset: number } {
  const end = findEndOfDirectory(zip);
  let count = u16(zip, end + 10);
  let offset = u32(zip, end + 16);
  if (count === MAX_16 || offset === MAX_32) {
    const locator = end - 20;
    if (u32(zip, locator) !== ZIP64_LOCATOR) throw new ZipUnreadable('no ZIP64 locator');
    const record = u64(zip, locator + 8);
    if (u32(zip, record) !== ZIP64_END_OF_DIRECTORY) throw new ZipUnreadable('no ZIP64 record');
    count = u64(zip, record + 32);
    offset = u64(zip, record + 48);
  }
  return { count, offset };
}

/** The 64-bit values of a ZIP64 extra field, for those the entry marks 0xffffffff. */
function zip64Values(zip: Buffer, extraStart: number, extraEnd: number, wanted: number): number[] {
  for (let at = extraStart; at + 4 <= extraEnd;) {
    const id = u16(zip, at);
    const length = u16(zip, at + 2);
    if (id === ZIP64_EXTRA) {
      if (length < wanted * 8) throw new ZipUnreadable('short ZIP64 field');
      return Array.from({ length: wanted }, (_, index) => u64(zip, at + 4 + index * 8));
    }
    at += 4 + length;
  }
  throw new ZipUnreadable('no ZIP64 field');
}

/**
 * Every file and folder the ZIP's central directory lists, in its order. A ZIP that lists more
 * than `maxEntries` is refused (ZipTooManyEntries) before any of them is read.
 */
export function listZipEntries(zip: Buffer, maxEntries: number): ZipEntry[] {
  if (zip.length < 22) throw new ZipUnreadable('too short');
  const { count, offset } = directoryOf(zip);
  if (count > maxEntries) throw new ZipTooManyEntries(count);
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index += 1) {
    if (u32(zip, at) !== DIRECTORY_ENTRY) throw new ZipUnreadable('bad directory entry');
    const flags = u16(zip, at + 8);
    const nameLength = u16(zip, at + 28);
    const extraLength = u16(zip, at + 30);
    const commentLength = u16(zip, at + 32);
    const nameStart = at + 46;
    const extraStart = nameStart + nameLength;
    if (extraStart + extraLength > zip.length) throw new ZipUnreadable('cut short');
    // Without the UTF-8 flag a name is in the old DOS code page; Latin-1 reads its ASCII alike.
    const name = zip.toString(
      flags & UTF8_NAME_FLAG ? 'utf8' : 'latin1',
      nameStart,
      nameStart + nameLength,
    );
    let size = u32(zip, at + 24);
    let compressedSize = u32(zip, at + 20);
    let headerOffset = u32(zip, at + 42);
    const large = [size, compressedSize, headerOffset].filter((value) => value === MAX_32).length;
    if (large > 0) {
      // In the ZIP64 field, in this order, only the values the entry marks.
      const values = zip64Values(zip, extraStart, extraStart + extraLength, large);
      if (size === MAX_32) size = values.shift()!;
      if (compressedSize === MAX_32) compressedSize = values.shift()!;
      if (headerOffset === MAX_32) headerOffset = values.shift()!;
    }
    entries.push({
      name,
      method: u16(zip, at + 10),
      compressedSize,
      size,
      crc32: u32(zip, at + 16),
      headerOffset,
    });
    at = extraStart + extraLength + commentLength;
  }
  return entries;
}

/**
 * The bytes of one file, unpacked in zlib's thread pool and never past its declared size: a file
 * that gives more is refused (ZipEntryLarger) as soon as it does. `maxBytes` bounds the declared
 * size too, so the caller's limit holds whatever the directory says.
 */
export async function readZipEntry(
  zip: Buffer,
  entry: ZipEntry,
  maxBytes: number,
): Promise<Buffer> {
  if (entry.size > maxBytes) throw new ZipEntryLarger(entry.name);
  if (u32(zip, entry.headerOffset) !== LOCAL_HEADER) throw new ZipUnreadable('bad local header');
  const dataStart =
    entry.headerOffset + 30 + u16(zip, entry.headerOffset + 26) + u16(zip, entry.headerOffset + 28);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > zip.length) throw new ZipUnreadable('cut short');
  const packed = zip.subarray(dataStart, dataEnd);
  let bytes: Buffer;
  if (entry.method === 0) {
    bytes = packed;
  } else if (entry.method === 8) {
    try {
      // In one job of zlib's thread pool, the event loop free meanwhile: one round trip however
      // busy the machine, where 16 KB pieces took one each. Its output is one byte more than
      // declared, so a file that holds more fills it and is stopped there.
      bytes = await inflate(packed, {
        maxOutputLength: Math.max(1, entry.size),
        chunkSize: Math.max(constants.Z_MIN_CHUNK, entry.size + 1),
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ZipEntryLarger(entry.name);
      }
      throw new ZipUnreadable('bad deflate data');
    }
  } else {
    throw new ZipUnreadable(`compression method ${entry.method}`);
  }
  if (bytes.length > entry.size) throw new ZipEntryLarger(entry.name);
  if (bytes.length < entry.size || crc32(bytes) !== entry.crc32) {
    throw new ZipUnreadable('damaged file');
  }
  return bytes;
}
