/**
 * The shop's rule for "this order is paid" (decisions.md, Payment and stock): the provider's
 * capture is COMPLETED, for exactly the order's amount and currency, and its capture id was never
 * used before. Whatever the browser says about a payment is never an input here: the capture
 * comes from the server's own call to the provider.
 */

/** What a payment provider answers when the server captures a payment. */
export type CaptureResult =
  | {
      status: 'completed';
      captureId: string;
      amountCents: number;
      /** ISO 4217 code as the provider wrote it, e.g. "USD". */
      currency: string;
      payerEmail?: string;
    }
  /** The funding source was refused (e.g. INSTRUMENT_DECLINED): the buyer may pick another. */
  | { status: 'declined'; reason: string }
  /** Money not yet taken (e.g. an e-check); not paid until the provider completes it. */
  | { status: 'pending' }
  | { status: 'failed'; reason: string };

export type CaptureVerdict =
  | { paid: true; captureId: string }
  | {
      paid: false;
      reason:
        'declined' | 'pending' | 'failed' | 'wrong-amount' | 'wrong-currency' | 'capture-reused';
    };

export interface AmountDue {
  amountCents: number;
  currency: string;
}

/**
 * Decides whether a capture pays an order. `isCaptureIdUsed` is whether the capture's id is
 * already recorded for any order (the caller looks it up; a unique index on the stored capture id
 * must still guard against two requests racing past the lookup).
 */
export function verifyCapture(
  order: AmountDue,
  capture: CaptureResult,
  isCaptureIdUsed: boolean,
): CaptureVerdict {
  if (capture.status !== 'completed') return { paid: false, reason: capture.status };
  if (capture.captureId === '') return { paid: false, reason: 'failed' };
  // Integer cents on both sides: a fractional or non-finite amount can never match.
  if (
    !Number.isSafeInteger(capture.amountCents) ||
    !Number.isSafeInteger(order.amountCents) ||
    capture.amountCents !== order.amountCents
  ) {
    return { paid: false, reason: 'wrong-amount' };
  }
  if (capture.currency !== order.currency) return { paid: false, reason: 'wrong-currency' };
  if (isCaptureIdUsed) return { paid: false, reason: 'capture-reused' };
  return { paid: true, captureId: capture.captureId };
}
