import type { PayConfig } from '@proshop/domain/order-schemas';
import type { PaymentIntent, Stripe, StripeElement, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useSearchParams } from 'react-router';
import { Loader } from '../Loader.tsx';
import { Message } from '../Message.tsx';
import { loadStripe, type StripeJsConfig } from './load-stripe-js.ts';
import type { OrderPayment } from './order-payment.ts';
import { PAYMENT_FAILED } from './payment-failure.ts';

/** The query Stripe adds to the return address when a payment comes back from a bank's page. */
const RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'];

/**
 * The card holder said yes: the server may capture. `processing` is Stripe still hearing from
 * the bank; the server answers that the payment is pending.
 */
function isAuthorised(intent: PaymentIntent): boolean {
  return (
    intent.status === 'requires_capture' ||
    intent.status === 'succeeded' ||
    intent.status === 'processing'
  );
}

type Stage =
  /** The form is not started: on the place-order step until the shopper asks, or after a refusal. */
  | 'waiting'
  | 'starting'
  /** The card form is on screen. */
  | 'ready'
  | 'paying'
  | 'paid'
  /** Stripe.js could not be loaded. */
  | 'unavailable';

interface StripePaymentProps {
  config: StripeJsConfig;
  payment: OrderPayment;
}

/**
 * Stripe's card form (the Payment Element), from Stripe.js loaded for this page only. The server
 * creates the PaymentIntent for the order's amount and answers its client secret; Stripe.js
 * confirms the card with it (3-D Secure included) and leaves it authorised; then the server
 * captures and checks it. On the place-order step the form waits for "Pay by card", which places
 * the order first; on the order page it starts at once. A card Stripe refuses shows Stripe's
 * words, and the form stays for another card.
 */
function StripeCardPayment({ config, payment }: StripePaymentProps) {
  const container = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<Stage>(payment.placesOrder ? 'waiting' : 'starting');
  const [searchParams, setSearchParams] = useSearchParams();
  // Made once per start; the callbacks read the newest payment through this ref.
  const latest = useRef(payment);
  useEffect(() => {
    latest.current = payment;
  });
  const stripeRef = useRef<Stripe | null>(null);
  const formRef = useRef<{ elements: StripeElements; element: StripeElement } | null>(null);
  const [formShown, setFormShown] = useState(false);
  // An intent the card holder authorised but the server did not capture yet (a refusal, a
  // dropped connection): Pay asks the server again rather than confirming the card again.
  const authorised = useRef<string | null>(null);
  const closed = useRef(false);

  const refuse = (message: string | undefined) => {
    latest.current.setError(() => message ?? PAYMENT_FAILED);
  };

  const capture = async (intentId: string) => {
    authorised.current = intentId;
    setStage('paying');
    try {
      await latest.current.capture(intentId);
      if (!closed.current) setStage('paid');
    } catch {
      // The refusal is on screen from the payment's state; Pay tries the capture again.
      if (!closed.current) setStage(formRef.current ? 'ready' : 'waiting');
    }
  };

  /** The redirect's client secret when a bank's page sent the shopper back here, once. */
  const takeReturn = (): string | null => {
    const secret = searchParams.get('payment_intent_client_secret');
    if (!secret) return null;
    const kept = new URLSearchParams(searchParams);
    for (const name of RETURN_PARAMS) kept.delete(name);
    setSearchParams(kept, { replace: true });
    return secret;
  };

  const start = async () => {
    setStage('starting');
    let stripe: Stripe;
    try {
      stripe = stripeRef.current ?? (await loadStripe(config));
      stripeRef.current = stripe;
    } catch {
      if (!closed.current) setStage('unavailable');
      return;
    }
    try {
      const returned = takeReturn();
      if (returned) {
        const { paymentIntent } = await stripe.retrievePaymentIntent(returned);
        if (paymentIntent && isAuthorised(paymentIntent)) return await capture(paymentIntent.id);
        // Back without the bank's yes: the order's payment starts again below (same intent).
        refuse(paymentIntent?.last_payment_error?.message);
      }
      const { clientSecret } = await latest.current.create();
      if (!clientSecret) throw new Error('The server answered no client secret.');
      const { paymentIntent, error } = await stripe.retrievePaymentIntent(clientSecret);
      if (!paymentIntent) {
        refuse(error.message);
        if (!closed.current) setStage('waiting');
        return;
      }
      // Authorised on an earlier visit whose page closed before the server heard of it.
      if (isAuthorised(paymentIntent)) return await capture(paymentIntent.id);
      if (closed.current || !container.current) return;
      formRef.current?.element.destroy();
      const elements = stripe.elements({ clientSecret });
      const element = elements.create('payment');
      element.mount(container.current);
      formRef.current = { elements, element };
      setFormShown(true);
      authorised.current = null;
      setStage('ready');
    } catch {
      // A refusal of the server is on screen already; anything else gets a general message.
      latest.current.setError((current) => current ?? PAYMENT_FAILED);
      if (!closed.current) setStage('waiting');
    }
  };

  const pay = async () => {
    const stripe = stripeRef.current;
    const form = formRef.current;
    if (!stripe || !form) return;
    latest.current.setError(() => null);
    if (authorised.current) return capture(authorised.current);
    setStage('paying');
    const { paymentIntent, error } = await stripe.confirmPayment({
      elements: form.elements,
      redirect: 'if_required',
      confirmParams: {
        return_url: new URL(latest.current.returnPath(), window.location.href).href,
      },
    });
    if (closed.current) return;
    if (paymentIntent && isAuthorised(paymentIntent)) return capture(paymentIntent.id);
    refuse(error?.message);
    setStage('ready');
  };

  // The order page starts at once (as does a page a bank's 3-D Secure page sent back); the
  // place-order step loads Stripe.js now so that "Pay by card" has it ready. Later starts are
  // the shopper's.
  const begin = useRef(start);
  useEffect(() => {
    begin.current = start;
  });
  const { placesOrder } = payment;
  const { publishableKey, jsUrl } = config;
  useEffect(() => {
    closed.current = false;
    if (placesOrder) void loadStripe({ publishableKey, jsUrl }).catch(() => {});
    else void begin.current();
    return () => {
      closed.current = true;
      formRef.current?.element.destroy();
      formRef.current = null;
    };
  }, [placesOrder, publishableKey, jsUrl]);

  const busy = stage === 'starting' || stage === 'paying' || stage === 'paid';
  return (
    <>
      {stage === 'unavailable' && (
        <Message variant="danger">
          The card form could not be loaded. Check your connection and reload the page to pay.
        </Message>
      )}
      {stage === 'starting' && <Loader />}
      {stage === 'waiting' && (
        <>
          <Button type="button" variant="dark" className="w-100" onClick={() => void start()}>
            Pay by card
          </Button>
          {placesOrder && (
            <p className="small text-body-secondary mt-1 mb-0">
              Places the order, then asks for your card.
            </p>
          )}
        </>
      )}
      {/* Stripe.js fills this with the card form; it stays while a refused card is retried. */}
      <div ref={container} aria-label="Card payment" role="group" />
      {formShown && (stage === 'ready' || busy) && (
        <Button
          type="button"
          variant="dark"
          className="w-100 mt-3"
          disabled={busy}
          onClick={() => void pay()}
        >
          Pay
        </Button>
      )}
    </>
  );
}

/** Stripe's card form, or why it cannot be shown (the server named no Stripe settings). */
export function StripePayment({ config, payment }: { config: PayConfig; payment: OrderPayment }) {
  if (!config.stripe) {
    return <Message variant="danger">Card payments are not available right now.</Message>;
  }
  return <StripeCardPayment config={config.stripe} payment={payment} />;
}
