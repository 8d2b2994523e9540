import { formatMoney, toCents } from '@proshop/domain/money';
import { estimatedDeliveryDate } from '@proshop/domain/delivery-estimate';
import type { Order } from '@proshop/domain/order-schemas';
import { orderLabel } from '@proshop/domain/order-number';
import { refundStanding } from '@proshop/domain/order-status';
import { canCancel } from '@proshop/domain/order-transitions';
import { lineLabel } from '@proshop/domain/variants';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate } from 'react-router';
import { Message } from '../../components/Message.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { productPath } from '../../lib/product-path.ts';
import { mailToShop } from '../../lib/shop-email.ts';
import { CancelOrderButton } from './CancelOrderButton.tsx';
import { canRequestReturn, ReturnRequestForm } from './ReturnRequestForm.tsx';
import { shownDate } from './order-dates.ts';
import { useReorder, type ReorderResult } from './use-reorder.ts';

/**
 * The card messages of My Orders, one per order state: cancelled, refunded, unpaid, paid, sent,
 * delivered.
 */
function StatusMessage({ order }: { order: Order }) {
  if (order.isCancelled && order.cancelledAt) {
    return <>Cancelled on {shownDate(order.cancelledAt)}</>;
  }
  const standing = refundStanding(order);
  if (standing.kind === 'full') return <>Refunded on {shownDate(standing.lastAt)}</>;
  if (!order.isPaid) {
    return (
      <>
        This order hasn't been paid yet. <Link to={`/order/${order._id}`}>Go to Pay</Link>
      </>
    );
  }
  if (order.isDelivered && order.deliveredAt)
    return <>Delivered on {shownDate(order.deliveredAt)}</>;
  if (order.isSent && order.sentAt) {
    return <>Estimated Delivery {estimatedDeliveryDate(order.sentAt)}</>;
  }
  return <>Order waiting to be shipped</>;
}

const returnWords = {
  requested: 'Return requested: waiting for the shop',
  accepted: 'Return accepted: the items are refunded',
  declined: 'Return declined',
} as const;

/** Each return request of the order and what the shop decided. */
export function ReturnStates({ order }: { order: Order }) {
  if (order.returns.length === 0) return null;
  return (
    <ul className="list-unstyled small mt-2 mb-0">
      {order.returns.map((request) => (
        <li key={request._id}>
          {returnWords[request.status]}
          {request.declineMessage ? `: ${request.declineMessage}` : ''}
        </li>
      ))}
    </ul>
  );
}

/**
 * The card's Paid and Delivered indicators, as badges: green once done, neutral (with "Not")
 * while still to come. Text carries the state, not only the colour.
 */
function Indicator({ label, on }: { label: string; on: boolean }) {
  return (
    <span className={`badge me-2 ${on ? 'text-bg-success' : 'text-bg-light border'}`}>
      {on ? label : `Not ${label.toLowerCase()}`}
    </span>
  );
}

/** A link that writes to the shop; nothing at all when the shop has no e-mail address. */
function MailButton({ label, subject }: { label: string; subject: string }) {
  const href = mailToShop(subject);
  if (!href) return null;
  // A plain link: Bootstrap's Button would give it the role of a button.
  return (
    <a href={href} className="btn btn-outline-dark btn-sm">
      {label}
    </a>
  );
}

/** One order on the profile page: its state at a glance and what the shopper can do next. */
export function MyOrderCard({ order }: { order: Order }) {
  const navigate = useNavigate();
  const reorder = useReorder();
  const [reordering, setReordering] = useState(false);
  const [reordered, setReordered] = useState<ReorderResult | null>(null);
  const [returning, setReturning] = useState(false);
  const first = order.orderItems[0];
  // "Trail Shirt — Size: M, Colour: Blue": the option values of the line, as in the e-mails.
  const firstLabel = first ? lineLabel(first.name, first.options) : '';
  const more = order.orderItems.length - 1;
  const standing = refundStanding(order);
  const bought = order.isPaid && !order.isCancelled;

  const addToCart = async () => {
    setReordering(true);
    const result = await reorder(order);
    setReordering(false);
    if (result.unavailable.length === 0) void navigate('/cart');
    else setReordered(result);
  };

  return (
    <Card as="article" className="mb-3" aria-label={`Order ${order._id}`}>
      <Card.Header>
        <Row className="small g-2">
          <Col xs={6} md={3}>
            <div className="text-muted">Order Placed</div>
            {shownDate(order.createdAt)}
          </Col>
          <Col xs={6} md={3}>
            <div className="text-muted">Total</div>
            {formatMoney(toCents(order.totalPrice), order.currency)}
          </Col>
          <Col md={6} className="text-md-end">
            <div className="text-muted">Order number</div>
            <Link to={`/order/${order._id}`}>{orderLabel(order.orderNumber)}</Link>
          </Col>
        </Row>
      </Card.Header>
      <Card.Body>
        <h3 className="fs-5">
          <StatusMessage order={order} />
        </h3>
        <Row className="g-3 align-items-center">
          <Col xs={3} md={2}>
            {first && (
              <ProductImage
                image={first.image}
                alt={firstLabel}
                width={80}
                // 3 of 12 columns of the card on a phone, 2 from md.
                sizes="(min-width: 768px) 140px, 22vw"
                loading="lazy"
                className="img-fluid rounded"
              />
            )}
          </Col>
          <Col>
            {first &&
              (first.product ? (
                <Link to={productPath(first.product, first.options.length ? first.variant : null)}>
                  {firstLabel}
                </Link>
              ) : (
                <span>{firstLabel}</span>
              ))}
            {more > 0 && (
              <span className="text-muted">
                {' '}
                and {more} more item{more === 1 ? '' : 's'}
              </span>
            )}
            <div className="mt-2">
              <Indicator label="Paid" on={order.isPaid} />
              <Indicator label="Delivered" on={order.isDelivered} />
            </div>
            {order.discountCode && (
              <p className="mb-0 mt-2">
                Discount ({order.discountCode}):{' '}
                {order.discountPrice > 0
                  ? `\u2212${formatMoney(toCents(order.discountPrice), order.currency)}`
                  : 'free shipping'}
              </p>
            )}
            {order.isSent && <p className="mb-0 mt-2">This item has been sent</p>}
            {standing.kind === 'partial' && (
              <p className="mb-0 mt-2">
                Partially refunded ({formatMoney(standing.refundedCents, order.currency)})
              </p>
            )}
          </Col>
          <Col md={4} className="d-grid gap-2">
            {canCancel(order) && <CancelOrderButton order={order} />}
            {/* Only while something of a paid order can still be returned. */}
            {canRequestReturn(order) && (
              <Button
                type="button"
                variant="outline-dark"
                size="sm"
                aria-expanded={returning}
                onClick={() => setReturning(!returning)}
              >
                Return item
              </Button>
            )}
            <Button
              type="button"
              variant="dark"
              size="sm"
              disabled={reordering}
              onClick={() => void addToCart()}
            >
              Add to cart
            </Button>
            {/* A review of something in hand: paid and sent, its product still in the shop. */}
            {bought && (order.isSent || order.isDelivered) && first?.product && (
              <Link to={`/product/${first.product}#review`} className="btn btn-outline-dark btn-sm">
                Leave review
              </Link>
            )}
            <MailButton
              label="Contact Us"
              subject={`Question about order ${orderLabel(order.orderNumber)} (${order._id})`}
            />
          </Col>
        </Row>
        {returning && <ReturnRequestForm order={order} onDone={() => setReturning(false)} />}
        <ReturnStates order={order} />
        {reordered && (
          <Message variant={reordered.added > 0 ? 'info' : 'warning'}>
            {reordered.added > 0 && (
              <>
                Added {reordered.added} item{reordered.added === 1 ? '' : 's'} to your cart.{' '}
              </>
            )}
            No longer available: {reordered.unavailable.join(', ')}.{' '}
            {reordered.added > 0 && <Link to="/cart">Go to Cart</Link>}
          </Message>
        )}
      </Card.Body>
    </Card>
  );
}
