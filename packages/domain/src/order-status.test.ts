import { describe, expect, it } from 'vitest';
import { orderStatus, refundStanding, type OrderStateWithRefunds } from './order-status.ts';

const paid: OrderStateWithRefunds = {
  totalPrice: 139.99,
  isPaid: true,
  isSent: false,
  isDelivered: false,
  isCancelled: false,
  refunds: [],
};
const refund = (
  amount: number,
  status: 'requested' | 'pending' | 'completed' | 'failed',
  day = '2026-11-20',
) => ({
  amount,
  status,
  createdAt: `${day}T10:00:00.000Z`,
  completedAt: status === 'completed' ? `${day}T10:00:01.000Z` : null,
});

describe('order status', () => {
  it('counts refunds PayPal accepted, not requested or failed ones', () => {
    expect(
      refundStanding({ ...paid, refunds: [refund(10, 'requested'), refund(20, 'failed')] }),
    ).toEqual({
      kind: 'none',
    });
    expect(
      refundStanding({ ...paid, refunds: [refund(46, 'completed'), refund(5, 'pending')] }),
    ).toEqual({
      kind: 'partial',
      refundedCents: 51_00,
    });
  });

  it('is fully refunded when the refunds reach the total to the cent, on the day of the last', () => {
    const standing = refundStanding({
      ...paid,
      refunds: [refund(100, 'completed', '2026-11-20'), refund(39.99, 'completed', '2026-11-22')],
    });
    expect(standing).toEqual({
      kind: 'full',
      refundedCents: 139_99,
      lastAt: '2026-11-22T10:00:01.000Z',
    });
  });

  it('reads cancelled and refunded before the shipping state', () => {
    expect(orderStatus({ ...paid, isPaid: false })).toBe('not-paid');
    expect(orderStatus(paid)).toBe('paid');
    expect(orderStatus({ ...paid, isSent: true })).toBe('sent');
    expect(orderStatus({ ...paid, isSent: true, isDelivered: true })).toBe('delivered');
    expect(orderStatus({ ...paid, isSent: true, refunds: [refund(10, 'completed')] })).toBe(
      'partially-refunded',
    );
    expect(orderStatus({ ...paid, refunds: [refund(139.99, 'pending')] })).toBe('refunded');
    expect(orderStatus({ ...paid, isPaid: false, isCancelled: true })).toBe('cancelled');
  });
});
