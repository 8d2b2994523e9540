import { describe, expect, it } from 'vitest';
import { canPayOrder, payRefusal } from './order-permissions.ts';

const buyer = 'buyer-1';
const unpaid = { buyerId: buyer, isPaid: false, isCancelled: false };

describe('who may pay an order', () => {
  it('lets the buyer pay their unpaid order', () => {
    expect(payRefusal(unpaid, buyer)).toBeUndefined();
    expect(canPayOrder(unpaid, buyer)).toBe(true);
  });

  it('refuses a paid order, even to its buyer', () => {
    expect(payRefusal({ ...unpaid, isPaid: true }, buyer)).toBe('already-paid');
    expect(canPayOrder({ ...unpaid, isPaid: true }, buyer)).toBe(false);
  });

  it('refuses a cancelled order', () => {
    expect(payRefusal({ ...unpaid, isCancelled: true }, buyer)).toBe('cancelled');
    expect(canPayOrder({ ...unpaid, isCancelled: true }, buyer)).toBe(false);
  });

  it("refuses anyone else, an admin viewing the order included, whatever the order's state", () => {
    for (const order of [unpaid, { ...unpaid, isPaid: true }]) {
      expect(payRefusal(order, 'admin-1')).toBe('not-buyer');
      expect(canPayOrder(order, 'admin-1')).toBe(false);
    }
  });

  it('refuses when nobody is signed in or the buyer account was deleted', () => {
    expect(payRefusal(unpaid, undefined)).toBe('not-buyer');
    expect(payRefusal({ ...unpaid, buyerId: null }, buyer)).toBe('not-buyer');
    expect(canPayOrder({ ...unpaid, buyerId: null }, undefined)).toBe(false);
  });
});
