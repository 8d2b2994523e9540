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

/** A part of `multipartForm`: a text field, or a file. */
export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body of several parts, as a browser's FormData sends it. */
export function multipartForm(parts: readonly FormPart[]) {
  const boundary = `----proshop${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) => {
    const head =
      'value' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType}\r\n\r\n`;
    const body = 'value' in part ? Buffer.from(part.value) : part.data;
    return [Buffer.from(head), body, Buffer.from('\r\n')];
  });
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
