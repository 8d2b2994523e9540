import type { Config } from '../../config.ts';
import type { PaymentLog, PaymentProvider } from './payment-provider.ts';
import { PayPalClient } from './paypal-client.ts';
import { TestPaymentProvider } from './test-provider.ts';

type PaymentConfig = Pick<
  Config,
  | 'paymentProvider'
  | 'PAYPAL_CLIENT_ID'
  | 'PAYPAL_CLIENT_SECRET'
  | 'PAYPAL_API_BASE'
  | 'PAYPAL_TIMEOUT_MS'
  | 'SHOP_NAME'
>;

/**
 * PayPal when the configuration has its credentials, otherwise test mode (see config.ts).
 * `secret` is the token secret every instance shares: test mode signs its payment ids with it.
 */
export function createPaymentProvider(
  config: PaymentConfig,
  secret: string,
  options: { log?: PaymentLog; timeoutMs?: number } = {},
): PaymentProvider {
  if (config.paymentProvider === 'test') return new TestPaymentProvider(secret);
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
