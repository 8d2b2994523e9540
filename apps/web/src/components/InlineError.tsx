import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { errorMessage } from '../lib/error-message.ts';
import { Message } from './Message.tsx';

/** A failed call's message under the small form or button that made it. */
export function InlineError({
  error,
}: {
  error: FetchBaseQueryError | SerializedError | undefined;
}) {
  if (!error) return null;
  return (
    <div className="mt-2 small">
      <Message variant="danger">{errorMessage(error)}</Message>
    </div>
  );
}
