import { describe, expect, it } from 'vitest';
import { verifyCapture, type CaptureResult } from './payment-verification.ts';

const order = { amountCents: 12345, currency: 'USD' };
const completed: CaptureResult = {
  status: 'completed',
  captureId: 'CAPTURE-1',
  amountCents: 12345,
  currency: 'USD',
  payerEmail: 'buyer@example.com',
};

describe('verifyCapture', () => {
  it('pays an order with a completed capture of exactly its amount and currency, never used', () => {
    expect(verifyCapture(order, completed, false)).toEqual({ paid: true, captureId: 'CAPTURE-1' });
  });

  it('refuses a capture that is not completed, saying why', () => {
    expect(
      verifyCapture(order, { status: 'declined', reason: 'INSTRUMENT_DECLINED' }, false),
    ).toEqual({ paid: false, reason: 'declined' });
    expect(verifyCapture(order, { status: 'pending' }, false)).toEqual({
      paid: false,
      reason: 'pending',
    });
    expect(verifyCapture(order, { status: 'failed', reason: 'ORDER_NOT_APPROVED' }, false)).toEqual(
      { paid: false, reason: 'failed' },
    );
  });

  it('refuses a capture for any other amount, one cent either way included', () => {
    for (const amountCents of [12344, 12346, 0, 1234500, 123.45]) {
      expect(verifyCapture(order, { ...completed, amountCents }, false)).toEqual({
        paid: false,
        reason: 'wrong-amount',
      });
    }
    expect(verifyCapture(order, { ...completed, amountCents: Number.NaN }, false).paid).toBe(false);
  });

  it('refuses a capture in another currency even for the same figure', () => {
    expect(verifyCapture(order, { ...completed, currency: 'EUR' }, false)).toEqual({
      paid: false,
      reason: 'wrong-currency',
    });
    expect(verifyCapture(order, { ...completed, currency: 'usd' }, false).paid).toBe(false);
  });

  it('refuses a capture id that already paid an order', () => {
    expect(verifyCapture(order, completed, true)).toEqual({
      paid: false,
      reason: 'capture-reused',
    });
  });

  it('refuses a completed capture without an id', () => {
    expect(verifyCapture(order, { ...completed, captureId: '' }, false).paid).toBe(false);
  });
});
