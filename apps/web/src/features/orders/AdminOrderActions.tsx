import type { Order } from '@proshop/domain/order-schemas';
import { canMarkDelivered, canMarkSent } from '@proshop/domain/order-transitions';
import Button from 'react-bootstrap/Button';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useMarkOrderDeliveredMutation, useMarkOrderSentMutation } from './orders-api.ts';

/** Mark As Sent and Mark As Delivered, each shown only when the shared transition rules allow. */
export function AdminOrderActions({ order }: { order: Order }) {
  const [markSent, sent] = useMarkOrderSentMutation();
  const [markDelivered, delivered] = useMarkOrderDeliveredMutation();
  const busy = sent.isLoading || delivered.isLoading;
  const error = sent.error ?? delivered.error;

  return (
    <>
      {busy && <Loader />}
      {error && <Message variant="danger">{errorMessage(error)}</Message>}
      {canMarkSent(order) && (
        <Button
          type="button"
          variant="dark"
          className="w-100"
          disabled={busy}
          onClick={() => {
            delivered.reset();
            void markSent(order._id);
          }}
        >
          Mark As Sent
        </Button>
      )}
      {canMarkDelivered(order) && (
        <Button
          type="button"
          variant="dark"
          className="w-100"
          disabled={busy}
          onClick={() => {
            sent.reset();
            void markDelivered(order._id);
          }}
        >
          Mark As Delivered
        </Button>
      )}
    </>
  );
}
