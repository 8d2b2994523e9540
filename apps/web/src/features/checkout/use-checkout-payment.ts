import { useRef, useState } from 'react';
import type { OrderPayment } from '../../components/payment/order-payment.ts';
import {
  PAYMENT_FAILED,
  paymentFailureMessage,
  PaymentRefused,
} from '../../components/payment/payment-failure.ts';
import {
  orderPagePath,
  usePayOrderMutation,
  useStartOrderPaymentMutation,
  type OrderRef,
} from '../../state/payment-api.ts';
import type { PlacedRef } from './checkout-api.ts';

/** The placed order as the payment calls name it (a guest's with its link's key). */
const refOf = ({ id, accessKey }: PlacedRef): OrderRef => ({ orderId: id, key: accessKey });

/**
 * Paying on the place-order step (issue #37): the provider's buttons take an OrderPayment as on
 * the order page, but here `create` first places the order (`place`, which places it once and
 * then answers the same order), then starts its payment; `capture` pays it and hands the paid
 * order to `onPaid`. A refusal at any step is kept for the screen and thrown on as
 * PaymentRefused, so PayPal's buttons reset and the shopper can try again on the same order.
 */
export function useCheckoutPayment(
  place: () => Promise<PlacedRef>,
  onPaid: (placed: PlacedRef) => void,
): OrderPayment {
  const [startPayment] = useStartOrderPaymentMutation();
  const [payOrder, { isLoading: capturing }] = usePayOrderMutation();
  const [error, setError] = useState<string | null>(null);
  // The order the provider's payment was started for: the one its approval pays.
  const started = useRef<PlacedRef | null>(null);

  const refuse = (failure: unknown): never => {
    const message = paymentFailureMessage(failure);
    setError(message);
    throw new PaymentRefused(message);
  };

  const create = async () => {
    setError(null);
    try {
      const placed = await place();
      started.current = placed;
      return await startPayment(refOf(placed)).unwrap();
    } catch (failure) {
      return refuse(failure);
    }
  };

  const capture = async (providerOrderId: string) => {
    const placed = started.current;
    if (!placed) return refuse(new Error(PAYMENT_FAILED));
    try {
      await payOrder({ ...refOf(placed), providerOrderId }).unwrap();
    } catch (failure) {
      return refuse(failure);
    }
    onPaid(placed);
  };

  // The placed order's page, which finishes a payment that left this step.
  const returnPath = () =>
    started.current ? orderPagePath(refOf(started.current)) : window.location.pathname;

  return { create, capture, capturing, error, setError, placesOrder: true, returnPath };
}
