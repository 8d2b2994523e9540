import { formatMoney, toCents } from '@proshop/domain/money';
import { orderLabel } from '@proshop/domain/order-number';
import type { Order } from '@proshop/domain/order-schemas';
import { hasReturnRequested } from '@proshop/domain/order-returns';
import { ORDER_STATUS_LABELS, orderStatus, type OrderStatus } from '@proshop/domain/order-status';
import Table from 'react-bootstrap/Table';
import { Link, useParams, useSearchParams } from 'react-router';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { Paginate } from '../../components/Paginate.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { ShortId } from '../../components/ShortId.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { checkFilters, filterSearch, filterValues } from './order-filters.ts';
import { OrderExportButton } from './OrderExportButton.tsx';
import { OrderFilters } from './OrderFilters.tsx';
import { useGetOrderPageQuery } from './orders-admin-api.ts';

/** The day of a step (first 10 characters of the timestamp), or a red cross when not yet. */
function StepDate({ at, notYet }: { at: string | null; notYet: string }) {
  return at ? (
    <>{at.slice(0, 10)}</>
  ) : (
    <span className="text-danger fw-bold" role="img" aria-label={notYet}>
      ✗
    </span>
  );
}

/** Each state's badge colour, with a text colour that reads on it (text-bg-*). */
const STATUS_BADGES: Record<OrderStatus, string> = {
  'not-paid': 'text-bg-warning',
  paid: 'text-bg-primary',
  sent: 'text-bg-info',
  delivered: 'text-bg-success',
  'partially-refunded': 'text-bg-secondary',
  refunded: 'text-bg-secondary',
  cancelled: 'text-bg-dark',
};

/** The STATUS cell: the order's state, and a return waiting for the admin's decision. */
function OrderStatusBadges({ order }: { order: Order }) {
  const status = orderStatus(order);
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      <span className={`badge ${STATUS_BADGES[status]}`}>{ORDER_STATUS_LABELS[status]}</span>
      {hasReturnRequested(order) && <span className="badge text-bg-danger">Return requested</span>}
    </span>
  );
}

function OrderList() {
  const { pageNumber = '1' } = useParams();
  const [searchParams] = useSearchParams();
  const values = filterValues(searchParams);
  const search = filterSearch(values);
  // Checked here by the API's schema: a bad address says what is wrong without asking.
  const checked = checkFilters(values);
  const filters = 'filters' in checked ? checked.filters : {};
  // Always fresh on arrival: orders change from other browsers (payments, other admins).
  const { currentData, isFetching, error } = useGetOrderPageQuery(
    { pageNumber, filters },
    { refetchOnMountOrArgChange: true, skip: 'problem' in checked },
  );
  const { status, returns, ...narrowing } = filters;

  return (
    <>
      <h1>Orders</h1>
      <OrderFilters values={values} />
      <OrderExportButton search={search} disabled={'problem' in checked} />
      {'problem' in checked ? (
        <Message variant="danger">{checked.problem}</Message>
      ) : isFetching && !currentData ? (
        <Loader />
      ) : error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : (
        currentData && (
          <>
            {currentData.orders.length === 0 ? (
              <Message>
                {currentData.page > currentData.pages
                  ? 'There are no orders on this page.'
                  : Object.keys(narrowing).length > 0
                    ? 'No orders match the search'
                    : returns
                      ? 'No return is waiting for a decision'
                      : status
                        ? 'No orders in this state'
                        : 'No orders yet'}
              </Message>
            ) : (
              <Table striped bordered hover responsive size="sm" className="admin-cards">
                <thead>
                  <tr>
                    <th>ID</th>
                    <th>USER</th>
                    <th>DATE</th>
                    <th>TOTAL</th>
                    <th>PAID</th>
                    <th>SENT</th>
                    <th>DELIVERED</th>
                    <th>STATUS</th>
                    <th className="table-actions">DETAILS</th>
                  </tr>
                </thead>
                <tbody>
                  {currentData.orders.map((order) => (
                    <tr key={order._id}>
                      {/* The spec's ID column: the number people use, the id below it. */}
                      <td data-label="ID">
                        {orderLabel(order.orderNumber)}
                        <div className="small text-muted">
                          <ShortId id={order._id} />
                        </div>
                      </td>
                      <td className="admin-card-title">
                        {order.user.name}
                        {/* Bought without an account (issue #37): no user to open. */}
                        {order.isGuest && (
                          <span className="badge text-bg-light border ms-2">Guest</span>
                        )}
                      </td>
                      <td data-label="DATE">{order.createdAt.slice(0, 10)}</td>
                      <td data-label="TOTAL">
                        {formatMoney(toCents(order.totalPrice), order.currency)}
                      </td>
                      <td data-label="PAID">
                        <StepDate at={order.paidAt} notYet="Not paid" />
                      </td>
                      <td data-label="SENT">
                        <StepDate at={order.sentAt} notYet="Not sent" />
                      </td>
                      <td data-label="DELIVERED">
                        <StepDate at={order.deliveredAt} notYet="Not delivered" />
                      </td>
                      <td data-label="STATUS">
                        <OrderStatusBadges order={order} />
                      </td>
                      <td className="table-actions">
                        <Link
                          to={`/order/${order._id}`}
                          className="btn btn-light btn-sm"
                          aria-label={`Details of order ${orderLabel(order.orderNumber)}`}
                        >
                          Details
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            <Paginate
              pages={currentData.pages}
              page={currentData.page}
              adminList="/admin/orderlist"
              search={search}
            />
          </>
        )
      )}
    </>
  );
}

/**
 * Admin: every order, or those the search and filters find, newest first, a page at a time, with
 * its buyer and how far it has come; the matching orders can be exported as CSV.
 */
export function OrderListScreen() {
  useDocumentTitle('Orders');
  return (
    <RequireAdmin>
      <OrderList />
    </RequireAdmin>
  );
}
