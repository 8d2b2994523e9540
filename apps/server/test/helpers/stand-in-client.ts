import { PayPalClient } from '../../src/modules/payment-providers/paypal-client.ts';
import type { PayPalStandIn } from './paypal-stand-in.ts';

/** The shop's real PayPal client, pointed at a local stand-in. */
export function payPalClientOf(standIn: PayPalStandIn): PayPalClient {
  return new PayPalClient({
    clientId: standIn.clientId,
    clientSecret: standIn.clientSecret,
    apiBase: standIn.url,
    brandName: 'ProShop',
  });
}
