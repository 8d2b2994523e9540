import { MAX_CARRIER_LENGTH, MAX_TRACKING_NUMBER_LENGTH } from '@proshop/domain/order-limits';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineError } from '../../components/InlineError.tsx';
import { useMarkOrderSentMutation } from './orders-api.ts';

/**
 * Mark As Sent, asked in place (as Cancel order is): the first click opens the carrier and the
 * tracking number, both optional, and the form's Mark As Sent marks the order sent with them.
 */
export function MarkSentForm({ orderId, disabled }: { orderId: string; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [markSent, { isLoading, error, reset }] = useMarkOrderSentMutation();

  if (!open) {
    return (
      <Button
        type="button"
        variant="dark"
        className="w-100"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        Mark As Sent
      </Button>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void markSent({
      orderId,
      body: { carrier: carrier.trim() || null, trackingNumber: trackingNumber.trim() || null },
    });
  };

  return (
    <Form onSubmit={submit} aria-label="Mark As Sent" className="border rounded p-2">
      <Form.Group controlId={`sent-carrier-${orderId}`} className="mb-2">
        <Form.Label className="small mb-0">Carrier (optional)</Form.Label>
        <Form.Control
          size="sm"
          maxLength={MAX_CARRIER_LENGTH}
          value={carrier}
          onChange={(event) => setCarrier(event.target.value)}
        />
      </Form.Group>
      <Form.Group controlId={`sent-tracking-${orderId}`} className="mb-2">
        <Form.Label className="small mb-0">Tracking number (optional)</Form.Label>
        <Form.Control
          size="sm"
          maxLength={MAX_TRACKING_NUMBER_LENGTH}
          value={trackingNumber}
          onChange={(event) => setTrackingNumber(event.target.value)}
        />
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="dark" size="sm" disabled={disabled || isLoading}>
          Mark As Sent
        </Button>
        <Button
          type="button"
          variant="outline-dark"
          size="sm"
          disabled={isLoading}
          onClick={() => {
            reset();
            setOpen(false);
          }}
        >
          Back
        </Button>
      </div>
      <InlineError error={error} />
    </Form>
  );
}
