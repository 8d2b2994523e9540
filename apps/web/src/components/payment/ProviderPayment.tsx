import type { PayConfig } from '@proshop/domain/order-schemas';
import { providerForMethod } from '@proshop/domain/payment-methods';
import type { OrderPayment } from './order-payment.ts';
import { PayPalPayment } from './PayPalPayment.tsx';
import { StripePayment } from './StripePayment.tsx';
import { TestModePayment } from './TestModePayment.tsx';

interface ProviderPaymentProps {
  config: PayConfig;
  /** The order's payment method: it names the provider (decision 0046). */
  method: string;
  payment: OrderPayment;
}

/** The way of paying the order's method goes through: PayPal's buttons, Stripe's card form, or test mode. */
export function ProviderPayment({ config, method, payment }: ProviderPaymentProps) {
  switch (providerForMethod(method, config.providers)) {
    case 'test':
      return <TestModePayment payment={payment} />;
    case 'paypal':
      return <PayPalPayment config={config} payment={payment} />;
    case 'stripe':
      return <StripePayment config={config} payment={payment} />;
  }
}
