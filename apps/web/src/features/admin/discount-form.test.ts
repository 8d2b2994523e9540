import type { Discount } from '@proshop/domain/discount-schemas';
import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  datesLabel,
  discountStatus,
  draftFromDiscount,
  emptyDraft,
  isoFromLocalInput,
  localInputFromIso,
  requestFromDiscount,
  usesLabel,
  valueLabel,
  type DiscountDraft,
} from './discount-form.ts';

const productId = '0b5b2f2e-7a39-4a4e-9d43-7c1f8a0e9d11';

function discount(fields: Partial<Discount> = {}): Discount {
  return {
    _id: '5d0c1a62-2f0e-4b8e-9a51-0f1b2c3d4e5f',
    code: 'SUMMER-10',
    kind: 'percentage',
    value: 10,
    minSubtotal: null,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    productIds: [],
    categoryIds: [],
    firstOrderOnly: false,
    active: true,
    uses: 0,
    totalDiscount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

function draft(fields: Partial<DiscountDraft> = {}): DiscountDraft {
  return { ...emptyDraft, code: 'summer-10', value: '10', ...fields };
}

describe('discountStatus', () => {
  const now = new Date('2025-06-15T12:00:00Z');

  it('is Active with no conditions, and within its dates with uses left', () => {
    expect(discountStatus(discount(), now)).toBe('Active');
    expect(
      discountStatus(
        discount({
          startsAt: '2025-06-01T00:00:00Z',
          endsAt: '2025-07-01T00:00:00Z',
          usageLimit: 10,
          uses: 9,
        }),
        now,
      ),
    ).toBe('Active');
  });

  it('is Scheduled before its start, Active from the very moment it starts', () => {
    expect(discountStatus(discount({ startsAt: '2025-06-15T12:00:01Z' }), now)).toBe('Scheduled');
    expect(discountStatus(discount({ startsAt: '2025-06-15T12:00:00Z' }), now)).toBe('Active');
  });

  it('is Expired from the moment it ends (the end is not part of it, as at checkout)', () => {
    expect(discountStatus(discount({ endsAt: '2025-06-15T12:00:00Z' }), now)).toBe('Expired');
    expect(discountStatus(discount({ endsAt: '2025-06-15T12:00:01Z' }), now)).toBe('Active');
  });

  it('reads an offset other than Z as the same moment', () => {
    expect(discountStatus(discount({ endsAt: '2025-06-15T14:00:00+02:00' }), now)).toBe('Expired');
    expect(discountStatus(discount({ endsAt: '2025-06-15T14:00:01+02:00' }), now)).toBe('Active');
  });

  it('is Used up once the uses reach the limit', () => {
    expect(discountStatus(discount({ usageLimit: 10, uses: 10 }), now)).toBe('Used up');
    expect(discountStatus(discount({ usageLimit: 1, uses: 0 }), now)).toBe('Active');
  });

  it('is Inactive when deactivated, whatever else holds', () => {
    expect(
      discountStatus(
        discount({ active: false, endsAt: '2025-01-01T00:00:00Z', usageLimit: 1, uses: 1 }),
        now,
      ),
    ).toBe('Inactive');
  });

  it('says Expired rather than Used up for an ended code with every use taken', () => {
    expect(
      discountStatus(discount({ endsAt: '2025-06-01T00:00:00Z', usageLimit: 2, uses: 2 }), now),
    ).toBe('Expired');
  });
});

describe('the list labels', () => {
  it('shows the value by kind', () => {
    expect(valueLabel({ kind: 'percentage', value: 10 }, 'USD')).toBe('10 %');
    expect(valueLabel({ kind: 'percentage', value: 12.5 }, 'USD')).toBe('12.5 %');
    expect(valueLabel({ kind: 'fixed', value: 5 }, 'USD')).toBe('$5.00');
    expect(valueLabel({ kind: 'fixed', value: 5 }, 'EUR')).toBe('€5.00');
    expect(valueLabel({ kind: 'free-shipping', value: null }, 'USD')).toBe('Free shipping');
  });

  it('shows uses against the limit, or against ∞', () => {
    expect(usesLabel({ uses: 3, usageLimit: 10 })).toBe('3 / 10');
    expect(usesLabel({ uses: 3, usageLimit: null })).toBe('3 / ∞');
  });

  it('shows the dates in the local time zone, one side alone, or Always', () => {
    const start = '2025-06-01T08:00:00Z';
    const end = '2025-07-01T08:30:00Z';
    const local = (iso: string) => localInputFromIso(iso).replace('T', ' ');
    expect(local(start)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(datesLabel({ startsAt: start, endsAt: end })).toBe(`${local(start)} – ${local(end)}`);
    expect(datesLabel({ startsAt: start, endsAt: null })).toBe(`From ${local(start)}`);
    expect(datesLabel({ startsAt: null, endsAt: end })).toBe(`Until ${local(end)}`);
    expect(datesLabel({ startsAt: null, endsAt: null })).toBe('Always');
  });
});

describe('dates between the form and the API', () => {
  it('sends a local time as the same moment in UTC', () => {
    const sent = isoFromLocalInput('2025-06-01T10:00');
    expect(sent).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // The same moment as the browser reads the field's local time.
    expect(new Date(sent!).getTime()).toBe(new Date(2025, 5, 1, 10, 0).getTime());
    expect(localInputFromIso(sent)).toBe('2025-06-01T10:00');
  });

  it('sends an empty field as none, and text that is no date as typed', () => {
    expect(isoFromLocalInput('')).toBeNull();
    expect(isoFromLocalInput('  ')).toBeNull();
    expect(isoFromLocalInput('soon')).toBe('soon');
    expect(localInputFromIso(null)).toBe('');
  });
});

describe('checkDraft', () => {
  it('makes the request: code upper-cased, numbers from text, empty fields as none', () => {
    const result = checkDraft(
      draft({
        code: ' summer-10 ',
        minSubtotal: '50',
        usageLimit: '10',
        startsAt: '2025-06-01T10:00',
        endsAt: '2025-07-01T10:00',
        productIds: [productId],
        firstOrderOnly: true,
      }),
    );
    expect(result).toEqual({
      ok: true,
      request: {
        code: 'SUMMER-10',
        kind: 'percentage',
        value: 10,
        minSubtotal: 50,
        startsAt: new Date(2025, 5, 1, 10, 0).toISOString(),
        endsAt: new Date(2025, 6, 1, 10, 0).toISOString(),
        usageLimit: 10,
        perCustomerLimit: null,
        productIds: [productId],
        categoryIds: [],
        firstOrderOnly: true,
        active: true,
      },
    });
  });

  it('sends no value for free shipping, whatever the hidden field still holds', () => {
    const result = checkDraft(draft({ kind: 'free-shipping', value: '10' }));
    expect(result.ok && result.request.value).toBeNull();
  });

  it("names each field's problem in the schema's words", () => {
    expect(checkDraft(draft({ code: 'ab' }))).toEqual({
      ok: false,
      errors: { code: 'A discount code has 3 to 32 letters, digits or dashes' },
    });
    expect(checkDraft(draft({ code: 'no spaces' })).ok).toBe(false);
    expect(checkDraft(draft({ value: '' }))).toEqual({
      ok: false,
      errors: { value: 'Value must be more than 0' },
    });
    expect(checkDraft(draft({ value: '101' }))).toEqual({
      ok: false,
      errors: { value: 'A percentage is at most 100' },
    });
    expect(checkDraft(draft({ kind: 'fixed', value: '5.001' }))).toEqual({
      ok: false,
      errors: { value: 'Value must have at most 2 decimals' },
    });
    expect(checkDraft(draft({ usageLimit: '1.5', perCustomerLimit: '0' }))).toEqual({
      ok: false,
      errors: {
        usageLimit: 'Usage limit must be a whole number',
        perCustomerLimit: 'Uses per customer must be at least 1',
      },
    });
    expect(checkDraft(draft({ minSubtotal: 'abc' }))).toEqual({
      ok: false,
      errors: { minSubtotal: 'Minimum subtotal must be a number' },
    });
  });

  it('refuses an end that is not after the start', () => {
    expect(checkDraft(draft({ startsAt: '2025-06-01T10:00', endsAt: '2025-06-01T10:00' }))).toEqual(
      { ok: false, errors: { endsAt: 'End must be after start' } },
    );
    expect(checkDraft(draft({ startsAt: 'soon' }))).toEqual({
      ok: false,
      errors: { startsAt: 'Start must be a date and time' },
    });
  });
});

describe('between a discount and its form', () => {
  it('fills the form from a discount and sends the same terms back', () => {
    const saved = discount({
      kind: 'fixed',
      value: 5,
      minSubtotal: 20,
      startsAt: new Date(2025, 5, 1, 10, 0).toISOString(),
      usageLimit: 10,
      perCustomerLimit: 1,
      categoryIds: [productId],
      uses: 4,
    });
    const filled = draftFromDiscount(saved);
    expect(filled).toMatchObject({
      code: 'SUMMER-10',
      value: '5.00',
      minSubtotal: '20.00',
      startsAt: '2025-06-01T10:00',
      endsAt: '',
      usageLimit: '10',
      perCustomerLimit: '1',
    });
    const result = checkDraft(filled);
    expect(result).toEqual({ ok: true, request: requestFromDiscount(saved) });
  });

  it('flips one term for the list’s Deactivate, keeping the others', () => {
    const saved = discount({ usageLimit: 10 });
    expect(requestFromDiscount(saved, { active: false })).toMatchObject({
      code: 'SUMMER-10',
      value: 10,
      usageLimit: 10,
      active: false,
    });
  });
});
