import type { ProviderKind } from '@proshop/domain/payment-methods';
import type { CaptureResult } from '@proshop/domain/payment-verification';
import { unavailable, type AppError } from '../../errors/app-error.ts';

/**
 * What the orders service needs from a payment provider: create a payment for the amount the
 * server computed, then capture it once the buyer approved it. Whether a capture pays the order
 * is decided by `verifyCapture` (packages/domain/src/payment-verification.ts) for every provider,
 * the test provider included.
 */
export interface PaymentProvider {
  readonly kind: ProviderKind;
  /**
   * The longest a capturePayment call can take before it answers or throws: a capture attempt is
   * leased for longer than this (orders/capture-claims.ts).
   */
  readonly captureTimeLimitMs: number;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Takes the money. `providerOrderId` must be the one stored with the order when the payment
   * was created, never one the browser sends. Throws AppError('unavailable') when the provider
   * does not answer; a capture that happened but cannot be read is a `failed` result. `amountCents`
   * and `currency` are the order's: a provider that can look before it captures (Stripe's
   * authorised intents) refuses another amount without taking it.
   */
  capturePayment(input: CaptureInput): Promise<CaptureResult>;
  /**
   * Lets go of a payment that will not be captured (refused for stock or a used-up code, or its
   * order cancelled unpaid): Stripe cancels the authorised intent, so the hold on the buyer's
   * card goes at once instead of lapsing days later. Best effort, never throws. Absent for
   * providers whose unapproved payments simply expire (PayPal, test mode).
   */
  releasePayment?(input: { providerOrderId: string; orderId: string }): Promise<void>;
  /**
   * Asks, without capturing, what became of a payment whose capture got no answer (a crash, a
   * timeout): its capture, or undefined when the provider holds none. Throws
   * AppError('unavailable') when the provider does not answer.
   */
  /**
   * Gives back part or all of a capture. Throws AppError('unavailable') when the provider does
   * not answer: the refund may or may not have been made, so it is sent again with the same
   * `requestId`.
   */
  refundCapture(input: RefundInput): Promise<RefundResult>;
  /** Follows up a pending refund. Throws AppError('unavailable') when the provider does not answer. */
  findRefund(refundId: string): Promise<RefundResult>;
  /**
   * Whether a webhook event really comes from the provider for this webhook: PayPal checks the
   * transmission headers' signature (POST /v1/notifications/verify-webhook-signature). False
   * when it does not; throws AppError('invalid') without asking when the headers cannot be the
   * provider's (webhook-checks.ts), AppError('unavailable') when the provider does not answer.
   */
  verifyWebhook(input: WebhookInput): Promise<boolean>;
  findCapture(input: {
    providerOrderId: string;
    orderId: string;
  }): Promise<CaptureResult | undefined>;
}

/** What the provider says of a refund: under way or done, or refused for good. */
export type RefundResult =
  | { status: 'completed' | 'pending'; refundId: string }
  | { status: 'failed'; reason: string; refundId?: string };

export interface RefundInput {
  /** The capture the order was paid with. */
  captureId: string;
  amountCents: number;
  currency: string;
  /**
   * Stored with the refund before the call: the provider answers a repeated request with the
   * first one's refund instead of refunding again (PayPal-Request-Id).
   */
  requestId: string;
  /** Our order id, for the provider's records. */
  orderId: string;
}

export interface WebhookInput {
  /** The request's headers, lower-case names (paypal-transmission-id and the others). */
  headers: Record<string, string | string[] | undefined>;
  /** The event as it arrived. */
  event: unknown;
  webhookId: string;
}

export interface CaptureInput {
  providerOrderId: string;
  orderId: string;
  amountCents: number;
  currency: string;
}

export interface CreatedPayment {
  providerOrderId: string;
  /**
   * What the browser confirms the payment with (Stripe's PaymentIntent client secret); absent
   * for PayPal, whose buttons take the order id.
   */
  clientSecret?: string;
}

export interface CreatePaymentInput {
  /**
   * The payment the order was given before, for a retry: a provider may reuse it while it can
   * still be paid (Stripe's intent), or derive the new one's idempotency key from it.
   */
  previousProviderOrderId?: string;
  /** Our order id: PayPal keeps it as custom_id and it makes the create call idempotent. */
  orderId: string;
  amountCents: number;
  currency: string;
  /**
   * What the amount is made of; PayPal shows it to the buyer and checks that it adds up:
   * items + shipping + tax − discount (the discount code's, taken off the items; 0 or absent
   * without one).
   */
  breakdown?: {
    itemsCents: number;
    shippingCents: number;
    taxCents: number;
    discountCents?: number;
  };
  /** The order's lines for PayPal's review page; PayPal requires `breakdown` with them. */
  items?: PaymentItem[];
}

export interface PaymentItem {
  name: string;
  quantity: number;
  unitAmountCents: number;
  sku?: string;
}

/** Where providers report what the shopper must not see (status codes, PayPal debug ids). */
export interface PaymentLog {
  warn(details: object, message: string): void;
}

export const PROVIDER_UNAVAILABLE_MESSAGE =
  'The payment provider is not answering. Please try again in a moment.';

/** 503 for the shopper; the cause stays on the error for the logs only. */
export function providerUnavailable(cause?: unknown): AppError {
  const error = unavailable(PROVIDER_UNAVAILABLE_MESSAGE);
  if (cause !== undefined) error.cause = cause;
  return error;
}

/**
 * The provider answered in a way that means our request was wrong (e.g. AMOUNT_MISMATCH on
 * create): a bug on our side, so it reaches the error handler as a logged 500, not a 503.
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';

  constructor(
    message: string,
    readonly details: { status?: number; issue?: string; debugId?: string } = {},
  ) {
    super(message);
  }
}
