import { describe, expect, it } from 'vitest';
import { checkFilters, filterSearch, filterValues } from './order-filters.ts';

describe('the order list filters in the address', () => {
  it('reads the filters given, leaving blank and unknown parameters out', () => {
    const search = new URLSearchParams('q=olive&status=&from=2026-03-01&to=%20&pageNumber=2&x=1');
    expect(filterValues(search)).toEqual({ q: 'olive', from: '2026-03-01' });
  });

  it('writes them back in a fixed order, and nothing without any', () => {
    expect(filterSearch({ to: '2026-03-31', q: 'zoë & co', status: 'paid' })).toBe(
      '?q=zo%C3%AB+%26+co&status=paid&to=2026-03-31',
    );
    expect(filterSearch({})).toBe('');
    const round = filterValues(new URLSearchParams(filterSearch({ q: 'a+b %' })));
    expect(round).toEqual({ q: 'a+b %' });
  });

  it('checks them with the API schema, naming the first problem', () => {
    expect(checkFilters({ status: 'paid', from: '2026-03-01' })).toEqual({
      filters: { status: 'paid', from: '2026-03-01' },
    });
    expect(checkFilters({ status: 'lost' })).toEqual({ problem: 'Unknown order status' });
    expect(checkFilters({ from: '2026-03-02', to: '2026-03-01' })).toEqual({
      problem: 'from must not be a later day than to',
    });
    expect(checkFilters({ to: '2026-02-30' })).toEqual({
      problem: 'to must be a day written YYYY-MM-DD, such as 2026-03-01',
    });
  });
});
