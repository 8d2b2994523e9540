import { createHash } from 'node:crypto';

/** A weak ETag of a body: equal bodies give equal tags on every instance. */
export function weakEtag(body: Buffer | string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when the If-None-Match header (one tag, a list, or `*`) names the current tag. */
export function ifNoneMatchHolds(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const given = tag.trim();
    // Weak comparison (RFC 9110 8.8.3.2): W/"x" and "x" name the same body.
    return given === '*' || given === etag || `W/${given}` === etag;
  });
}
