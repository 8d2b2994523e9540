import type { Order } from '@proshop/domain/order-schemas';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { InlineError } from '../../components/InlineError.tsx';
import { useCancelOrderMutation } from './orders-api.ts';

/**
 * Cancel order, asked twice: the first click shows the question and the two answers in place
 * (no modal), the second cancels. Shown by its callers only where the shared rule (canCancel)
 * allows; once cancelled, every screen showing the order refreshes and the button is gone.
 * `orderKey`: a guest's, from the order's link.
 */
export function CancelOrderButton({ order, orderKey }: { order: Order; orderKey?: string }) {
  const [confirming, setConfirming] = useState(false);
  const [cancelOrder, { isLoading, error }] = useCancelOrderMutation();

  if (!confirming) {
    return (
      <Button type="button" variant="outline-danger" size="sm" onClick={() => setConfirming(true)}>
        Cancel order
      </Button>
    );
  }
  return (
    <div role="group" aria-label="Cancel this order?" className="border rounded p-2">
      <p className="small mb-2">
        {order.isPaid
          ? 'Cancel this order and refund what is left of its payment? This cannot be undone.'
          : 'Cancel this order? This cannot be undone.'}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Button
          type="button"
          variant="danger"
          size="sm"
          disabled={isLoading}
          onClick={() => void cancelOrder({ orderId: order._id, key: orderKey })}
        >
          Yes, cancel order
        </Button>
        <Button
          type="button"
          variant="outline-dark"
          size="sm"
          disabled={isLoading}
          onClick={() => setConfirming(false)}
        >
          Keep order
        </Button>
      </div>
      <InlineError error={error} />
    </div>
  );
}
