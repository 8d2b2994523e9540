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

  it('names who did it: the customer or an admin by name, or the shop', () => {
    expect(actorText({ actor: 'buyer', actorName: 'Tess' })).toBe('Tess (customer)');
    expect(actorText({ actor: 'admin', actorName: null })).toBe('An admin (admin)');
    expect(actorText({ actor: 'shop', actorName: null })).toBe('The shop');
  });
});
