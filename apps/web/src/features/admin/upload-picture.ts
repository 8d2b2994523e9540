import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** What an upload came to: the stored picture's address, or the error as the API client has it. */
export type UploadOutcome = { image: string } | { error: FetchBaseQueryError };

/**
 * Sends one picture to POST /api/upload (field `image`), as the API client's upload call does,
 * with the session's token. XMLHttpRequest rather than fetch: it reports how much of the file
 * has gone (`onProgress`, 0 to 1), which fetch cannot yet in every browser.
 */
export function uploadPicture(
  file: File,
  token: string | undefined,
  onProgress: (fraction: number) => void,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const data = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        const image = (data as { image?: unknown } | undefined)?.image;
        if (typeof image === 'string') return resolve({ image });
      }
      resolve({ error: { status: request.status, data: data ?? request.responseText } });
    });
    const unreachable = () =>
      resolve({ error: { status: 'FETCH_ERROR', error: 'The upload did not reach the shop' } });
    request.addEventListener('error', unreachable);
    request.addEventListener('timeout', unreachable);
    const body = new FormData();
    body.append('image', file);
    request.send(body);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
