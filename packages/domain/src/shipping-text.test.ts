import { describe, expect, it } from 'vitest';
import { deliveryEstimateText, rateText, taxLineLabel } from './shipping-text.ts';

describe('shipping and tax wording', () => {
  it('says a delivery estimate in business days', () => {
    expect(deliveryEstimateText(3, 5)).toBe('3\u20135 business days');
    expect(deliveryEstimateText(1, 1)).toBe('1 business day');
    expect(deliveryEstimateText(2, 2)).toBe('2 business days');
    expect(deliveryEstimateText(0, 0)).toBe('Same day');
    expect(deliveryEstimateText(0, 1)).toBe('0\u20131 business days');
  });

  it('writes a rate as a percentage', () => {
    expect(rateText(2000)).toBe('20%');
    expect(rateText(725)).toBe('7.25%');
    expect(rateText(1500)).toBe('15%');
    expect(rateText(0)).toBe('0%');
  });

  it('labels a tax line, with "incl." when prices hold their tax', () => {
    const vat = { name: 'VAT', basisPoints: 2000, appliesTo: 'items' as const };
    expect(taxLineLabel(vat, false)).toBe('VAT 20%');
    expect(taxLineLabel(vat, true)).toBe('incl. VAT 20%');
    expect(taxLineLabel({ ...vat, appliesTo: 'shipping' }, true)).toBe('incl. VAT 20% on shipping');
  });
});
