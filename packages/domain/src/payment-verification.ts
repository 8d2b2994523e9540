/**
 * The shop's rule for "this order is paid" (docs/decisions/0005-payment-provider.md): the
 * provider's capture is COMPLETED, for exactly the order's amount and currency, and its capture id
 * was never used before. The last part is the database's to decide (the server records the capture
 * id with a conditional update under a unique index); this function decides the rest. Whatever the
 * browser says about a payment is never an input here: the capture comes from the server's own call
 * to the provider.
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
      reason: 'declined' | 'pending' | 'failed' | 'wrong-amount' | 'wrong-currency';
    };

export interface AmountDue {
  amountCents: number;
  currency: string;
}

/**
 * Decides whether a capture can pay an order. A capture it accepts pays the order only if its id
 * is not recorded for an order yet, which the caller's database write must check.
 */
export function verifyCapture(order: AmountDue, capture: CaptureResult): CaptureVerdict {
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
  return { paid: true, captureId: capture.captureId };
}
