import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useDispatch, useStore } from 'react-redux';
import { Message } from '../../components/Message.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { sessionToken } from '../../state/session-base-query.ts';
import { sessionEnded } from '../../state/session-slice.ts';
import { downloadOrdersCsv, saveFile, type ExportProgress } from './export-orders-csv.ts';

const count = (n: number) => n.toLocaleString('en');
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Export CSV: downloads the orders that match the list's filters (`search`), one line per order
 * line, showing the lines received against the total while the server streams them, then saves
 * the file. Cancel stops the download.
 */
export function OrderExportButton({ search, disabled }: { search: string; disabled: boolean }) {
  const store = useStore();
  const dispatch = useDispatch();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const running = useRef<AbortController | null>(null);

  // Leaving the screen stops a download in progress.
  useEffect(() => () => running.current?.abort(), []);

  async function start() {
    const controller = new AbortController();
    running.current = controller;
    setOutcome(null);
    setProgress({ lines: 0, bytes: 0, total: 0 });
    const token = sessionToken(store.getState());
    const result = await downloadOrdersCsv(search, token, setProgress, controller.signal);
    running.current = null;
    setProgress(null);
    if ('file' in result) {
      saveFile(result.file, result.fileName);
      const lines = `${count(result.lines)} ${result.lines === 1 ? 'line' : 'lines'}`;
      setOutcome({ ok: true, text: `Saved ${result.fileName} (${lines})` });
    } else if ('error' in result) {
      if (result.error.status === 401 && token && sessionToken(store.getState()) === token) {
        dispatch(sessionEnded());
      }
      setOutcome({ ok: false, text: errorMessage(result.error) });
    }
  }

  const percent = progress && progress.total > 0 ? (progress.lines / progress.total) * 100 : 0;
  return (
    <div className="mb-3">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button
          variant="outline-primary"
          size="sm"
          disabled={disabled || progress !== null}
          onClick={() => void start()}
        >
          Export CSV
        </Button>
        {progress && (
          <>
            <div
              className="progress flex-grow-1"
              style={{ minWidth: '8rem', maxWidth: '20rem' }}
              role="progressbar"
              aria-label="CSV export"
              aria-valuemin={0}
              aria-valuemax={progress.total}
              aria-valuenow={progress.lines}
            >
              <div className="progress-bar" style={{ width: `${percent}%` }} />
            </div>
            <span className="small" role="status">
              {count(progress.lines)} of {count(progress.total)} lines ({megabytes(progress.bytes)})
            </span>
            <Button variant="link" size="sm" onClick={() => running.current?.abort()}>
              Cancel
            </Button>
          </>
        )}
        {outcome?.ok && (
          <span className="small text-success" role="status">
            {outcome.text}
          </span>
        )}
      </div>
      {outcome && !outcome.ok && (
        <div className="mt-2">
          <Message variant="danger">{outcome.text}</Message>
        </div>
      )}
    </div>
  );
}
