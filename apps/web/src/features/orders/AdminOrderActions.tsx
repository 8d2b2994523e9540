import type { Order } from '@proshop/domain/order-schemas';
import { canMarkDelivered, canMarkSent } from '@proshop/domain/order-transitions';
import Button from 'react-bootstrap/Button';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { MarkSentForm } from './MarkSentForm.tsx';
import { useMarkOrderDeliveredMutation } from './orders-api.ts';

/**
 * Mark As Sent (with its carrier and tracking number) and Mark As Delivered, each shown only
 * when the shared transition rules allow.
 */
export function AdminOrderActions({ order }: { order: Order }) {
  const [markDelivered, delivered] = useMarkOrderDeliveredMutation();

  return (
    <>
      {delivered.isLoading && <Loader />}
      {delivered.error && <Message variant="danger">{errorMessage(delivered.error)}</Message>}
      {canMarkSent(order) && <MarkSentForm orderId={order._id} disabled={delivered.isLoading} />}
      {canMarkDelivered(order) && (
        <Button
          type="button"
          variant="dark"
          className="w-100"
          disabled={delivered.isLoading}
          onClick={() => void markDelivered(order._id)}
        >
          Mark As Delivered
        </Button>
      )}
    </>
  );
}
