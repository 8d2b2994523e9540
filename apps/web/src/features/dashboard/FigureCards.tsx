import { changeLabel } from '@proshop/domain/dashboard-ranges';
import type { Dashboard, DashboardFigure } from '@proshop/domain/dashboard-schemas';
import { formatMoney, toCents } from '@proshop/domain/money';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { shopCurrency } from '../../lib/shop-currency.ts';

type FigureName = keyof Dashboard['figures'];

/** The figures shown, in order; refunds are the one figure whose rise is bad news. */
const SHOWN: { name: FigureName; title: string; money: boolean; riseIsBad?: boolean }[] = [
  { name: 'netSales', title: 'Net sales', money: true },
  { name: 'orders', title: 'Orders', money: false },
  { name: 'averageOrderValue', title: 'Average order value', money: true },
  { name: 'itemsSold', title: 'Items sold', money: false },
  { name: 'refunds', title: 'Refunds', money: true, riseIsBad: true },
  { name: 'newCustomers', title: 'New customers', money: false },
];

const show = (value: number, money: boolean) =>
  money ? formatMoney(toCents(value), shopCurrency) : value.toLocaleString('en-US');

function changeColour(figure: DashboardFigure, riseIsBad = false): string {
  if (figure.change === null || figure.change === 0) return 'text-body-secondary';
  return figure.change > 0 !== riseIsBad ? 'text-success' : 'text-danger';
}

/** The period's figures, each with the previous period's and the change between them. */
export function FigureCards({ figures }: { figures: Dashboard['figures'] }) {
  return (
    <Row xs={2} md={3} xl={6} className="g-3">
      {SHOWN.map(({ name, title, money, riseIsBad }) => {
        const figure = figures[name];
        return (
          <Col key={name}>
            <Card as="section" aria-labelledby={`figure-${name}`} className="h-100">
              <Card.Body>
                <h2 id={`figure-${name}`} className="h6 text-body-secondary mb-1">
                  {title}
                </h2>
                <p className="fs-4 fw-semibold mb-1" data-figure="current">
                  {show(figure.current, money)}
                </p>
                <p className="small mb-0">
                  <span className={changeColour(figure, riseIsBad)}>
                    {changeLabel(figure.change, figure.current)}
                  </span>{' '}
                  <span className="text-body-secondary">
                    (before: {show(figure.previous, money)})
                  </span>
                </p>
                {name === 'netSales' && (
                  <p className="small text-body-secondary mb-0 mt-1">
                    {show(figures.grossSales.current, true)} sold −{' '}
                    {show(figures.discounts.current, true)} discounts −{' '}
                    {show(figures.refunds.current, true)} refunds
                  </p>
                )}
              </Card.Body>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
