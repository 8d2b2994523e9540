import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Message } from '../Message.tsx';
import type { OrderPayment } from './order-payment.ts';

/**
 * The built-in test provider (no PayPal credentials): one button that goes through the same
 * server path as PayPal (create, capture, verify), clearly marked as taking no money.
 */
export function TestModePayment({ payment }: { payment: OrderPayment }) {
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    setBusy(true);
    try {
      await payment.capture((await payment.create()).providerOrderId);
    } catch {
      // The refusal is on screen from the payment's state.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Message variant="warning">
        <strong>Test mode: no money is taken.</strong> This shop has no payment provider configured;
        the button below pays the order without charging anyone.
      </Message>
      <Button
        type="button"
        variant="dark"
        className="w-100"
        disabled={busy}
        onClick={() => void pay()}
      >
        Pay (test mode)
      </Button>
    </>
  );
}
