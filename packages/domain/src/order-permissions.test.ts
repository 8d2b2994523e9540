import { describe, expect, it } from 'vitest';
import {
  canPayOrder,
  isBuyerAccount,
  isOrderViewerBuyer,
  payRefusal,
} from './order-permissions.ts';

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

describe("the order page's buyer", () => {
  const accountOrder = { user: { _id: 'buyer-1' }, isGuest: false };
  const guestOrder = { user: { _id: null }, isGuest: true };

  it("is the order's account when signed in as it, with or without a key", () => {
    expect(isOrderViewerBuyer(accountOrder, { userId: 'buyer-1' })).toBe(true);
    expect(isOrderViewerBuyer(accountOrder, { userId: 'other-1', key: 'k' })).toBe(false);
    expect(isOrderViewerBuyer(accountOrder, {})).toBe(false);
  });

  it("is whoever opened a guest order with its link's key, signed in or not", () => {
    expect(isOrderViewerBuyer(guestOrder, { key: 'k' })).toBe(true);
    expect(isOrderViewerBuyer(guestOrder, { userId: 'someone', key: 'k' })).toBe(true);
    expect(isOrderViewerBuyer(guestOrder, { key: '' })).toBe(false);
    expect(isOrderViewerBuyer(guestOrder, { key: null })).toBe(false);
  });

  it('is not an admin: the server opens every order to them, whatever key they send', () => {
    expect(isOrderViewerBuyer(guestOrder, { userId: 'admin-1', isAdmin: true, key: 'k' })).toBe(
      false,
    );
    expect(isOrderViewerBuyer(guestOrder, { userId: 'admin-1', isAdmin: true })).toBe(false);
  });

  it('is nobody by a key for an order placed with an account (it has no link)', () => {
    expect(isOrderViewerBuyer(accountOrder, { key: 'k' })).toBe(false);
  });

  it('is the account that claimed a guest order when signed in as it', () => {
    const claimed = { user: { _id: 'buyer-2' }, isGuest: true };
    expect(isOrderViewerBuyer(claimed, { userId: 'buyer-2' })).toBe(true);
  });
});
