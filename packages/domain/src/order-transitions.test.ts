import { describe, expect, it } from 'vitest';
import {
  canCancel,
  cancelRefusal,
  canMarkDelivered,
  canMarkSent,
  type OrderState,
} from './order-transitions.ts';

const states: Record<string, OrderState> = {
  unpaid: { isPaid: false, isSent: false, isDelivered: false, isCancelled: false },
  paid: { isPaid: true, isSent: false, isDelivered: false, isCancelled: false },
  sent: { isPaid: true, isSent: true, isDelivered: false, isCancelled: false },
  delivered: { isPaid: true, isSent: true, isDelivered: true, isCancelled: false },
  cancelled: { isPaid: false, isSent: false, isDelivered: false, isCancelled: true },
};

describe('order transitions', () => {
  it('allows Mark As Sent only for a paid order not yet sent', () => {
    expect(Object.keys(states).filter((name) => canMarkSent(states[name]!))).toEqual(['paid']);
  });

  it('allows Mark As Delivered only for a paid, sent, undelivered order', () => {
    expect(Object.keys(states).filter((name) => canMarkDelivered(states[name]!))).toEqual(['sent']);
  });

  it('lets an admin cancel a paid order too, but not a sent one', () => {
    expect(Object.keys(states).filter((name) => canCancel(states[name]!, 'admin'))).toEqual([
      'unpaid',
      'paid',
    ]);
  });

  it('lets a buyer cancel only an order that is not paid, sent or cancelled already', () => {
    expect(Object.keys(states).filter((name) => canCancel(states[name]!))).toEqual(['unpaid']);
    expect(
      Object.fromEntries(Object.entries(states).map(([name, s]) => [name, cancelRefusal(s)])),
    ).toEqual({
      unpaid: undefined,
      paid: 'paid',
      sent: 'sent',
      delivered: 'sent',
      cancelled: 'cancelled',
    });
  });
});
