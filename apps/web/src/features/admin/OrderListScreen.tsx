import { formatMoney, toCents } from '@proshop/domain/money';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderStatus,
  type OrderStatus,
} from '@proshop/domain/order-status';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { Paginate } from '../../components/Paginate.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { errorMessage } from '../../lib/error-message.ts';
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

const isOrderStatus = (value: string | null): value is OrderStatus =>
  (ORDER_STATUSES as readonly (string | null)[]).includes(value);

/** The STATUS filter: a choice goes into the address (`?status=`) and starts at page 1. */
function StatusFilter({ status }: { status: OrderStatus | undefined }) {
  const navigate = useNavigate();
  return (
    <Form.Group controlId="order-status-filter" className="mb-3" style={{ maxWidth: '16rem' }}>
      <Form.Label className="small mb-0">Status</Form.Label>
      <Form.Select
        size="sm"
        value={status ?? ''}
        onChange={(event) => {
          const chosen = event.target.value;
          void navigate(chosen ? `/admin/orderlist?status=${chosen}` : '/admin/orderlist');
        }}
      >
        <option value="">All orders</option>
        {ORDER_STATUSES.map((value) => (
          <option key={value} value={value}>
            {ORDER_STATUS_LABELS[value]}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

function OrderList() {
  const { pageNumber = '1' } = useParams();
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('status');
  const status = isOrderStatus(asked) ? asked : undefined;
  // Always fresh on arrival: orders change from other browsers (payments, other admins).
  const { currentData, isFetching, error } = useGetOrderPageQuery(
    { pageNumber, status },
    { refetchOnMountOrArgChange: true },
  );

  return (
    <>
      <h1>Orders</h1>
      <StatusFilter status={status} />
      {isFetching && !currentData ? (
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
                    <th>DETAILS</th>
                  </tr>
                </thead>
                <tbody>
                  {currentData.orders.map((order) => (
                    <tr key={order._id}>
                      <td>{order._id}</td>
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
                      <td>
                        <Link
                          to={`/order/${order._id}`}
                          className="btn btn-light btn-sm"
                          aria-label={`Details of order ${order._id}`}
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
              search={status ? `?status=${status}` : ''}
            />
          </>
        )
      )}
    </>
  );
}

/**
 * Admin: every order (or those in one state), newest first, a page at a time, with its buyer and
 * how far it has come.
 */
export function OrderListScreen() {
  return (
    <RequireAdmin>
      <OrderList />
    </RequireAdmin>
  );
}
