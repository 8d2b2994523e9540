/**
 * A multipart/form-data body with one file part, built by hand to control every byte: the
 * upload tests send names, fields and content types a browser never would.
 */
export function multipart(
  file: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
) {
  const boundary = `----proshop${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? 'image'}"; filename="${options.filename ?? 'photo.png'}"\r\n` +
    `Content-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
