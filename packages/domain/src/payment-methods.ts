// Apart from the order schemas so that the web app's cart state, which is in the first load,
// takes the default without pulling in zod.

/** The payment methods of the payment step; PayPal is chosen unless the shopper picks another. */
export const PAYMENT_METHODS = ['PayPal', 'Credit Card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'PayPal';

/** A stored choice may come from an older visit; only the shop's own methods count. */
export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

/**
 * Who takes the money: PayPal (its wallet, and cards through PayPal), Stripe (cards), or the
 * built-in test provider when neither has credentials (test mode, no money taken).
 */
export const PROVIDER_KINDS = ['paypal', 'stripe', 'test'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** The provider's name as the shopper and the shop read it (order page, alerts, timeline). */
export const PROVIDER_NAMES: Record<ProviderKind, string> = {
  paypal: 'PayPal',
  stripe: 'Stripe',
  test: 'the test provider',
};

/**
 * The methods the payment step offers with these providers configured (decision 0046): PayPal's
 * wallet needs PayPal; a card is taken by Stripe, or by PayPal's card fields without Stripe.
 * Test mode offers both, as the spec's shop does.
 */
export function offeredMethods(providers: readonly ProviderKind[]): PaymentMethod[] {
  return PAYMENT_METHODS.filter(
    (method) =>
      providers.includes('test') || method === 'Credit Card' || providers.includes('paypal'),
  );
}

/**
 * The provider that takes an order's payment: its method's, the first configured one when the
 * method is not offered any more (a shop that turned PayPal off still lets old orders be paid).
 */
export function providerForMethod(
  method: string,
  providers: readonly ProviderKind[],
): ProviderKind {
  if (providers.includes('test')) return 'test';
  if (method === 'Credit Card' && providers.includes('stripe')) return 'stripe';
  if (providers.includes('paypal')) return 'paypal';
  return providers[0] ?? 'test';
}
