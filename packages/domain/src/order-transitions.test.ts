import { describe, expect, it } from 'vitest';
import { canMarkDelivered, canMarkSent, type OrderState } from './order-transitions.ts';

const states: Record<string, OrderState> = {
  unpaid: { isPaid: false, isSent: false, isDelivered: false },
  paid: { isPaid: true, isSent: false, isDelivered: false },
  sent: { isPaid: true, isSent: true, isDelivered: false },
  delivered: { isPaid: true, isSent: true, isDelivered: true },
};

describe('order transitions', () => {
  it('allows Mark As Sent only for a paid order not yet sent', () => {
    expect(Object.keys(states).filter((name) => canMarkSent(states[name]!))).toEqual(['paid']);
  });

  it('allows Mark As Delivered only for a paid, sent, undelivered order', () => {
    expect(Object.keys(states).filter((name) => canMarkDelivered(states[name]!))).toEqual(['sent']);
  });
});
