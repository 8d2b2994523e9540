import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { PayPalPayment } from '../../components/payment/PayPalPayment.tsx';
import { TestModePayment } from '../../components/payment/TestModePayment.tsx';
import { useGetPayConfigQuery } from '../../state/payment-api.ts';
import { useOrderPayment } from './use-order-payment.ts';

/**
 * The payment area of an unpaid order, for its buyer: PayPal, or test mode without PayPal.
 * `orderKey`: a guest's, from the order's link.
 */
export function OrderPayment({ orderId, orderKey }: { orderId: string; orderKey?: string }) {
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
      {config.provider === 'test' ? (
        <TestModePayment payment={payment} />
      ) : (
        <PayPalPayment config={config} payment={payment} />
      )}
    </>
  );
}
