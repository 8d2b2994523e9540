import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { CaptureResult } from '@proshop/domain/payment-verification';
import type {
  CreatePaymentInput,
  PaymentProvider,
  RefundInput,
  RefundResult,
  WebhookInput,
} from './payment-provider.ts';

const PAYMENT_PREFIX = 'TEST-';
const CAPTURE_PREFIX = 'TEST-CAPTURE-';
const REFUND_PREFIX = 'TEST-REFUND-';
/** `TEST-<order id>.<amount in cents>.<currency>.<signature>`; the order id is a UUID. */
const PAYMENT_ID = /^TEST-([0-9a-f-]{36})\.(\d{1,15})\.([A-Z]{3})\.([\w-]{43})$/;

/**
 * Test mode (docs/decisions/0005-payment-provider.md): used when PayPal is not configured, so
 * the whole flow works offline and in tests. It takes no money; with NODE_ENV=production the
 * configuration refuses it unless ALLOW_TEST_PAYMENTS=1 (see config.ts).
 *
 * It behaves like PayPal where it matters for safety: the amount is the one the server gave when
 * it created the payment (the browser only ever names the payment, never an amount), a capture
 * is made once and repeating it answers the same capture id, and the result goes through the same
 * `verifyCapture` as a PayPal capture.
 *
 * It keeps nothing: a payment id carries the order id, amount and currency, signed with a key
 * derived from the shop's token secret, and the capture id is derived from the payment id. So
 * any instance sharing that secret captures a payment another instance created, a restart
 * forgets nothing, an id cannot be made up or altered without the secret, and a replayed capture
 * answers the same capture id, which the shop then refuses as already used.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly kind = 'test';
  /** Nothing leaves the process. */
  readonly captureTimeLimitMs = 0;
  private readonly key: Buffer;

  /** `secret`: the token secret (JWT_SECRET) every instance of the shop shares. */
  constructor(secret: string) {
    // A key of its own, so a payment signature can never stand in for a token signature.
    this.key = Buffer.from(hkdfSync('sha256', secret, '', 'proshop test payments', 32));
  }

  async createPayment(input: CreatePaymentInput): Promise<{ providerOrderId: string }> {
    const body = `${input.orderId}.${input.amountCents}.${input.currency}`;
    return { providerOrderId: `${PAYMENT_PREFIX}${body}.${this.sign(body)}` };
  }

  async capturePayment(input: {
    providerOrderId: string;
    orderId: string;
  }): Promise<CaptureResult> {
    const payment = this.read(input.providerOrderId);
    if (!payment) return { status: 'failed', reason: 'RESOURCE_NOT_FOUND' };
    if (payment.orderId !== input.orderId) return { status: 'failed', reason: 'ORDER_MISMATCH' };
    return {
      status: 'completed',
      captureId: `${CAPTURE_PREFIX}${this.sign(`capture:${input.providerOrderId}`)}`,
      amountCents: payment.amountCents,
      currency: payment.currency,
    };
  }

  /**
   * The test provider keeps nothing, so it cannot know whether a capture was asked for; its
   * captures never fail, so a payment of ours counts as captured (the order in doubt ends paid).
   */
  async findCapture(input: {
    providerOrderId: string;
    orderId: string;
  }): Promise<CaptureResult | undefined> {
    const capture = await this.capturePayment(input);
    return capture.status === 'completed' ? capture : undefined;
  }

  /** Refunds nothing; a repeated request (same request id) answers the same refund id. */
  async refundCapture(input: RefundInput): Promise<RefundResult> {
    if (!input.captureId.startsWith(CAPTURE_PREFIX)) {
      return { status: 'failed', reason: 'RESOURCE_NOT_FOUND' };
    }
    return {
      status: 'completed',
      refundId: `${REFUND_PREFIX}${this.sign(`refund:${input.requestId}`)}`,
    };
  }

  async findRefund(refundId: string): Promise<RefundResult> {
    return refundId.startsWith(REFUND_PREFIX)
      ? { status: 'completed', refundId }
      : { status: 'failed', reason: 'RESOURCE_NOT_FOUND' };
  }

  /** Test mode has no webhooks: nothing claims to come from it. */
  async verifyWebhook(_input: WebhookInput): Promise<boolean> {
    return false;
  }

  /** The payment a signed id describes, or undefined when this shop did not make it. */
  private read(providerOrderId: string) {
    const [, orderId, amount, currency, signature] = PAYMENT_ID.exec(providerOrderId) ?? [];
    if (!orderId || !amount || !currency || !signature) return undefined;
    const expected = Buffer.from(this.sign(`${orderId}.${amount}.${currency}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { orderId, amountCents: Number(amount), currency };
  }

  private sign(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }
}
