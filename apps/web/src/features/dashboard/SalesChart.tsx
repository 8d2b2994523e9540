import type { BucketUnit } from '@proshop/domain/dashboard-ranges';
import type { Dashboard } from '@proshop/domain/dashboard-schemas';
import { formatMoney, fromCents, toCents } from '@proshop/domain/money';
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { Message } from '../../components/Message.tsx';
import { shopCurrency } from '../../lib/shop-currency.ts';
import { axisLabel, bucketLabel } from './dashboard-query.ts';

const HEIGHT = 260;
const SALES_COLOUR = '#0d6efd';
const ORDERS_COLOUR = '#198754';

interface SalesChartProps {
  series: Dashboard['series'];
  unit: BucketUnit;
  /** What the chart shows, for screen readers (the table view has the figures). */
  label: string;
}

/** uPlot and its stylesheet, fetched on the first chart drawn: no other screen loads them. */
const loadUPlot = () =>
  Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
    ([module]) => module.default,
  );

const money = (amount: number) => formatMoney(toCents(amount), shopCurrency);

function chartOptions(UPlot: typeof uPlot, props: SalesChartProps, width: number): uPlot.Options {
  const labels = props.series.map((bucket) => axisLabel(bucket.start, props.unit));
  const names = props.series.map((bucket) => bucketLabel(bucket, props.unit));
  // Without a pointer over a bucket the legend shows the whole range's figures, not "—".
  const totalSales = fromCents(
    props.series.reduce((sum, bucket) => sum + toCents(bucket.netSales), 0),
  );
  const totalOrders = props.series.reduce((sum, bucket) => sum + bucket.orders, 0);
  return {
    width,
    height: HEIGHT,
    scales: {
      // The buckets by their index: weeks cut to the period are not even steps of time.
      x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
      sales: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max)] },
      orders: { range: (_u, _min, max) => [0, Math.max(1, max)] },
    },
    series: [
      {
        label: props.unit,
        value: (_u, index) => (index === null ? 'All' : (names[index] ?? '')),
      },
      {
        label: 'Net sales',
        scale: 'sales',
        stroke: SALES_COLOUR,
        fill: `${SALES_COLOUR}66`,
        paths: UPlot.paths.bars?.({ size: [0.6, 48] }),
        points: { show: false },
        value: (_u, amount) => money(amount ?? totalSales),
      },
      {
        label: 'Orders',
        scale: 'orders',
        stroke: ORDERS_COLOUR,
        width: 2,
        points: { show: true, size: 6, fill: ORDERS_COLOUR },
        value: (_u, count) => String(count ?? totalOrders),
      },
    ],
    axes: [
      {
        space: 56,
        incrs: [1, 2, 3, 4, 6, 7, 14, 30, 60],
        values: (_u, splits) => splits.map((index) => labels[index] ?? ''),
      },
      {
        scale: 'sales',
        size: 64,
        values: (_u, splits) =>
          splits.map((amount) =>
            formatMoney(toCents(amount), shopCurrency, { trimZeroCents: true }),
          ),
      },
      {
        scale: 'orders',
        side: 1,
        size: 40,
        grid: { show: false },
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000],
      },
    ],
  };
}

/**
 * Net sales (bars) and orders (a line) per bucket, drawn by uPlot on a canvas that follows its
 * box's width. Loaded only here (a dynamic import): the library is not in any other screen's
 * code (scripts/lib/first-load.mjs checks the first load).
 */
export function SalesChart(props: SalesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');
  const { series, unit, label } = props;

  useEffect(() => {
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    loadUPlot().then(
      (UPlot) => {
        const element = box.current;
        if (cancelled || !element) return;
        const data: uPlot.AlignedData = [
          series.map((_bucket, index) => index),
          series.map((bucket) => bucket.netSales),
          series.map((bucket) => bucket.orders),
        ];
        chart = new UPlot(
          chartOptions(UPlot, { series, unit, label }, element.clientWidth),
          data,
          element,
        );
        observer = new ResizeObserver(() => {
          chart?.setSize({ width: element.clientWidth, height: HEIGHT });
        });
        observer.observe(element);
        setState('drawn');
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [series, unit, label]);

  return (
    <>
      {state === 'failed' && (
        <Message variant="warning">
          The chart could not be loaded. The table view shows the same figures.
        </Message>
      )}
      <div
        ref={box}
        role="img"
        aria-label={label}
        className="sales-chart"
        style={{ minHeight: state === 'failed' ? 0 : HEIGHT }}
      />
    </>
  );
}
