// The second shop server of the browser suite, configured for PayPal against the local PayPal
// stand-in (apps/server/test/helpers/paypal-stand-in-cli.ts), which also serves the SDK
// stand-in (paypal-sdk-stand-in.js). playwright.config.ts starts both; scripts/test.mjs picks
// their ports. Read by the config and by the workers, which inherit its environment.
// The tests that fill more than a page of a newest-first list (search paging, the admin's
// product and order lists) run on the second shop too, away from the main shop's other tests.

export const standInPort = Number(process.env.PAYPAL_STAND_IN_PORT ?? 5056);
export const paypalShopPort = Number(process.env.E2E_PAYPAL_PORT ?? 5057);

/** The PayPal REST stand-in; it switches its next captures at /__stand-in/capture-behaviour. */
export const standInURL = `http://127.0.0.1:${standInPort}`;
/** The shop that takes payments through PayPal (the stand-in). */
export const paypalShopURL = `http://127.0.0.1:${paypalShopPort}`;

export const standInCredentials = {
  clientId: 'e2e-paypal-client-id',
  clientSecret: 'e2e-paypal-client-secret',
} as const;
