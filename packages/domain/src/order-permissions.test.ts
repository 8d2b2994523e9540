import { describe, expect, it } from 'vitest';
import { canPayOrder, isBuyerAccount, payRefusal } from './order-permissions.ts';

const unpaid = { isPaid: false, isCancelled: false };

describe('who may pay an order', () => {
  it('lets the buyer pay their unpaid order', () => {
    expect(payRefusal(unpaid, true)).toBeUndefined();
    expect(canPayOrder(unpaid, true)).toBe(true);
  });

  it('refuses a paid order, even to its buyer', () => {
    expect(payRefusal({ ...unpaid, isPaid: true }, true)).toBe('already-paid');
    expect(canPayOrder({ ...unpaid, isPaid: true }, true)).toBe(false);
  });

  it('refuses a cancelled order', () => {
    expect(payRefusal({ ...unpaid, isCancelled: true }, true)).toBe('cancelled');
    expect(canPayOrder({ ...unpaid, isCancelled: true }, true)).toBe(false);
  });

  it("refuses anyone else, an admin viewing the order included, whatever the order's state", () => {
    for (const order of [unpaid, { ...unpaid, isPaid: true }]) {
      expect(payRefusal(order, false)).toBe('not-buyer');
      expect(canPayOrder(order, false)).toBe(false);
    }
  });
});

describe("the buyer's account", () => {
  it('is the signed-in user only when the order names that account', () => {
    expect(isBuyerAccount('buyer-1', 'buyer-1')).toBe(true);
    expect(isBuyerAccount('buyer-1', 'admin-1')).toBe(false);
  });

  it('is nobody when nobody is signed in, or for a guest order or a deleted account (null)', () => {
    expect(isBuyerAccount('buyer-1', undefined)).toBe(false);
    expect(isBuyerAccount(null, 'buyer-1')).toBe(false);
    expect(isBuyerAccount(null, undefined)).toBe(false);
  });
});
