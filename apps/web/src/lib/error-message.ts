import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ErrorResponse } from '@proshop/domain/error-schemas';

const UNREACHABLE = 'The shop cannot be reached right now. Check your connection and try again.';

// A hand check rather than the domain's schema keeps zod out of the first-load script.
function isErrorResponse(data: unknown): data is ErrorResponse {
  return (
    typeof data === 'object' &&
    data !== null &&
    'message' in data &&
    typeof data.message === 'string'
  );
}

/**
 * What a failed call shows the shopper: the answer's `message` when it has one, otherwise the
 * raw answer. A call that got no answer at all says so in plain words.
 */
export function errorMessage(error: FetchBaseQueryError | SerializedError): string {
  if (!('status' in error)) return error.message ?? 'Something went wrong.';
  if (isErrorResponse(error.data)) return error.data.message;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return UNREACHABLE;
  if (typeof error.data === 'string' && error.data.trim()) return error.data;
  if (error.data !== undefined && error.data !== null) return JSON.stringify(error.data);
  return 'error' in error ? error.error : `The request failed (status ${error.status}).`;
}
