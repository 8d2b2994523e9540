import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import type { TextSink } from './export-shop.ts';
import { TransferError } from './transfer-error.ts';

/**
 * Writes an export to `path`, gzip-compressed when the name ends in `.gz`. The text goes to
 * `<path>.partial` first and takes its name only when complete, so a failed export leaves no
 * file that looks finished; an existing file is never overwritten.
 */
export async function writeExportFile<T>(
  path: string,
  produce: (sink: TextSink) => Promise<T>,
): Promise<T> {
  if (existsSync(path)) {
    throw new TransferError(`${path} already exists; choose another file name or remove it first.`);
  }
  const partial = `${path}.partial`;
  const file = createWriteStream(partial);
  const gzip = path.endsWith('.gz') ? createGzip() : undefined;
  const head: Writable = gzip ?? file;
  const done = gzip ? pipeline(gzip, file) : finished(file);
  // Awaited below; this only keeps an early failure from counting as unhandled meanwhile.
  done.catch(() => {});
  const closedEarly = done.then(() => {
    throw new Error(`${partial} was closed before the export finished`);
  });
  closedEarly.catch(() => {});
  const sink: TextSink = {
    async write(text) {
      if (!head.write(text)) await Promise.race([once(head, 'drain'), closedEarly]);
    },
  };
  try {
    const result = await produce(sink);
    head.end();
    await done;
    renameSync(partial, path);
    return result;
  } catch (error) {
    head.destroy();
    await done.catch(() => {});
    rmSync(partial, { force: true });
    throw error;
  }
}

async function isGzip(path: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new TransferError(`There is no file ${path}.`);
    }
    throw error;
  }
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/**
 * The lines of an export file, gzip-compressed or not (recognised by its first bytes, whatever
 * its name). A compressed file that is cut short or altered fails gzip's own checks.
 */
export async function* readExportLines(path: string): AsyncGenerator<string> {
  const compressed = await isGzip(path);
  const file = createReadStream(path);
  const input: Readable = compressed ? file.pipe(createGunzip()) : file;
  if (compressed) file.on('error', (error) => input.destroy(error));
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of input) {
      const lines = (rest + decoder.write(chunk as Buffer)).split('\n');
      rest = lines.pop()!;
      yield* lines;
    }
  } catch (error) {
    throw new TransferError(
      `The export file ${path} is damaged or incomplete (${(error as Error).message}). Export the shop again.`,
    );
  } finally {
    input.destroy();
    file.destroy();
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}
