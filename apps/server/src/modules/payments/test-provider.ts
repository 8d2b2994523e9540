import { randomUUID } from 'node:crypto';
import type { CaptureResult } from '@proshop/domain/payment-verification';
import type { CreatePaymentInput, PaymentProvider } from './payment-provider.ts';

interface TestPayment {
  orderId: string;
  amountCents: number;
  currency: string;
  capture?: CaptureResult;
}

/**
 * Test mode (decisions.md): used when PayPal is not configured, so the whole flow works offline
 * and in tests. It takes no money; with NODE_ENV=production the configuration refuses it unless
 * ALLOW_TEST_PAYMENTS=1 (see config.ts).
 *
 * It behaves like PayPal where it matters for safety: the amount is the one the server gave when
 * it created the payment (the browser only ever names the payment, never an amount), a capture
 * is made once and repeating it answers the same capture id, and the result goes through the same
 * `verifyCapture` as a PayPal capture.
 *
 * Payments live in this process's memory: a restart forgets them (the order page then creates a
 * new one), and several server instances do not share them, so test mode is for one instance.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly kind = 'test';
  private readonly payments = new Map<string, TestPayment>();
  /** Our order id → its payment, so a repeated create answers the same payment as PayPal does. */
  private readonly byOrder = new Map<string, string>();

  async createPayment(input: CreatePaymentInput): Promise<{ providerOrderId: string }> {
    const existing = this.byOrder.get(input.orderId);
    if (existing) return { providerOrderId: existing };
    const providerOrderId = `TEST-${randomUUID()}`;
    this.payments.set(providerOrderId, {
      orderId: input.orderId,
      amountCents: input.amountCents,
      currency: input.currency,
    });
    this.byOrder.set(input.orderId, providerOrderId);
    return { providerOrderId };
  }

  async capturePayment(input: {
    providerOrderId: string;
    orderId: string;
  }): Promise<CaptureResult> {
    const payment = this.payments.get(input.providerOrderId);
    if (!payment) return { status: 'failed', reason: 'RESOURCE_NOT_FOUND' };
    if (payment.orderId !== input.orderId) return { status: 'failed', reason: 'ORDER_MISMATCH' };
    payment.capture ??= {
      status: 'completed',
      captureId: `TEST-CAPTURE-${randomUUID()}`,
      amountCents: payment.amountCents,
      currency: payment.currency,
    };
    return { ...payment.capture };
  }
}
