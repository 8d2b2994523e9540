import { describe, expect, it } from 'vitest';
import { axisLabel, bucketLabel, queryFromSearch, searchFromQuery } from './dashboard-query.ts';

describe('the dashboard range in the address', () => {
  it('reads a range, and a custom one with its days', () => {
    expect(queryFromSearch(new URLSearchParams('range=7d'))).toEqual({ range: '7d' });
    expect(
      queryFromSearch(new URLSearchParams('range=custom&from=2024-01-01&to=2024-01-31')),
    ).toEqual({ range: 'custom', from: '2024-01-01', to: '2024-01-31' });
  });

  it('shows the last 30 days for no range or an unknown one, and ignores stray days', () => {
    expect(queryFromSearch(new URLSearchParams(''))).toEqual({ range: 'today' });
    expect(queryFromSearch(new URLSearchParams('range=2w'))).toEqual({ range: 'today' });
    expect(queryFromSearch(new URLSearchParams('range=12m&from=2024-01-01'))).toEqual({
      range: '12m',
    });
  });

  it('writes back what it reads', () => {
    for (const search of ['range=today', 'range=custom&from=2024-01-01&to=2024-01-31']) {
      const query = queryFromSearch(new URLSearchParams(search));
      expect(new URLSearchParams(searchFromQuery(query)).toString()).toBe(search);
    }
  });
});

describe('bucket labels', () => {
  it('names a day, a week and a month', () => {
    const bucket = { start: '2024-06-10', end: '2024-06-16' };
    expect(bucketLabel(bucket, 'day')).toBe('2024-06-10');
    expect(bucketLabel(bucket, 'week')).toBe('2024-06-10 to 2024-06-16');
    expect(bucketLabel({ start: '2024-06-01', end: '2024-06-30' }, 'month')).toBe('June 2024');
    expect(axisLabel('2024-06-09', 'day')).toBe('Jun 9');
    expect(axisLabel('2024-12-01', 'month')).toBe('Dec 2024');
    expect(bucketLabel({ start: '2024-06-10T09:00', end: '2024-06-10T09:00' }, 'hour')).toBe(
      '2024-06-10 09:00',
    );
    expect(axisLabel('2024-06-10T09:00', 'hour')).toBe('09:00');
  });
});
