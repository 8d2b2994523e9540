/**
 * The PayPal REST stand-in as a process of its own, for browser tests (e.g. a Playwright
 * `webServer` entry): `node_modules/.bin/tsx apps/server/test/helpers/paypal-stand-in-cli.ts`
 * (not through npx, which does not pass SIGTERM on). Start the shop
 * with PAYPAL_API_BASE=http://127.0.0.1:$PAYPAL_STAND_IN_PORT, PAYPAL_SDK_URL=<that>/sdk/js and
 * the credentials below; wait for <that>/sdk/js?client-id=ready to answer. A test switches the
 * next captures with POST /__stand-in/capture-behaviour and a body such as
 * {"kind":"refused","issue":"INSTRUMENT_DECLINED"} (see CaptureBehaviour).
 */
import { PayPalStandIn } from './paypal-stand-in.ts';

const standIn = await PayPalStandIn.start({
  port: Number(process.env.PAYPAL_STAND_IN_PORT ?? 5056),
  clientId: process.env.PAYPAL_CLIENT_ID ?? 'stand-in-client-id',
  clientSecret: process.env.PAYPAL_CLIENT_SECRET ?? 'stand-in-client-secret',
});
console.log(`PayPal stand-in listening at ${standIn.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void standIn.close().then(() => process.exit(0));
  });
}
