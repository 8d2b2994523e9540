import { useCallback, useState } from 'react';
import { paymentFailureMessage, PaymentRefused } from '../../components/payment/payment-failure.ts';
import type { OrderPayment } from '../../components/payment/order-payment.ts';
import {
  orderPagePath,
  usePayOrderMutation,
  useStartOrderPaymentMutation,
} from '../../state/payment-api.ts';

/**
 * The two server calls every way of paying makes (test mode and PayPal alike). A refusal is
 * kept for the screen and thrown on as PaymentRefused.
 */
export function useOrderPayment(
  orderId: string,
  /** A guest's, from the order's link (issue #37). */
  key?: string,
): OrderPayment {
  const [startPayment] = useStartOrderPaymentMutation();
  const [payOrder, { isLoading: capturing }] = usePayOrderMutation();
  const [error, setError] = useState<string | null>(null);

  const create = useCallback(async () => {
    setError(null);
    try {
      return await startPayment({ orderId, key }).unwrap();
    } catch (failure) {
      const message = paymentFailureMessage(failure);
      setError(message);
      throw new PaymentRefused(message);
    }
  }, [orderId, key, startPayment]);

  const capture = useCallback(
    async (providerOrderId: string) => {
      try {
        await payOrder({ orderId, key, providerOrderId }).unwrap();
      } catch (failure) {
        const message = paymentFailureMessage(failure);
        setError(message);
        throw new PaymentRefused(message);
      }
    },
    [orderId, key, payOrder],
  );

  const returnPath = useCallback(() => orderPagePath({ orderId, key }), [orderId, key]);

  return { create, capture, capturing, error, setError, placesOrder: false, returnPath };
}
