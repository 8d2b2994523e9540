import type { Shape } from './stored-shape.ts';

/**
 * Reads a JSON value saved by an earlier visit. Anything that is not valid JSON of the expected
 * shape (an older version, a hand edit) is removed and undefined returned: it must never crash
 * the shop. Storage that the browser refuses (privacy mode) reads as empty.
 */
export function readStored<Output>(key: string, shape: Shape<Output>): Output | undefined {
  try {
    const text = localStorage.getItem(key);
    if (text === null) return undefined;
    const value = shape(JSON.parse(text));
    if (value !== undefined) return value;
  } catch {
    // Not JSON, or storage unavailable: fall through and discard.
  }
  removeStored(key);
  return undefined;
}

/** Saves a value as JSON; when the browser refuses (quota, privacy mode) it lives in memory only. */
export function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // The value stays in the store for this visit.
  }
}

export function removeStored(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored that could be read back.
  }
}
