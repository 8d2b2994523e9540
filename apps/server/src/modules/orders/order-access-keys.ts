import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The key of a guest's order link, /order/{id}?key={key} (issue #37): 256 random bits in
 * base64url, shown once (the answer that places the order, and its receipt) and stored only as
 * its SHA-256. A key long enough not to be guessed needs no slow hash: it is no password.
 */
export function newAccessKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: hashOf(key) };
}

const hashOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * Whether `key` is the one whose hash the order keeps, compared in constant time (the hashes
 * are, whatever the key's length). A key is case-sensitive: an upper-cased one opens nothing.
 */
export function keyOpens(key: string | undefined, hash: string | null): boolean {
  if (key === undefined || key === '' || hash === null) return false;
  const sent = Buffer.from(hashOf(key), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return sent.length === kept.length && timingSafeEqual(sent, kept);
}
