const scriptUnsafe: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON to place inside a `<script>` element: `<`, `>` and `&` written as \u escapes, so that
 * no product text (`</script>`, `<!--`) can end or change the element, and the two line
 * separators JavaScript once refused in strings escaped too. The JSON means the same.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => scriptUnsafe[char] ?? char);
}

/** An address on the shop: PUBLIC_URL and a path; a full address (S3, another site) as it is. */
export function absoluteUrl(publicUrl: string, address: string): string {
  if (/^https?:\/\//i.test(address)) return address;
  return `${publicUrl}${address.startsWith('/') ? '' : '/'}${address}`;
}
