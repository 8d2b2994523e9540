import type { ShippingMethod, ShippingZone } from '@proshop/domain/shipping-schemas';
import { describe, expect, it } from 'vitest';
import {
  checkMethodDraft,
  checkRateDraft,
  checkZoneDraft,
  classNameProblem,
  draftFromMethod,
  draftFromRate,
  draftFromZone,
  emptyMethodDraft,
  emptyZoneDraft,
  estimateLabel,
  movedOrder,
  parseCodeList,
  rateLabel,
} from './shipping-forms.ts';

const CLASS_ID = '00000000-0000-4000-8000-00000000c001';
const ZONE_ID = '00000000-0000-4000-8000-00000000a001';

describe('parseCodeList', () => {
  it('splits on commas and lines, trims, upper-cases and drops blanks and repeats', () => {
    expect(parseCodeList(' us-ca, US-NY ,,\nus-ca\n')).toEqual(['US-CA', 'US-NY']);
    expect(parseCodeList('')).toEqual([]);
    expect(parseCodeList('sw1a, ec')).toEqual(['SW1A', 'EC']);
  });
});

describe('checkZoneDraft', () => {
  it('makes the request of a zone with its countries, regions and prefixes', () => {
    const checked = checkZoneDraft({
      ...emptyZoneDraft,
      name: 'West coast',
      countries: ['US'],
      regionsText: 'us-ca, us-or',
      postalPrefixesText: '9',
      shippingTaxClass: CLASS_ID,
    });
    expect(checked).toEqual({
      ok: true,
      request: {
        name: 'West coast',
        restOfWorld: false,
        countries: ['US'],
        regions: ['US-CA', 'US-OR'],
        postalPrefixes: ['9'],
        shippingTaxClass: CLASS_ID,
      },
    });
  });

  it('sends the rest of the world without lists, and shipping untaxed as null', () => {
    const checked = checkZoneDraft({
      ...emptyZoneDraft,
      name: 'Elsewhere',
      restOfWorld: true,
      countries: ['DE'],
      regionsText: 'DE-BE',
    });
    expect(checked.ok && checked.request).toMatchObject({
      restOfWorld: true,
      countries: [],
      regions: [],
      postalPrefixes: [],
      shippingTaxClass: null,
    });
  });

  it("names each field's problem with the server's schema", () => {
    expect(checkZoneDraft({ ...emptyZoneDraft, regionsText: 'California' })).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        countries: 'Choose at least one country, or make it the rest of the world',
        regionsText: 'A region is a code such as US-CA',
      },
    });
    const outside = checkZoneDraft({
      ...emptyZoneDraft,
      name: 'EU',
      countries: ['DE'],
      regionsText: 'FR-75',
      postalPrefixesText: 'TOO-LONG-PREFIX',
    });
    expect(outside).toEqual({
      ok: false,
      errors: {
        regionsText: "Each region must be in one of the zone's countries",
        postalPrefixesText: 'A postal-code prefix has 1 to 10 letters or digits',
      },
    });
  });

  it('starts the form from a saved zone', () => {
    const zone: ShippingZone = {
      _id: ZONE_ID,
      name: 'US',
      restOfWorld: false,
      countries: ['US'],
      regions: ['US-CA', 'US-NY'],
      postalPrefixes: [],
      shippingTaxClass: null,
      methods: [],
      rates: [],
    };
    expect(draftFromZone(zone)).toEqual({
      name: 'US',
      restOfWorld: false,
      countries: ['US'],
      regionsText: 'US-CA, US-NY',
      postalPrefixesText: '',
      shippingTaxClass: '',
    });
  });
});

describe('checkMethodDraft', () => {
  const filled = {
    ...emptyMethodDraft,
    name: 'Express',
    price: '9.90',
    estimateMinDays: '1',
    estimateMaxDays: '2',
  };

  it('makes the request, blank optional amounts as null', () => {
    expect(checkMethodDraft(filled)).toEqual({
      ok: true,
      request: {
        name: 'Express',
        price: 9.9,
        freeAbove: null,
        minOrder: null,
        weightBands: [],
        estimateMinDays: 1,
        estimateMaxDays: 2,
        active: true,
      },
    });
    const banded = checkMethodDraft({
      ...filled,
      freeAbove: '100',
      minOrder: '10',
      weightBands: [
        { key: 1, upToGrams: '5000', price: '15' },
        { key: 2, upToGrams: '1000', price: '5.5' },
      ],
    });
    expect(banded.ok && banded.request).toMatchObject({
      freeAbove: 100,
      minOrder: 10,
      weightBands: [
        { upToGrams: 5000, price: 15 },
        { upToGrams: 1000, price: 5.5 },
      ],
    });
  });

  it('names the field at fault, a band by its place', () => {
    expect(
      checkMethodDraft({
        ...emptyMethodDraft,
        name: 'Slow',
        price: '',
        estimateMinDays: '5',
        estimateMaxDays: '3',
        weightBands: [
          { key: 1, upToGrams: '1000', price: '5' },
          { key: 2, upToGrams: '1.5', price: '5' },
        ],
      }),
    ).toEqual({
      ok: false,
      errors: {
        price: 'Price must be a number',
        weightBands: 'Band 2: Weight is in whole grams',
      },
    });
    // The cross-field rules once each field is right.
    expect(
      checkMethodDraft({
        ...filled,
        estimateMinDays: '5',
        estimateMaxDays: '3',
        weightBands: [
          { key: 1, upToGrams: '1000', price: '5' },
          { key: 2, upToGrams: '1000', price: '6' },
        ],
      }),
    ).toEqual({
      ok: false,
      errors: {
        estimateMaxDays: 'Slowest delivery must be at least the fastest',
        weightBands: 'Two weight bands end at the same weight',
      },
    });
    expect(checkMethodDraft({ ...filled, freeAbove: '10.005' })).toEqual({
      ok: false,
      errors: { freeAbove: 'Free above must have at most 2 decimals' },
    });
  });

  it('starts the form from a saved method, amounts with 2 decimals and bands lightest first', () => {
    const method: ShippingMethod = {
      _id: 'm1',
      zone: ZONE_ID,
      name: 'Standard',
      price: 25,
      freeAbove: 100,
      minOrder: null,
      weightBands: [
        { upToGrams: 5000, price: 12 },
        { upToGrams: 1000, price: 4.5 },
      ],
      estimateMinDays: 3,
      estimateMaxDays: 5,
      active: false,
    };
    let key = 0;
    expect(draftFromMethod(method, () => ++key)).toEqual({
      name: 'Standard',
      price: '25.00',
      freeAbove: '100.00',
      minOrder: '',
      weightBands: [
        { key: 1, upToGrams: '1000', price: '4.50' },
        { key: 2, upToGrams: '5000', price: '12.00' },
      ],
      estimateMinDays: '3',
      estimateMaxDays: '5',
      active: false,
    });
  });
});

describe('checkRateDraft', () => {
  it('sends the percentage as basis points', () => {
    expect(checkRateDraft({ name: 'VAT', percent: '7,5' }, ZONE_ID, CLASS_ID)).toEqual({
      ok: true,
      request: { zone: ZONE_ID, taxClass: CLASS_ID, name: 'VAT', basisPoints: 750 },
    });
    expect(checkRateDraft({ name: 'Zero', percent: '0' }, ZONE_ID, CLASS_ID)).toMatchObject({
      ok: true,
      request: { basisPoints: 0 },
    });
  });

  it('names a missing name, a rate that is no percentage and one above 100 %', () => {
    expect(checkRateDraft({ name: '', percent: 'twenty' }, ZONE_ID, CLASS_ID)).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        percent: 'Rate is a percentage with at most 2 decimals, such as 20 or 7.5',
      },
    });
    expect(checkRateDraft({ name: 'VAT', percent: '120' }, ZONE_ID, CLASS_ID)).toEqual({
      ok: false,
      errors: { percent: 'Rate can be at most 100 %' },
    });
  });

  it('starts from a saved rate, or empty', () => {
    expect(draftFromRate({ name: 'Tax', basisPoints: 1500 })).toEqual({
      name: 'Tax',
      percent: '15',
    });
    expect(draftFromRate(undefined)).toEqual({ name: '', percent: '' });
  });
});

describe('classNameProblem', () => {
  it("names a blank or long name, as the server's schema does", () => {
    expect(classNameProblem('Reduced')).toBeUndefined();
    expect(classNameProblem('  ')).toBe('Name is required');
    expect(classNameProblem('x'.repeat(41))).toBe('Name is too long');
  });
});

describe('labels', () => {
  it('writes a rate and an estimate as the cards show them', () => {
    expect(rateLabel({ name: 'VAT', basisPoints: 2000 })).toBe('VAT 20 %');
    expect(rateLabel({ name: 'Reduced', basisPoints: 750 })).toBe('Reduced 7.5 %');
    expect(estimateLabel({ estimateMinDays: 3, estimateMaxDays: 5 })).toBe('3–5 days');
    expect(estimateLabel({ estimateMinDays: 2, estimateMaxDays: 2 })).toBe('2 days');
    expect(estimateLabel({ estimateMinDays: 1, estimateMaxDays: 1 })).toBe('1 day');
    expect(estimateLabel({ estimateMinDays: 0, estimateMaxDays: 0 })).toBe('Same day');
  });
});

describe('movedOrder', () => {
  it('swaps a zone with its neighbour, and leaves the ends alone', () => {
    expect(movedOrder(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(movedOrder(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movedOrder(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movedOrder(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
