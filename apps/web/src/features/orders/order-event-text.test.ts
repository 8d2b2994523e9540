import type { OrderEvent } from '@proshop/domain/order-event-schemas';
import { describe, expect, it } from 'vitest';
import { actorText, eventText } from './order-event-text.ts';

const event = (kind: OrderEvent['kind'], details: OrderEvent['details'] = {}): OrderEvent => ({
  _id: 'e1',
  kind,
  actor: 'shop',
  actorId: null,
  actorName: null,
  details,
  createdAt: '2026-11-24T10:00:00.000Z',
});

describe('the timeline line of an event', () => {
  it('says what was sent with, as far as the admin said', () => {
    expect(eventText(event('sent', { carrier: 'DHL', trackingNumber: 'JD01' }))).toBe(
      'Marked as sent with DHL, tracking number JD01',
    );
    expect(eventText(event('sent', { carrier: null, trackingNumber: null }))).toBe(
      'Marked as sent',
    );
  });

  it('gives amounts in their currency, and why a payment failed or a refund was made', () => {
    expect(eventText(event('paid', { amount: 54.6, currency: 'EUR' }))).toBe('Paid €54.60');
    expect(eventText(event('payment-failed', { reason: 'declined' }))).toBe(
      'Payment failed: the payment was declined',
    );
    expect(
      eventText(
        event('refund', { amount: 5, currency: 'USD', status: 'completed', reason: 'Dented' }),
      ),
    ).toBe('Refund of $5.00 completed: Dented');
    expect(eventText(event('email', { subject: 'ProShop: receipt' }))).toBe(
      'E-mail sent: ProShop: receipt',
    );
  });

  it("names the provider of a payment problem: PayPal's before Stripe came, and disputes", () => {
    expect(eventText(event('payment-problem', { problem: 'reversed' }))).toBe(
      'Payment problem: PayPal reversed the payment',
    );
    expect(eventText(event('payment-problem', { problem: 'reversed', provider: 'stripe' }))).toBe(
      'Payment problem: Stripe reversed the payment',
    );
    expect(
      eventText(
        event('payment-problem', {
          problem: 'not-accepted',
          reason: 'capture-reused',
          provider: 'stripe',
        }),
      ),
    ).toBe(
      'Payment problem: Stripe completed a payment the shop cannot accept (it pays another order already)',
    );
    expect(
      eventText(
        event('payment-problem', { problem: 'disputed', reason: 'fraudulent', provider: 'stripe' }),
      ),
    ).toBe('Payment problem: the buyer disputed the payment in Stripe (fraudulent)');
    expect(
      eventText(event('payment-problem', { problem: 'dispute-won', provider: 'stripe' })),
    ).toBe('Dispute won: Stripe keeps the payment');
  });

  it('names who did it: the customer or an admin by name, or the shop', () => {
    expect(actorText({ actor: 'buyer', actorName: 'Tess' })).toBe('Tess (customer)');
    expect(actorText({ actor: 'admin', actorName: null })).toBe('An admin (admin)');
    expect(actorText({ actor: 'shop', actorName: null })).toBe('The shop');
  });
});
