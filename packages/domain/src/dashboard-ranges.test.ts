import { describe, expect, it } from 'vitest';
import {
  bucketOf,
  bucketUnit,
  calendarDateIn,
  changeLabel,
  customRangeProblem,
  isCalendarDate,
  percentChange,
  periodBuckets,
  resolvePeriod,
  weekStart,
} from './dashboard-ranges.ts';

describe('dashboard periods', () => {
  const today = '2024-03-14'; // a Thursday

  it('covers today alone by the hour, compared with yesterday', () => {
    const period = resolvePeriod({ range: 'today' }, today);
    expect(period).toEqual({
      range: 'today',
      from: '2024-03-14',
      to: '2024-03-14',
      days: 1,
      unit: 'hour',
      previousFrom: '2024-03-13',
      previousTo: '2024-03-13',
    });
    const buckets = periodBuckets(period);
    expect(buckets).toHaveLength(24);
    expect(buckets[0]).toEqual({ start: '2024-03-14T00:00', end: '2024-03-14T00:00' });
    expect(buckets.at(-1)).toEqual({ start: '2024-03-14T23:00', end: '2024-03-14T23:00' });
    expect(bucketOf('2024-03-14T09:00', period)).toBe('2024-03-14T09:00');
    // A custom single day stays one day.
    expect(
      resolvePeriod({ range: 'custom', from: '2024-03-10', to: '2024-03-10' }, today).unit,
    ).toBe('day');
  });

  it('counts today among the last 7, 30 and 90 days, and compares as many days before', () => {
    expect(resolvePeriod({ range: '7d' }, today)).toMatchObject({
      from: '2024-03-08',
      to: today,
      days: 7,
      unit: 'day',
      previousFrom: '2024-03-01',
      previousTo: '2024-03-07',
    });
    // 2024 is a leap year: 29 February is one of the 30 days.
    expect(resolvePeriod({ range: '30d' }, today)).toMatchObject({
      from: '2024-02-14',
      days: 30,
      unit: 'day',
      previousFrom: '2024-01-15',
      previousTo: '2024-02-13',
    });
    expect(resolvePeriod({ range: '90d' }, today)).toMatchObject({
      from: '2023-12-16',
      days: 90,
      unit: 'week',
      previousFrom: '2023-09-17',
      previousTo: '2023-12-15',
    });
  });

  it('takes the current month and the 11 before it for 12 months, shown by month', () => {
    const period = resolvePeriod({ range: '12m' }, today);
    expect(period).toMatchObject({ from: '2023-04-01', to: today, unit: 'month', days: 349 });
    expect(period.previousTo).toBe('2023-03-31');
    expect(period.previousFrom).toBe('2022-04-17');
    const buckets = periodBuckets(period);
    expect(buckets).toHaveLength(12);
    expect(buckets[0]).toEqual({ start: '2023-04-01', end: '2023-04-30' });
    expect(buckets[9]).toEqual({ start: '2024-01-01', end: '2024-01-31' });
    expect(buckets[11]).toEqual({ start: '2024-03-01', end: today });
  });

  it('keeps 12 months by month on the first day of a month', () => {
    const period = resolvePeriod({ range: '12m' }, '2024-01-01');
    expect(period).toMatchObject({ from: '2023-02-01', unit: 'month' });
    expect(periodBuckets(period).at(-1)).toEqual({ start: '2024-01-01', end: '2024-01-01' });
  });

  it('shows a custom range by day up to 31 days, by week up to 182, else by month', () => {
    expect(bucketUnit(1)).toBe('day');
    expect(bucketUnit(31)).toBe('day');
    expect(bucketUnit(32)).toBe('week');
    expect(bucketUnit(182)).toBe('week');
    expect(bucketUnit(183)).toBe('month');
    expect(resolvePeriod({ range: 'custom', from: '2024-01-01', to: '2024-12-31' }, today)).toEqual(
      {
        range: 'custom',
        from: '2024-01-01',
        to: '2024-12-31',
        days: 366,
        unit: 'month',
        previousFrom: '2022-12-31',
        previousTo: '2023-12-31',
      },
    );
  });

  it('refuses a custom range that is incomplete, reversed, not a date or too long', () => {
    expect(customRangeProblem(undefined, '2024-01-01')?.field).toBe('from');
    expect(customRangeProblem('2024-01-01', undefined)?.field).toBe('to');
    expect(customRangeProblem('2024-02-30', '2024-03-01')).toEqual({
      field: 'from',
      message: 'Start date must be YYYY-MM-DD',
    });
    expect(customRangeProblem('2024-03-02', '2024-03-01')).toEqual({
      field: 'to',
      message: 'End date must be on or after the start date',
    });
    expect(customRangeProblem('2019-01-01', '2024-01-01')).toBeNull();
    expect(customRangeProblem('2019-01-01', '2024-01-02')?.message).toBe(
      'A custom range is at most 5 years long',
    );
    expect(customRangeProblem('2024-03-01', '2024-03-01')).toBeNull();
    expect(() => resolvePeriod({ range: 'custom', from: '2024-03-02' }, today)).toThrow(RangeError);
  });

  it('knows real calendar days only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-2-1')).toBe(false);
    expect(isCalendarDate('2024-03-01T00:00')).toBe(false);
  });
});

describe('dashboard buckets', () => {
  it('begins weeks on Monday, as PostgreSQL does', () => {
    expect(weekStart('2024-03-14')).toBe('2024-03-11');
    expect(weekStart('2024-03-11')).toBe('2024-03-11');
    expect(weekStart('2024-03-17')).toBe('2024-03-11');
    expect(weekStart('1970-01-01')).toBe('1969-12-29');
  });

  it('names a bucket by its first day within the period', () => {
    const weeks = { from: '2024-03-14', unit: 'week' as const };
    expect(bucketOf('2024-03-15', weeks)).toBe('2024-03-14');
    expect(bucketOf('2024-03-18', weeks)).toBe('2024-03-18');
    expect(bucketOf('2024-03-24', weeks)).toBe('2024-03-18');
    const months = { from: '2023-04-01', unit: 'month' as const };
    expect(bucketOf('2023-05-31', months)).toBe('2023-05-01');
    expect(bucketOf('2024-02-29', { from: '2024-02-29', unit: 'day' })).toBe('2024-02-29');
  });

  it('lists every bucket of a period, the first and last cut to it', () => {
    const period = resolvePeriod({ range: '90d' }, '2024-03-14');
    const buckets = periodBuckets(period);
    expect(buckets[0]).toEqual({ start: '2023-12-16', end: '2023-12-17' });
    expect(buckets[1]).toEqual({ start: '2023-12-18', end: '2023-12-24' });
    expect(buckets.at(-1)).toEqual({ start: '2024-03-11', end: '2024-03-14' });
    expect(buckets).toHaveLength(14);
    // Every day of the period is in the bucket bucketOf names, and in no other.
    for (const bucket of buckets) {
      expect(bucketOf(bucket.start, period)).toBe(bucket.start);
      expect(bucketOf(bucket.end, period)).toBe(bucket.start);
    }
    expect(periodBuckets(resolvePeriod({ range: '7d' }, '2024-03-14')).map((b) => b.start)).toEqual(
      [
        '2024-03-08',
        '2024-03-09',
        '2024-03-10',
        '2024-03-11',
        '2024-03-12',
        '2024-03-13',
        '2024-03-14',
      ],
    );
  });

  it("finds the shop's day of an instant in its time zone", () => {
    const instant = new Date('2024-03-10T03:00:00Z');
    expect(calendarDateIn(instant, 'UTC')).toBe('2024-03-10');
    expect(calendarDateIn(instant, 'America/New_York')).toBe('2024-03-09');
    expect(calendarDateIn(instant, 'Asia/Tokyo')).toBe('2024-03-10');
  });
});

describe('change between periods', () => {
  it('is in percent to one decimal', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(100, 100)).toBe(0);
  });

  it('has no percentage without a previous figure', () => {
    expect(percentChange(10, 0)).toBeNull();
    expect(changeLabel(null, 10)).toBe('new');
    expect(changeLabel(null, 0)).toBe('—');
  });

  it('reads a rise from a negative figure as a rise', () => {
    expect(percentChange(50, -100)).toBe(150);
  });

  it('is written with its sign', () => {
    expect(changeLabel(12.5, 1)).toBe('+12.5 %');
    expect(changeLabel(-3, 1)).toBe('−3 %');
    expect(changeLabel(0, 1)).toBe('0 %');
    expect(changeLabel(1234.5, 1)).toBe('+1,234.5 %');
  });
});
