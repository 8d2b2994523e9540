import { formatMoney } from '@proshop/domain/money';
import { canPayOrder, isOrderViewerBuyer } from '@proshop/domain/order-permissions';
import { orderLabel } from '@proshop/domain/order-number';
import type { Order } from '@proshop/domain/order-schemas';
import { refundStanding } from '@proshop/domain/order-status';
import { canCancel, canMarkDelivered, canMarkSent } from '@proshop/domain/order-transitions';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { useSelector } from 'react-redux';
import { useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { OrderLines } from '../../components/OrderLines.tsx';
import { OrderSummary } from '../../components/OrderSummary.tsx';
import { RequireAuth } from '../../components/RequireAuth.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { addressLine } from '../../lib/address-fields.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { selectUserInfo } from '../../state/session-slice.ts';
import { AdminOrderActions } from './AdminOrderActions.tsx';
import { AdminReturns } from './AdminReturns.tsx';
import { BuyerReturn } from './BuyerReturn.tsx';
import { CancelOrderButton } from './CancelOrderButton.tsx';
import { GuestOrderNote } from './GuestOrderNote.tsx';
import { OrderPayment } from './OrderPayment.tsx';
import { OrderTimeline } from './OrderTimeline.tsx';
import { RefundForm } from './RefundForm.tsx';
import { ShipmentDetails } from './ShipmentDetails.tsx';
import { shownDate } from './order-dates.ts';
import { orderDetails } from './order-details.ts';
import { useGetOrderDetailsQuery } from './orders-api.ts';

function ShippingBanner({ order }: { order: Order }) {
  // A cancelled order is not waiting to be shipped: the banner under the title says what it is.
  if (order.isCancelled && !order.isSent) return null;
  if (order.isDelivered && order.deliveredAt) {
    return <Message variant="success">Delivered on {shownDate(order.deliveredAt)}</Message>;
  }
  if (order.isSent && order.sentAt) {
    return <Message variant="success">Shipped on {shownDate(order.sentAt)}</Message>;
  }
  // Waiting to be shipped is normal, not an error: a neutral banner.
  return <Message variant="secondary">Order Not Shipped</Message>;
}

/** The order's cancellation, under its title: it concerns the whole order, not its payment. */
function CancelledBanner({ order }: { order: Order }) {
  if (!order.isCancelled || !order.cancelledAt) return null;
  return <Message variant="secondary">Cancelled on {shownDate(order.cancelledAt)}</Message>;
}

function PaymentBanner({ order }: { order: Order }) {
  // Cancelled before it was paid: there is nothing to pay, and nothing to say here.
  if (order.isCancelled && !order.isPaid) return null;
  const standing = refundStanding(order);
  if (standing.kind === 'full') {
    return <Message variant="secondary">Refunded on {shownDate(standing.lastAt)}</Message>;
  }
  // Normal until paid (the payment box below is what to do): neutral, not red.
  if (!order.isPaid || !order.paidAt) return <Message variant="secondary">Order Not Paid</Message>;
  return (
    <>
      <Message variant="success">Paid on {shownDate(order.paidAt)}</Message>
      {standing.kind === 'partial' && (
        <Message variant="warning">
          Partially refunded ({formatMoney(standing.refundedCents, order.currency)})
        </Message>
      )}
    </>
  );
}

/**
 * What just happened, said plainly: the order was placed (the place-order step comes here with
 * `placed` in its state), or the payment made on this page went through.
 */
function JustDone({ order }: { order: Order }) {
  const placed = (useLocation().state as { placed?: boolean } | null)?.placed === true;
  // Paid while this page was open: the payment box has just done its work.
  const [unpaidWhenOpened] = useState(!order.isPaid);
  // Paid here, or paid on the place-order step that just opened this page.
  if (order.isPaid && (unpaidWhenOpened || placed)) {
    return <Message variant="success">Payment received. Thank you!</Message>;
  }
  if (placed && !order.isPaid && !order.isCancelled) {
    return (
      <Message variant="success">
        Thank you, your order is placed. It is on its way as soon as it is paid.
      </Message>
    );
  }
  return null;
}

function OrderDetails({ order, orderKey }: { order: Order; orderKey?: string }) {
  const userInfo = useSelector(selectUserInfo);
  const { shippingAddress: address } = order;
  const details = orderDetails(order);
  // The buyer: signed in as the order's account, or a guest holding its link's key.
  const viewerIsBuyer = isOrderViewerBuyer(order, {
    userId: userInfo?._id,
    isAdmin: userInfo?.isAdmin,
    key: orderKey,
  });
  // The server's rule: an admin looking at someone's order sees its state, not their buttons.
  const showPayment = canPayOrder(order, viewerIsBuyer);
  // The buyer, or an admin, while the order is neither paid nor sent (the server's rule).
  const showCancel = userInfo?.isAdmin
    ? canCancel(order, 'admin')
    : viewerIsBuyer && canCancel(order);
  const showAdmin = Boolean(userInfo?.isAdmin) && (canMarkSent(order) || canMarkDelivered(order));
  const showRefund =
    Boolean(userInfo?.isAdmin) && order.isPaid && refundStanding(order).kind !== 'full';

  return (
    <>
      <h1 className="fs-3">Order {orderLabel(order.orderNumber)}</h1>
      {/* The id stays the order's key and address: shown for a copy, a search or the shop. */}
      <p className="text-muted small text-break">
        Order id <span className="font-monospace">{order._id}</span>
      </p>
      <JustDone order={order} />
      {order.isGuest && viewerIsBuyer && orderKey && (
        <GuestOrderNote order={order} signedIn={userInfo !== null} />
      )}
      <CancelledBanner order={order} />
      <Row className="g-4">
        <Col md={8}>
          <ListGroup variant="flush">
            <ListGroup.Item>
              <h2>Shipping</h2>
              {/* text-break: a long e-mail or street name wraps within a phone's width. */}
              <p className="mb-1 text-break">
                <strong>Name: </strong>
                {order.user.name}
              </p>
              <p className="mb-1 text-break">
                <strong>Email: </strong>
                <a href={`mailto:${order.user.email}`}>{order.user.email}</a>
              </p>
              <div className="mb-3">
                <p className="mb-1 text-break">
                  <strong>Address: </strong>
                  {addressLine(address)}
                </p>
                {address.phone && (
                  <p className="mb-1 text-break">
                    <strong>Phone: </strong>
                    {address.phone}
                  </p>
                )}
                {details.shippingMethod && (
                  <p className="mb-1 text-break">
                    <strong>Shipping method: </strong>
                    {details.shippingMethod}
                  </p>
                )}
              </div>
              <ShippingBanner order={order} />
              <ShipmentDetails order={order} />
            </ListGroup.Item>
            <ListGroup.Item>
              <h2>Payment Method</h2>
              <p>
                <strong>Method: </strong>
                {order.paymentMethod}
              </p>
              <PaymentBanner order={order} />
            </ListGroup.Item>
            <ListGroup.Item>
              <h2>Order Items</h2>
              {order.orderItems.length === 0 ? (
                <Message>Order is empty</Message>
              ) : (
                <OrderLines items={order.orderItems} currency={order.currency} />
              )}
            </ListGroup.Item>
            {Boolean(userInfo?.isAdmin) && (
              <ListGroup.Item>
                <OrderTimeline orderId={order._id} />
              </ListGroup.Item>
            )}
          </ListGroup>
        </Col>
        {/* An admin's actions (send, refund, cancel) come first on a phone, above the timeline. */}
        <Col md={4} className={userInfo?.isAdmin ? 'order-first order-md-last' : undefined}>
          <OrderSummary
            prices={order}
            currency={order.currency}
            details={details}
            discount={
              order.discountCode
                ? // A code that took nothing off the items gave the shipping.
                  { code: order.discountCode, freeShipping: order.discountPrice === 0 }
                : undefined
            }
          >
            {showPayment && (
              <ListGroup.Item as="li">
                <OrderPayment
                  orderId={order._id}
                  orderKey={orderKey}
                  method={order.paymentMethod}
                />
              </ListGroup.Item>
            )}
            {showCancel && (
              <ListGroup.Item as="li" className="d-grid">
                <CancelOrderButton order={order} orderKey={orderKey} />
              </ListGroup.Item>
            )}
            {viewerIsBuyer && <BuyerReturn order={order} orderKey={orderKey} />}
            {showAdmin && (
              <ListGroup.Item as="li" className="d-grid gap-2">
                <AdminOrderActions order={order} />
              </ListGroup.Item>
            )}
            {Boolean(userInfo?.isAdmin) && order.returns.some((r) => r.status === 'requested') && (
              <ListGroup.Item as="li">
                <AdminReturns order={order} />
              </ListGroup.Item>
            )}
            {showRefund && (
              <ListGroup.Item as="li">
                <RefundForm order={order} />
              </ListGroup.Item>
            )}
          </OrderSummary>
        </Col>
      </Row>
    </>
  );
}

function OrderLoader({ orderKey }: { orderKey?: string }) {
  const { id = '' } = useParams();
  // A wrong key is answered as an unknown order is (404, "Order not found").
  const {
    data: order,
    isLoading,
    error,
  } = useGetOrderDetailsQuery(orderKey ? { orderId: id, key: orderKey } : id);
  // The title waits for the order's number (unchanged while it loads).
  useDocumentTitle(order ? `Order ${orderLabel(order.orderNumber)}` : undefined);
  if (isLoading) return <Loader />;
  if (error) return <Message variant="danger">{errorMessage(error)}</Message>;
  return order ? <OrderDetails order={order} orderKey={orderKey} /> : null;
}

/**
 * /order/{id}: an order for its buyer or an admin, with payment and the admin's steps.
 * /order/{id}?key={key}: a guest's order for whoever holds its link (issue #37), signed in or
 * not; every call of the page sends the key.
 */
export function OrderScreen() {
  const orderKey = useSearchParams()[0].get('key');
  if (orderKey) return <OrderLoader orderKey={orderKey} />;
  return (
    <RequireAuth>
      <OrderLoader />
    </RequireAuth>
  );
}
