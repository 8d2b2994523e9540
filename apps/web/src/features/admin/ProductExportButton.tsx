import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useStore } from 'react-redux';
import { errorMessage } from '../../lib/error-message.ts';
import { sessionToken } from '../../state/session-base-query.ts';
import { saveFile } from './export-orders-csv.ts';

/** GET /api/products/export.csv with the session's token, as bytes (its BOM kept for Excel). */
async function downloadProductsCsv(
  token: string | undefined,
): Promise<{ file: Blob; fileName: string } | { error: FetchBaseQueryError }> {
  try {
    const response = await fetch('/api/products/export.csv', {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) {
      const text = await response.text();
      let data: unknown = text;
      try {
        data = JSON.parse(text);
      } catch {
        // Not JSON: the text is the error.
      }
      return { error: { status: response.status, data } };
    }
    const disposition = response.headers.get('content-disposition') ?? '';
    return {
      file: await response.blob(),
      fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'products.csv',
    };
  } catch {
    return { error: { status: 'FETCH_ERROR', error: 'The download did not finish' } };
  }
}

/**
 * Export CSV: every product, one line per variant, in the columns Import CSV reads, saved as a
 * file (a catalogue is small next to the orders: no progress to show).
 */
export function ProductExportButton({ onError }: { onError: (message: string | null) => void }) {
  const store = useStore();
  const [busy, setBusy] = useState(false);

  async function exportCsv() {
    setBusy(true);
    onError(null);
    const result = await downloadProductsCsv(sessionToken(store.getState()));
    setBusy(false);
    if ('file' in result) saveFile(result.file, result.fileName);
    else onError(errorMessage(result.error));
  }

  return (
    <Button variant="outline-primary" disabled={busy} onClick={() => void exportCsv()}>
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
