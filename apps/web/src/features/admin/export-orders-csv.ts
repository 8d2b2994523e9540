import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** How far a download has come: CSV lines and bytes received, and the lines the server announced. */
export interface ExportProgress {
  lines: number;
  bytes: number;
  total: number;
}

export type ExportOutcome =
  | { file: Blob; fileName: string; lines: number }
  | { error: FetchBaseQueryError }
  | { cancelled: true };

const NEWLINE = 0x0a;
/** Progress is reported at most this often: a large file comes in thousands of chunks. */
const PROGRESS_EVERY_MS = 100;

/** The file name of `Content-Disposition: attachment; filename="…"`. */
function fileNameOf(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'orders.csv';
}

async function errorOf(response: Response): Promise<FetchBaseQueryError> {
  const body = await response.text();
  try {
    return { status: response.status, data: JSON.parse(body) as unknown };
  } catch {
    return { status: response.status, data: body };
  }
}

/**
 * Downloads GET /api/orders/export.csv with these filters (`search`, e.g. `?status=paid`) and
 * the session's token, reading the stream as it comes so that `onProgress` can show lines and
 * bytes against the total of its X-Total-Count header. A line break inside a quoted cell would
 * count as a line; the count is capped at the total, and the file is right either way.
 */
export async function downloadOrdersCsv(
  search: string,
  token: string | undefined,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<ExportOutcome> {
  try {
    const response = await fetch(`/api/orders/export.csv${search}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal,
    });
    if (!response.ok || !response.body) return { error: await errorOf(response) };
    const total = Number(response.headers.get('x-total-count')) || 0;
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    let newlines = 0;
    let reportedAt = 0;
    const progress = () => ({ lines: Math.min(total, Math.max(0, newlines - 1)), bytes, total });
    onProgress(progress());
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      for (const byte of value) if (byte === NEWLINE) newlines++;
      if (performance.now() - reportedAt >= PROGRESS_EVERY_MS) {
        reportedAt = performance.now();
        onProgress(progress());
      }
    }
    onProgress(progress());
    return {
      file: new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }),
      fileName: fileNameOf(response.headers.get('content-disposition')),
      lines: progress().lines,
    };
  } catch (error) {
    if (signal.aborted) return { cancelled: true };
    return {
      error: {
        status: 'FETCH_ERROR',
        error: error instanceof Error ? error.message : 'The download did not finish',
      },
    };
  }
}

/** Hands a file to the browser's downloads, as a link with `download` does. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the file after the click returns; a minute is plenty, then it is freed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
