import type { Order } from '@proshop/domain/order-schemas';
import { returnableUnits } from '@proshop/domain/refunds';
import { lineLabel } from '@proshop/domain/variants';
import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineError } from '../../components/InlineError.tsx';
import { QuantitySelect } from '../../components/QuantitySelect.tsx';
import { useRequestReturnMutation } from './orders-api.ts';

/** Whether My Orders offers a return request for this order. */
export function canRequestReturn(order: Order): boolean {
  return (
    order.isPaid &&
    !order.isCancelled &&
    [...returnableUnits(order).values()].some((units) => units > 0)
  );
}

/**
 * The buyer's return request on their order card (or a guest's order page, with the `orderKey`
 * of its link): how many of each line, and why.
 */
export function ReturnRequestForm({
  order,
  onDone,
  orderKey,
}: {
  order: Order;
  onDone: () => void;
  orderKey?: string;
}) {
  const left = returnableUnits(order);
  // One line that can go back: one unit of it, the likeliest return, so Send needs only the
  // reason. Several lines: none chosen, the shopper says which.
  const [quantities, setQuantities] = useState<Record<string, number>>(() => {
    const open = order.orderItems.filter((item) => (left.get(item._id) ?? 0) > 0);
    return open.length === 1 && open[0] ? { [open[0]._id]: 1 } : {};
  });
  const [reason, setReason] = useState('');
  const hintId = useId();
  const [requestReturn, { isLoading, error }] = useRequestReturnMutation();
  const lines = Object.entries(quantities)
    .filter(([, qty]) => qty > 0)
    .map(([orderItem, qty]) => ({ orderItem, qty }));

  // What Send still waits for, said beside it rather than a button that stays grey unexplained.
  const hint =
    lines.length === 0
      ? 'Choose how many of an item to return.'
      : reason.trim() === ''
        ? 'Say why you are returning them.'
        : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = await requestReturn({
      orderId: order._id,
      key: orderKey,
      body: { lines, reason },
    });
    if (!('error' in sent)) onDone();
  };

  return (
    <Form
      onSubmit={(event) => void submit(event)}
      aria-label="Return request"
      className="border rounded p-2 mt-2"
    >
      {order.orderItems.map((item) => {
        const units = Math.max(0, left.get(item._id) ?? 0);
        return (
          <QuantitySelect
            key={item._id}
            id={`return-${item._id}`}
            label={`${lineLabel(item.name, item.options)} to return`}
            max={units}
            value={quantities[item._id] ?? 0}
            onChange={(qty) => setQuantities({ ...quantities, [item._id]: qty })}
          />
        );
      })}
      <Form.Group controlId={`return-reason-${order._id}`} className="mb-2">
        <Form.Label className="small mb-0">Why are you returning them?</Form.Label>
        <Form.Control
          size="sm"
          required
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <Button
          type="submit"
          variant="dark"
          size="sm"
          disabled={isLoading || hint !== undefined}
          aria-describedby={hint ? hintId : undefined}
        >
          Send return request
        </Button>
        <Button type="button" variant="outline-dark" size="sm" onClick={onDone}>
          Close
        </Button>
      </div>
      {hint && (
        <p id={hintId} className="small text-body-secondary mt-2 mb-0">
          {hint}
        </p>
      )}
      <InlineError error={error} />
    </Form>
  );
}
