import { formatMoney } from '@proshop/domain/money';
import type { Order } from '@proshop/domain/order-schemas';
import { isRefundRefusal, planRefund, refundableOrder } from '@proshop/domain/refunds';
import { lineLabel } from '@proshop/domain/variants';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineError } from '../../components/InlineError.tsx';
import { useAcceptReturnMutation, useDeclineReturnMutation } from './orders-api.ts';
import { RefundConfirmModal } from './RefundConfirmModal.tsx';

type ReturnRequest = Order['returns'][number];

function OpenRequest({ order, request }: { order: Order; request: ReturnRequest }) {
  const [accept, accepted] = useAcceptReturnMutation();
  const [decline, declined] = useDeclineReturnMutation();
  const [restock, setRestock] = useState(true);
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);
  const names = new Map(
    order.orderItems.map((item) => [item._id, lineLabel(item.name, item.options)]),
  );
  const busy = accepted.isLoading || declined.isLoading;
  const error = accepted.error ?? declined.error;
  const ids = { orderId: order._id, returnId: request._id };
  // The refund accepting makes, by the server's rule (its lines with their tax, no shipping);
  // the server computes it again and decides. When it refuses, it says why on the click.
  const plan = planRefund(refundableOrder(order), {
    lines: request.lines.map((line) => ({ orderItem: line.orderItem, qty: line.qty })),
    shipping: false,
  });
  const amount = isRefundRefusal(plan) ? undefined : formatMoney(plan.amountCents, order.currency);
  const acceptNow = () => {
    setConfirming(false);
    void accept({ ...ids, body: { restock } });
  };

  return (
    <section aria-label="Return request" className="border rounded p-2 mb-2">
      <p className="small mb-1">
        {request.lines.map((line) => `${line.qty} x ${names.get(line.orderItem) ?? ''}`).join(', ')}
      </p>
      <p className="small mb-2">Reason: {request.reason}</p>
      <Form.Check
        id={`return-restock-${request._id}`}
        label="Put the items back into stock"
        checked={restock}
        onChange={(event) => setRestock(event.target.checked)}
      />
      <Button
        type="button"
        variant="dark"
        size="sm"
        className="w-100 my-2"
        disabled={busy}
        onClick={() => (amount ? setConfirming(true) : acceptNow())}
      >
        Accept and refund
      </Button>
      <RefundConfirmModal
        show={confirming && amount !== undefined}
        amount={amount ?? ''}
        buyerName={order.user.name}
        paymentMethod={order.paymentMethod}
        refunding={accepted.isLoading}
        onConfirm={acceptNow}
        onClose={() => setConfirming(false)}
      />
      <Form.Group controlId={`return-message-${request._id}`}>
        <Form.Label className="small mb-0">Message to the customer</Form.Label>
        <Form.Control
          size="sm"
          maxLength={1000}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </Form.Group>
      <Button
        type="button"
        variant="outline-danger"
        size="sm"
        className="w-100 mt-2"
        disabled={busy || message.trim() === ''}
        onClick={() => void decline({ ...ids, body: { message } })}
      >
        Decline
      </Button>
      <InlineError error={error} />
    </section>
  );
}

/** Admin: the order's open return requests, each accepted (refunded) or declined. */
export function AdminReturns({ order }: { order: Order }) {
  const open = order.returns.filter((request) => request.status === 'requested');
  if (open.length === 0) return null;
  return (
    <>
      <h2 className="fs-5">Return requests</h2>
      {open.map((request) => (
        <OpenRequest key={request._id} order={order} request={request} />
      ))}
    </>
  );
}
