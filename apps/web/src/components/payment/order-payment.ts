import type { StartPaymentResponse } from '@proshop/domain/order-schemas';

/**
 * What a way of paying (PayPal's buttons, test mode) asks of the screen it is on: the order
 * page pays an order placed earlier (features/orders/use-order-payment.ts); the place-order
 * step places the order first (issue #37).
 */
export interface OrderPayment {
  /**
   * Asks the server to create the provider's payment for the order's amount: its id, and for
   * Stripe the client secret Stripe.js confirms it with.
   */
  create(): Promise<StartPaymentResponse>;
  /** Asks the server to capture and verify the approved payment; the order is then paid. */
  capture(providerOrderId: string): Promise<void>;
  /** True while the server captures. */
  capturing: boolean;
  /** The last refusal, in the shopper's words; cleared when a new attempt starts. */
  error: string | null;
  setError(update: (current: string | null) => string | null): void;
  /**
   * True on the place-order step, where starting the payment places the order: a card form
   * waits for the shopper's word before it starts.
   */
  placesOrder: boolean;
  /**
   * The page a payment that leaves this one (a bank's own 3-D Secure page) comes back to: the
   * order's page, which finishes it. Known once the payment has started.
   */
  returnPath(): string;
}
