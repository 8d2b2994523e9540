import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { ProviderPayment } from '../../components/payment/ProviderPayment.tsx';
import { useGetPayConfigQuery } from '../../state/payment-api.ts';
import { useOrderPayment } from './use-order-payment.ts';

/**
 * The payment area of an unpaid order, for its buyer: its method's provider (PayPal, Stripe),
 * or test mode without either.
 * `orderKey`: a guest's, from the order's link.
 */
export function OrderPayment({
  orderId,
  orderKey,
  method,
}: {
  orderId: string;
  orderKey?: string;
  /** The order's payment method, which names its provider. */
  method: string;
}) {
  const { data: config, isLoading, error: configError } = useGetPayConfigQuery();
  const payment = useOrderPayment(orderId, orderKey);

  if (isLoading) return <Loader />;
  if (configError || !config) {
    return (
      <Message variant="danger">
        {configError ? errorMessage(configError) : 'Payment is not available right now.'}
      </Message>
    );
  }
  return (
    <>
      {payment.error && <Message variant="danger">{payment.error}</Message>}
      {payment.capturing && <Loader />}
      <ProviderPayment config={config} method={method} payment={payment} />
    </>
  );
}
