import {
  addDays,
  bucketOf,
  calendarDateIn,
  percentChange,
  periodBuckets,
  resolvePeriod,
  type DashboardPeriod,
} from '@proshop/domain/dashboard-ranges';
import {
  LOW_STOCK_SHOWN,
  TOP_PRODUCTS_SHOWN,
  WAITING_ORDERS_SHOWN,
  type Dashboard,
  type DashboardFigure,
  type DashboardQuery,
} from '@proshop/domain/dashboard-schemas';
import { fromCents, toCents } from '@proshop/domain/money';
import { optionValues } from '@proshop/domain/variants';
import type { Database } from '../../db/client.ts';
import {
  countNewCustomers,
  countWaitingOrders,
  findLineFigures,
  findLowStock,
  findOldestWaitingOrders,
  findRefundsByDay,
  findSalesByDay,
  type Window,
} from './repository.ts';
import {
  findLineFiguresFromRollups,
  findSalesAndRefundsFromRollups,
  wholeHourZone,
} from './rollups.ts';

export interface DashboardSettings {
  timeZone: string;
  lowStockThreshold: number;
  now: Date;
}

/** Cents of one day: what was paid that day and what was refunded. */
interface DayCents {
  orders: number;
  gross: number;
  discounts: number;
  refunds: number;
}

const figure = (current: number, previous: number): DashboardFigure => ({
  current,
  previous,
  change: percentChange(current, previous),
});

/** Sums of each period, in cents (counts as they are). */
function totals(days: Map<string, DayCents>, period: DashboardPeriod) {
  const sum = { current: emptyDay(), previous: emptyDay() };
  for (const [day, cents] of days) {
    const into = day >= period.from ? sum.current : sum.previous;
    into.orders += cents.orders;
    into.gross += cents.gross;
    into.discounts += cents.discounts;
    into.refunds += cents.refunds;
  }
  return sum;
}

const emptyDay = (): DayCents => ({ orders: 0, gross: 0, discounts: 0, refunds: 0 });
const netCents = (day: DayCents) => day.gross - day.discounts - day.refunds;
/** (Gross − discounts) / orders, rounded half up to the cent; 0 without orders. */
const averageCents = (day: DayCents) =>
  day.orders === 0 ? 0 : Math.round((day.gross - day.discounts) / day.orders);

/**
 * The dashboard of a range (resolved in the shop's time zone, `now` being its current time): the
 * figures of the period and of the one before, the chart's buckets, the best-selling products,
 * the orders waiting to be sent and the variants low on stock. Each figure is an aggregate
 * query; the queries run side by side (docs/decisions/0021 defines each figure).
 */
export async function getDashboard(
  db: Database,
  query: DashboardQuery,
  settings: DashboardSettings,
): Promise<Dashboard> {
  const today = calendarDateIn(settings.now, settings.timeZone);
  const period = resolvePeriod(query, today);
  const window: Window = {
    timeZone: settings.timeZone,
    start: period.previousFrom,
    split: period.from,
    end: addDays(period.to, 1),
    hourly: period.unit === 'hour',
  };
  // The rollups where the shop's days are whole UTC hours (decision 0049), else the live sums.
  const rolled = wholeHourZone(settings.timeZone, window.start, window.end);
  const [{ sales, refunds }, lines, newCustomers, waitingCount, oldest, lowStock] =
    await Promise.all([
      rolled
        ? findSalesAndRefundsFromRollups(db, window)
        : Promise.all([findSalesByDay(db, window), findRefundsByDay(db, window)]).then(
            ([sales, refunds]) => ({ sales, refunds }),
          ),
      rolled
        ? findLineFiguresFromRollups(db, window, TOP_PRODUCTS_SHOWN)
        : findLineFigures(db, window, TOP_PRODUCTS_SHOWN),
      countNewCustomers(db, window),
      countWaitingOrders(db),
      findOldestWaitingOrders(db, WAITING_ORDERS_SHOWN),
      findLowStock(db, settings.lowStockThreshold, LOW_STOCK_SHOWN),
    ]);

  const days = new Map<string, DayCents>();
  const dayOf = (day: string) => {
    let found = days.get(day);
    if (!found) days.set(day, (found = emptyDay()));
    return found;
  };
  for (const row of sales) {
    const day = dayOf(row.day);
    day.orders = row.orders;
    day.gross = toCents(row.gross);
    day.discounts = toCents(row.discounts);
  }
  for (const row of refunds) dayOf(row.day).refunds = toCents(row.items);

  const { current, previous } = totals(days, period);
  const lineTotals = lines.find((row) => row.kind === 'total');
  const money = (cents: (day: DayCents) => number) =>
    figure(fromCents(cents(current)), fromCents(cents(previous)));

  const buckets = periodBuckets(period).map((bucket) => ({ ...bucket, ...emptyDay() }));
  const bucketByStart = new Map(buckets.map((bucket) => [bucket.start, bucket]));
  for (const [day, cents] of days) {
    if (day < period.from) continue;
    const bucket = bucketByStart.get(bucketOf(day, period));
    if (!bucket) continue;
    bucket.orders += cents.orders;
    bucket.gross += cents.gross;
    bucket.discounts += cents.discounts;
    bucket.refunds += cents.refunds;
  }

  return {
    period: {
      range: period.range,
      from: period.from,
      to: period.to,
      previousFrom: period.previousFrom,
      previousTo: period.previousTo,
      unit: period.unit,
      timeZone: settings.timeZone,
    },
    figures: {
      netSales: money(netCents),
      grossSales: money((day) => day.gross),
      discounts: money((day) => day.discounts),
      refunds: money((day) => day.refunds),
      orders: figure(current.orders, previous.orders),
      averageOrderValue: money(averageCents),
      itemsSold: figure(lineTotals?.units ?? 0, lineTotals?.unitsBefore ?? 0),
      newCustomers: figure(newCustomers.current, newCustomers.previous),
    },
    series: buckets.map((bucket) => ({
      start: bucket.start,
      end: bucket.end,
      netSales: fromCents(netCents(bucket)),
      orders: bucket.orders,
    })),
    topProducts: lines
      .filter((row) => row.kind === 'top')
      .map((row) => ({
        productId: row.productId,
        name: row.name ?? '',
        units: row.units,
        revenue: Number(row.revenue),
      }))
      .sort(
        (a, b) => b.revenue - a.revenue || b.units - a.units || a.name.localeCompare(b.name, 'en'),
      ),
    waiting: {
      count: waitingCount,
      oldest: oldest.map((row) => ({
        _id: row.id,
        buyerName: row.buyerName,
        paidAt: row.paidAt,
        totalPrice: Number(row.totalPrice),
      })),
    },
    lowStock: {
      count: lowStock.count,
      variants: lowStock.rows.map((row) => ({
        productId: row.productId,
        productName: row.productName,
        variantId: row.variantId,
        sku: row.sku,
        options: optionValues(row.productOptions, row.options),
        countInStock: row.countInStock,
        threshold: row.threshold,
      })),
    },
  };
}
