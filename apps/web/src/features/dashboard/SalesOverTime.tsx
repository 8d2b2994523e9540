import type { Dashboard } from '@proshop/domain/dashboard-schemas';
import { formatMoney, toCents } from '@proshop/domain/money';
import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { shopCurrency } from '../../lib/shop-currency.ts';
import { bucketLabel } from './dashboard-query.ts';
import { SalesChart } from './SalesChart.tsx';

const UNIT_HEADINGS = { hour: 'Hour', day: 'Day', week: 'Week', month: 'Month' } as const;

/**
 * Net sales and orders per bucket, as a chart or as a table of the same figures (for screen
 * readers, and for reading exact amounts). The choice is a pair of toggle buttons.
 */
export function SalesOverTime({ dashboard }: { dashboard: Dashboard }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const { series, period } = dashboard;
  const label = `Net sales and orders per ${period.unit} from ${period.from} to ${period.to}`;
  const toggle = (value: 'chart' | 'table', text: string) => (
    <button
      type="button"
      className={`btn btn-sm ${view === value ? 'btn-secondary' : 'btn-outline-secondary'}`}
      aria-pressed={view === value}
      onClick={() => setView(value)}
    >
      {text}
    </button>
  );
  return (
    <section aria-labelledby="sales-over-time" className="my-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id="sales-over-time" className="h4 mb-0">
          Net sales and orders per {period.unit}
        </h2>
        <div className="btn-group" role="group" aria-label="Show as">
          {toggle('chart', 'Chart')}
          {toggle('table', 'Table')}
        </div>
      </div>
      {view === 'chart' ? (
        <SalesChart series={series} unit={period.unit} label={label} />
      ) : (
        <Table striped bordered size="sm" responsive>
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              <th scope="col">{UNIT_HEADINGS[period.unit]}</th>
              <th scope="col" className="text-end">
                Net sales
              </th>
              <th scope="col" className="text-end">
                Orders
              </th>
            </tr>
          </thead>
          <tbody>
            {series.map((bucket) => (
              <tr key={bucket.start}>
                <th scope="row" className="fw-normal text-nowrap">
                  {bucketLabel(bucket, period.unit)}
                </th>
                <td className="text-end">{formatMoney(toCents(bucket.netSales), shopCurrency)}</td>
                <td className="text-end">{bucket.orders}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
