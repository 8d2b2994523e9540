import type { PayConfig } from '@proshop/domain/order-schemas';
import { useEffect, useRef, useState } from 'react';
import { Loader } from '../Loader.tsx';
import { Message } from '../Message.tsx';
import { loadPayPalSdk, type PayPalButtonsInstance } from './load-paypal-sdk.ts';
import { PAYMENT_FAILED } from './payment-failure.ts';
import type { OrderPayment } from './order-payment.ts';

interface PayPalPaymentProps {
  config: PayConfig;
  payment: OrderPayment;
}

/**
 * PayPal's buttons, from PayPal's script loaded for this page only. PayPal asks for the order
 * id (the server creates the PayPal order with its own amount), the shopper approves in PayPal's
 * window, then the server captures. A refusal is thrown back to PayPal, which resets its buttons
 * so the shopper can try again, and shown here.
 */
export function PayPalPayment({ config, payment }: PayPalPaymentProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The buttons are made once per script; they call the newest callbacks through this ref.
  const latest = useRef(payment);
  useEffect(() => {
    latest.current = payment;
  });

  const { sdkUrl, clientId, currency } = config;
  useEffect(() => {
    let closed = false;
    let buttons: PayPalButtonsInstance | undefined;
    loadPayPalSdk({ sdkUrl, clientId, currency })
      .then(async (paypal) => {
        if (closed || !container.current) return;
        buttons = paypal.Buttons({
          createOrder: async () => (await latest.current.create()).providerOrderId,
          onApprove: (data) => latest.current.capture(data.orderID),
          onCancel: () => latest.current.setError(() => null),
          // A refusal already put the server's words on screen; anything else gets a general one.
          onError: () => latest.current.setError((current) => current ?? PAYMENT_FAILED),
        });
        await buttons.render(container.current);
        if (!closed) setState('ready');
      })
      .catch(() => {
        if (!closed) setState('failed');
      });
    return () => {
      closed = true;
      void buttons?.close().catch(() => {});
    };
  }, [sdkUrl, clientId, currency]);

  return (
    <>
      {state === 'loading' && <Loader />}
      {state === 'failed' && (
        <Message variant="danger">
          PayPal could not be loaded. Check your connection and reload the page to pay.
        </Message>
      )}
      <div ref={container} aria-label="PayPal" role="group" />
    </>
  );
}
