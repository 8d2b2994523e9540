import type { Config } from '../../config.ts';
import type { PaymentLog, PaymentProvider } from './payment-provider.ts';
import { PaymentProviders } from './payment-providers.ts';
import { PayPalClient } from './paypal-client.ts';
import { StripeClient } from './stripe-client.ts';
import { TestPaymentProvider } from './test-provider.ts';

type PaymentConfig = Pick<
  Config,
  | 'paymentProviders'
  | 'PAYPAL_CLIENT_ID'
  | 'PAYPAL_CLIENT_SECRET'
  | 'PAYPAL_API_BASE'
  | 'PAYPAL_TIMEOUT_MS'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_API_BASE'
  | 'STRIPE_TIMEOUT_MS'
  | 'SHOP_NAME'
>;

/**
 * Every provider the configuration has credentials for (see config.ts), or test mode alone.
 * `secret` is the token secret every instance shares: test mode signs its payment ids with it.
 */
export function createPaymentProviders(
  config: PaymentConfig,
  secret: string,
  options: { log?: PaymentLog; timeoutMs?: number } = {},
): PaymentProviders {
  return new PaymentProviders(
    config.paymentProviders.map((kind): PaymentProvider => {
      switch (kind) {
        case 'test':
          return new TestPaymentProvider(secret);
        case 'paypal':
          return createPayPal(config, options);
        case 'stripe':
          return createStripe(config, options);
      }
    }),
  );
}

function createPayPal(
  config: PaymentConfig,
  options: { log?: PaymentLog; timeoutMs?: number },
): PayPalClient {
  // loadConfig only chooses paypal with both credentials; a hand-made config must not fall back.
  if (!config.PAYPAL_CLIENT_ID || !config.PAYPAL_CLIENT_SECRET) {
    throw new Error('PayPal payments need PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET');
  }
  return new PayPalClient({
    clientId: config.PAYPAL_CLIENT_ID,
    clientSecret: config.PAYPAL_CLIENT_SECRET,
    apiBase: config.PAYPAL_API_BASE,
    brandName: config.SHOP_NAME,
    timeoutMs: config.PAYPAL_TIMEOUT_MS,
    ...options,
  });
}

function createStripe(
  config: PaymentConfig,
  options: { log?: PaymentLog; timeoutMs?: number },
): StripeClient {
  if (!config.STRIPE_SECRET_KEY) throw new Error('Stripe payments need STRIPE_SECRET_KEY');
  return new StripeClient({
    secretKey: config.STRIPE_SECRET_KEY,
    apiBase: config.STRIPE_API_BASE,
    shopName: config.SHOP_NAME,
    timeoutMs: config.STRIPE_TIMEOUT_MS,
    ...options,
  });
}
