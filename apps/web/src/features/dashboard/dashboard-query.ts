import {
  DASHBOARD_RANGES,
  type BucketUnit,
  type DashboardRange,
} from '@proshop/domain/dashboard-ranges';
import type { DashboardQuery } from '@proshop/domain/dashboard-schemas';

/**
 * The range shown when the address names none (or one the dashboard does not know): today, what
 * a merchant opening the admin wants to see first (issue #36).
 */
export const DEFAULT_RANGE: DashboardRange = 'today';

const isRange = (value: string | null): value is DashboardRange =>
  DASHBOARD_RANGES.includes(value as DashboardRange);

/**
 * The dashboard's range as the address keeps it (`?range=7d`, `?range=custom&from=…&to=…`), so
 * that a reload, the back button or a shared link shows the same days. Custom days go to the
 * server as typed: it says what is wrong with them.
 */
export function queryFromSearch(params: URLSearchParams): DashboardQuery {
  const range = params.get('range');
  if (!isRange(range)) return { range: DEFAULT_RANGE };
  if (range !== 'custom') return { range };
  return { range, from: params.get('from') ?? '', to: params.get('to') ?? '' };
}

export function searchFromQuery(query: DashboardQuery): Record<string, string> {
  return query.range === 'custom'
    ? { range: 'custom', from: query.from ?? '', to: query.to ?? '' }
    : { range: query.range };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const monthName = (date: string) => MONTHS[Number(date.slice(5, 7)) - 1] ?? '';

/** A bucket as the table names it: the day, the days of a week, or the month. */
export function bucketLabel(bucket: { start: string; end: string }, unit: BucketUnit): string {
  if (unit === 'hour') return bucket.start.replace('T', ' ');
  if (unit === 'day') return bucket.start;
  if (unit === 'week') return `${bucket.start} to ${bucket.end}`;
  return `${monthName(bucket.start)} ${bucket.start.slice(0, 4)}`;
}

/** A bucket as the chart's axis names it, in a few characters: "Jun 9", "Jun 2024". */
export function axisLabel(start: string, unit: BucketUnit): string {
  if (unit === 'hour') return start.slice(11);
  const month = monthName(start).slice(0, 3);
  return unit === 'month' ? `${month} ${start.slice(0, 4)}` : `${month} ${Number(start.slice(8))}`;
}
