import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useGetDashboardQuery } from './dashboard-api.ts';
import { queryFromSearch, searchFromQuery } from './dashboard-query.ts';
import { FigureCards } from './FigureCards.tsx';
import { RangePicker } from './RangePicker.tsx';
import { SalesOverTime } from './SalesOverTime.tsx';
import { LowStock, TopProducts, WaitingOrders } from './ShopLists.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';

/**
 * Admin: how sales go over a range of days compared with the days before, what waits to be
 * sent and what runs out (/admin and /admin/dashboard; docs/decisions/0021).
 */
export function DashboardScreen() {
  useDocumentTitle('Dashboard');
  return (
    <RequireAdmin>
      <Dashboard />
    </RequireAdmin>
  );
}

function Dashboard() {
  const [params, setParams] = useSearchParams();
  const query = queryFromSearch(params);
  // Fresh on every visit and range: orders are paid all the time.
  const {
    currentData: dashboard,
    isFetching,
    error,
  } = useGetDashboardQuery(query, { refetchOnMountOrArgChange: true });

  return (
    <>
      <h1>Dashboard</h1>
      <RangePicker
        // A new address (the back button, a link) starts the picker from the range it names.
        key={params.toString()}
        query={query}
        shown={dashboard?.period}
        onChange={(next) => setParams(searchFromQuery(next))}
      />
      {error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : isFetching || !dashboard ? (
        <Loader />
      ) : (
        <>
          <p className="text-body-secondary">
            {dashboard.period.from === dashboard.period.to
              ? dashboard.period.from
              : `${dashboard.period.from} to ${dashboard.period.to}`}
            , compared with{' '}
            {dashboard.period.previousFrom === dashboard.period.previousTo
              ? dashboard.period.previousFrom
              : `${dashboard.period.previousFrom} to ${dashboard.period.previousTo}`}{' '}
            (shop time zone: {dashboard.period.timeZone})
          </p>
          <FigureCards figures={dashboard.figures} />
          <SalesOverTime dashboard={dashboard} />
          <Row>
            <Col lg={6}>
              <TopProducts products={dashboard.topProducts} />
            </Col>
            <Col lg={6}>
              <WaitingOrders waiting={dashboard.waiting} />
            </Col>
          </Row>
          <LowStock lowStock={dashboard.lowStock} />
        </>
      )}
    </>
  );
}
