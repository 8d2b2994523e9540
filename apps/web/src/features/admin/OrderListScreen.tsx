import { formatMoney, toCents } from '@proshop/domain/money';
import { orderLabel } from '@proshop/domain/order-number';
import { ORDER_STATUS_LABELS, orderStatus } from '@proshop/domain/order-status';
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
  const { status, ...narrowing } = filters;

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
                    : status
                      ? 'No orders in this state'
                      : 'No orders yet'}
              </Message>
            ) : (
              <Table striped bordered hover responsive size="sm">
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
                      <td>
                        {orderLabel(order.orderNumber)}
                        <div className="small text-muted">
                          <ShortId id={order._id} />
                        </div>
                      </td>
                      <td>{order.user.name}</td>
                      <td>{order.createdAt.slice(0, 10)}</td>
                      <td>{formatMoney(toCents(order.totalPrice), order.currency)}</td>
                      <td>
                        <StepDate at={order.paidAt} notYet="Not paid" />
                      </td>
                      <td>
                        <StepDate at={order.sentAt} notYet="Not sent" />
                      </td>
                      <td>
                        <StepDate at={order.deliveredAt} notYet="Not delivered" />
                      </td>
                      <td>{ORDER_STATUS_LABELS[orderStatus(order)]}</td>
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
