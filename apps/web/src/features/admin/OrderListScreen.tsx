import { formatMoney, toCents } from '@proshop/domain/money';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
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

function OrderList() {
  const { pageNumber = '1' } = useParams();
  // Always fresh on arrival: orders change from other browsers (payments, other admins).
  const { currentData, isFetching, error } = useGetOrderPageQuery(pageNumber, {
    refetchOnMountOrArgChange: true,
  });

  return (
    <>
      <h1>Orders</h1>
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
            />
          </>
        )
      )}
    </>
  );
}

/** Admin: every order, newest first, a page at a time, with its buyer and how far it has come. */
export function OrderListScreen() {
  return (
    <RequireAdmin>
      <OrderList />
    </RequireAdmin>
  );
}
