/**
 * The admin dashboard's periods (issue #19, docs/decisions/0021): which calendar days a range
 * covers in the shop's time zone, the period of the same length just before it, how its days are
 * gathered into the chart's buckets, and the change between two figures. Dates are calendar
 * days written `YYYY-MM-DD`; the server's SQL groups paid orders by such a day in the shop's
 * time zone and these rules do the rest, so that server and web agree on every boundary.
 */

export const DASHBOARD_RANGES = ['today', '7d', '30d', '90d', '12m', 'custom'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const RANGE_LABELS: Record<DashboardRange, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
  custom: 'Custom',
};

export const BUCKET_UNITS = ['hour', 'day', 'week', 'month'] as const;
export type BucketUnit = (typeof BUCKET_UNITS)[number];

/** The longest custom range: five years (its previous period is as long again). */
export const MAX_RANGE_DAYS = 1827;
/** Up to this many days a chart shows days, up to WEEKS_UP_TO weeks, beyond that months. */
export const DAYS_UP_TO = 31;
export const WEEKS_UP_TO = 182;

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 (a Thursday). */
function dayNumber(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

const fromDayNumber = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** A real calendar day written YYYY-MM-DD (2024-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  return DATE_PATTERN.test(text) && fromDayNumber(dayNumber(text)) === text;
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** How many days from `from` to `to`, both counted (the same day: 1). */
export function daysInclusive(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** The Monday of the date's week: weeks begin on Monday, as PostgreSQL's date_trunc('week'). */
export function weekStart(date: string): string {
  const day = dayNumber(date);
  // Day 0 was a Thursday, three days after a Monday.
  return fromDayNumber(day - ((((day + 3) % 7) + 7) % 7));
}

export const monthStart = (date: string) => `${date.slice(0, 8)}01`;

/** The first day of the month `months` after (or before) the month starting at `start`. */
function addMonths(start: string, months: number): string {
  const index = Number(start.slice(0, 4)) * 12 + Number(start.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The calendar day an instant falls on in a time zone (an IANA name such as Europe/Zurich). */
export function calendarDateIn(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The chart's unit for a period of so many days. */
export function bucketUnit(days: number): BucketUnit {
  if (days <= DAYS_UP_TO) return 'day';
  return days <= WEEKS_UP_TO ? 'week' : 'month';
}

export interface DashboardPeriod {
  range: DashboardRange;
  /** First and last day, both included. */
  from: string;
  to: string;
  days: number;
  unit: BucketUnit;
  /** The same number of days just before `from`. */
  previousFrom: string;
  previousTo: string;
}

/** What is wrong with a custom range, and which field to say it of; null when it is fine. */
export function customRangeProblem(
  from: string | undefined,
  to: string | undefined,
): { field: 'from' | 'to'; message: string } | null {
  if (!from) return { field: 'from', message: 'A custom range needs a start date (from)' };
  if (!to) return { field: 'to', message: 'A custom range needs an end date (to)' };
  if (!isCalendarDate(from)) return { field: 'from', message: 'Start date must be YYYY-MM-DD' };
  if (!isCalendarDate(to)) return { field: 'to', message: 'End date must be YYYY-MM-DD' };
  if (to < from) return { field: 'to', message: 'End date must be on or after the start date' };
  if (daysInclusive(from, to) > MAX_RANGE_DAYS) {
    return { field: 'to', message: 'A custom range is at most 5 years long' };
  }
  return null;
}

/**
 * The days a range covers, `today` being the shop's current day: today alone; the last 7, 30
 * or 90 days with today; the current month and the 11 before it; or the custom days (checked
 * with customRangeProblem first). The previous period is the same number of days just before,
 * so a comparison is always like for like (today so far is compared with the whole of
 * yesterday, the 12 months so far with as many days before them).
 */
export function resolvePeriod(
  query: { range: DashboardRange; from?: string | undefined; to?: string | undefined },
  today: string,
): DashboardPeriod {
  let from: string;
  let to = today;
  switch (query.range) {
    case 'today':
      from = today;
      break;
    case '7d':
      from = addDays(today, -6);
      break;
    case '30d':
      from = addDays(today, -29);
      break;
    case '90d':
      from = addDays(today, -89);
      break;
    case '12m':
      from = addMonths(monthStart(today), -11);
      break;
    case 'custom': {
      const problem = customRangeProblem(query.from, query.to);
      if (problem) throw new RangeError(problem.message);
      from = query.from!;
      to = query.to!;
      break;
    }
  }
  const days = daysInclusive(from, to);
  // Twelve months are always shown by month, however few days the current one has so far;
  // today by hour (one bar of a day tells nothing).
  const unit =
    query.range === '12m' ? 'month' : query.range === 'today' ? 'hour' : bucketUnit(days);
  return {
    range: query.range,
    from,
    to,
    days,
    unit,
    previousFrom: addDays(from, -days),
    previousTo: addDays(from, -1),
  };
}

/**
 * The bucket a day of the period falls in, named by its first day within the period: the week's
 * Monday or the month's first day, or the period's first day for a week or month it begins in
 * the middle of.
 */
export function bucketOf(date: string, period: Pick<DashboardPeriod, 'from' | 'unit'>): string {
  // By the hour, the server's figures are keyed by their hour already (hourKey).
  if (period.unit === 'hour') return date;
  const start =
    period.unit === 'day' ? date : period.unit === 'week' ? weekStart(date) : monthStart(date);
  return start < period.from ? period.from : start;
}

export interface Bucket {
  /** First and last day of the bucket within the period, both included. */
  start: string;
  end: string;
}

/**
 * An hour of a day as the hourly buckets name it, YYYY-MM-DDTHH:00 (the hour on the shop's
 * clock: a day of a clock change has one hour empty or counted twice in one bucket).
 */
export const hourKey = (date: string, hour: number) =>
  `${date}T${String(hour).padStart(2, '0')}:00`;

/** Every bucket of the period in order, empty ones included. */
export function periodBuckets(period: Pick<DashboardPeriod, 'from' | 'to' | 'unit'>): Bucket[] {
  if (period.unit === 'hour') {
    return Array.from({ length: 24 }, (_, hour) => {
      const key = hourKey(period.from, hour);
      return { start: key, end: key };
    });
  }
  const starts: string[] = [];
  let next = period.from;
  while (next <= period.to) {
    starts.push(next);
    if (period.unit === 'day') next = addDays(next, 1);
    else if (period.unit === 'week') next = addDays(weekStart(next), 7);
    else next = addMonths(monthStart(next), 1);
  }
  return starts.map((start, index) => ({
    start,
    end: index + 1 < starts.length ? addDays(starts[index + 1]!, -1) : period.to,
  }));
}

/**
 * The change from `previous` to `current` in percent, to one decimal; null when there was
 * nothing before to compare with (previous 0). Measured against the size of the previous figure,
 * so that a rise from a negative net (refunds above sales) reads as a rise.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** "+12.5 %", "−3 %", "0 %"; without a previous figure "new" when there is one now, else "—". */
export function changeLabel(change: number | null, current: number): string {
  if (change === null) return current > 0 ? 'new' : '—';
  if (change === 0) return '0 %';
  const size = Math.abs(change).toLocaleString('en-US', { maximumFractionDigits: 1 });
  return `${change > 0 ? '+' : '−'}${size} %`;
}
