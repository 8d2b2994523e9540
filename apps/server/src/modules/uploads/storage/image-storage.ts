import type { Readable } from 'node:stream';

/** An image as the storage hands it back, ready to stream to a shopper. */
export interface StoredImage {
  body: Readable;
  contentType: string;
  contentLength?: number;
}

/**
 * Where uploaded images live: a folder of this machine (one instance) or an S3-compatible store
 * that every instance shares. Names are chosen by the shop (a UUID and an extension), never by
 * the uploader.
 */
export interface ImageStorage {
  readonly kind: 'local' | 's3';
  /** Stores a new image; refuses to overwrite one with the same name. */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored image, or undefined when there is none by that name. */
  get(name: string): Promise<StoredImage | undefined>;
  /**
   * Removes a stored image; a name with nothing stored under it is no error, so a removal
   * that failed half-way can be made again.
   */
  delete(name: string): Promise<void>;
  /** The names of every stored image (for moving a shop to another storage). */
  list(): Promise<string[]>;
  /** The address pages load the image from: `/uploads/<name>` or the store's public address. */
  publicUrl(name: string): string;
  close(): Promise<void>;
}

/** Names the shop gives images; anything else is not looked up at all. */
export const IMAGE_NAME = /^[\w-]{1,100}\.(webp|png|jpe?g|gif)$/;

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
}
