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
