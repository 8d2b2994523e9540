import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessage } from '../../lib/error-message.ts';

/** When the payment provider fails in the browser without saying why. */
export const PAYMENT_FAILED = 'The payment could not be completed. Please try again.';

/**
 * A payment step the server refused (declined, out of stock, already paid ...). The message is
 * the server's, in the shopper's words; it is thrown on so PayPal's buttons reset themselves.
 */
export class PaymentRefused extends Error {
  override name = 'PaymentRefused';
}

function isApiError(error: unknown): error is FetchBaseQueryError | SerializedError {
  return typeof error === 'object' && error !== null && ('status' in error || 'message' in error);
}

/** What the shopper reads about a failed payment call. */
export function paymentFailureMessage(error: unknown): string {
  return isApiError(error) ? errorMessage(error) : PAYMENT_FAILED;
}
