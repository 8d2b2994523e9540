import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentTypeOf, IMAGE_NAME, type ImageStorage, type StoredImage } from './image-storage.ts';

/** Images in DATA_DIR/uploads: the default, right for one server instance. */
export class LocalImageStorage implements ImageStorage {
  readonly kind = 'local';

  constructor(readonly folder: string) {}

  async put(name: string, bytes: Buffer): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    await writeFile(join(this.folder, name), bytes, { flag: 'wx' });
  }

  async get(name: string): Promise<StoredImage | undefined> {
    if (!IMAGE_NAME.test(name)) return undefined;
    const path = join(this.folder, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return {
      body: createReadStream(path),
      contentType: contentTypeOf(name),
      contentLength: info.size,
    };
  }

  async delete(name: string): Promise<void> {
    if (!IMAGE_NAME.test(name)) return;
    await rm(join(this.folder, name), { force: true });
  }

  async list(): Promise<string[]> {
    const names = await readdir(this.folder).catch(() => []);
    return names.filter((name) => IMAGE_NAME.test(name));
  }

  publicUrl(name: string): string {
    return `/uploads/${name}`;
  }

  async close(): Promise<void> {}
}
