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
  it('pays an order with a completed capture of exactly its amount and currency', () => {
    expect(verifyCapture(order, completed)).toEqual({ paid: true, captureId: 'CAPTURE-1' });
  });

  it('refuses a capture that is not completed, saying why', () => {
    expect(verifyCapture(order, { status: 'declined', reason: 'INSTRUMENT_DECLINED' })).toEqual({
      paid: false,
      reason: 'declined',
    });
    expect(verifyCapture(order, { status: 'pending' })).toEqual({
      paid: false,
      reason: 'pending',
    });
    expect(verifyCapture(order, { status: 'failed', reason: 'ORDER_NOT_APPROVED' })).toEqual({
      paid: false,
      reason: 'failed',
    });
  });

  it('refuses a capture for any other amount, one cent either way included', () => {
    for (const amountCents of [12344, 12346, 0, 1234500, 123.45]) {
      expect(verifyCapture(order, { ...completed, amountCents })).toEqual({
        paid: false,
        reason: 'wrong-amount',
      });
    }
    expect(verifyCapture(order, { ...completed, amountCents: Number.NaN }).paid).toBe(false);
  });

  it('refuses a capture in another currency even for the same figure', () => {
    expect(verifyCapture(order, { ...completed, currency: 'EUR' })).toEqual({
      paid: false,
      reason: 'wrong-currency',
    });
    expect(verifyCapture(order, { ...completed, currency: 'usd' }).paid).toBe(false);
  });

  it('refuses a completed capture without an id', () => {
    expect(verifyCapture(order, { ...completed, captureId: '' }).paid).toBe(false);
  });
});
