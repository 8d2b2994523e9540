import { providerForMethod, type ProviderKind } from '@proshop/domain/payment-methods';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * The configured payment providers (PayPal, Stripe, or the test provider alone), and which one
 * an order goes through: the one that took its payment, else its method's (decision 0046).
 */
export class PaymentProviders {
  readonly kinds: ProviderKind[];
  /**
   * The longest any provider's capture may take: a capture attempt is leased for longer than
   * this (orders/capture-claims.ts), whichever provider it goes through.
   */
  readonly captureTimeLimitMs: number;
  private readonly byKind = new Map<ProviderKind, PaymentProvider>();

  constructor(providers: readonly PaymentProvider[]) {
    if (providers.length === 0) throw new Error('At least one payment provider is needed');
    for (const provider of providers) this.byKind.set(provider.kind, provider);
    this.kinds = [...this.byKind.keys()];
    this.captureTimeLimitMs = Math.max(...providers.map((p) => p.captureTimeLimitMs));
  }

  /** The provider of this kind, if the shop has it. */
  find(kind: string | null | undefined): PaymentProvider | undefined {
    return kind ? this.byKind.get(kind as ProviderKind) : undefined;
  }

  /** The provider that takes a payment by this method now. */
  forMethod(method: string): PaymentProvider {
    return this.byKind.get(providerForMethod(method, this.kinds)) ?? this.first();
  }

  /**
   * The provider of an order's payment: the one that created it (its id means something only
   * there), else the one its method goes through now.
   */
  forOrder(order: { paymentProvider: string | null; paymentMethod: string }): PaymentProvider {
    return this.find(order.paymentProvider) ?? this.forMethod(order.paymentMethod);
  }

  private first(): PaymentProvider {
    return this.byKind.values().next().value as PaymentProvider;
  }
}
