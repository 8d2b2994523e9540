import type { PaymentProvider } from '../../src/modules/payment-providers/payment-provider.ts';

/**
 * A payment provider that hands every call to another (the test provider or the PayPal client
 * against its stand-in). A test extends it and overrides the one call it scripts, counts or
 * breaks, so that each test's provider says only what it does differently.
 */
export class PassThroughProvider implements PaymentProvider {
  constructor(readonly inner: PaymentProvider) {}

  get kind() {
    return this.inner.kind;
  }

  get captureTimeLimitMs() {
    return this.inner.captureTimeLimitMs;
  }

  createPayment(input: Parameters<PaymentProvider['createPayment']>[0]) {
    return this.inner.createPayment(input);
  }

  capturePayment(input: Parameters<PaymentProvider['capturePayment']>[0]) {
    return this.inner.capturePayment(input);
  }

  findCapture(input: Parameters<PaymentProvider['findCapture']>[0]) {
    return this.inner.findCapture(input);
  }

  refundCapture(input: Parameters<PaymentProvider['refundCapture']>[0]) {
    return this.inner.refundCapture(input);
  }

  findRefund(refundId: string) {
    return this.inner.findRefund(refundId);
  }

  verifyWebhook(input: Parameters<PaymentProvider['verifyWebhook']>[0]) {
    return this.inner.verifyWebhook(input);
  }
}
