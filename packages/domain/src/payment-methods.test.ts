import { describe, expect, it } from 'vitest';
import { offeredMethods, providerForMethod } from './payment-methods.ts';

describe('payment methods and the providers that take them', () => {
  it('offers each configured provider: PayPal takes cards too unless Stripe does', () => {
    expect(offeredMethods(['test'])).toEqual(['PayPal', 'Credit Card']);
    expect(offeredMethods(['paypal'])).toEqual(['PayPal', 'Credit Card']);
    expect(offeredMethods(['stripe'])).toEqual(['Credit Card']);
    expect(offeredMethods(['paypal', 'stripe'])).toEqual(['PayPal', 'Credit Card']);
  });

  it('sends a card to Stripe when it is configured, everything else to PayPal', () => {
    expect(providerForMethod('Credit Card', ['paypal', 'stripe'])).toBe('stripe');
    expect(providerForMethod('PayPal', ['paypal', 'stripe'])).toBe('paypal');
    expect(providerForMethod('Credit Card', ['paypal'])).toBe('paypal');
    expect(providerForMethod('Credit Card', ['stripe'])).toBe('stripe');
    // A PayPal order left from before PayPal was switched off is still payable by card.
    expect(providerForMethod('PayPal', ['stripe'])).toBe('stripe');
    expect(providerForMethod('PayPal', ['test'])).toBe('test');
  });
});
