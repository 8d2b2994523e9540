// Stripe in the browser suite: the local Stripe stand-in (apps/server/test/helpers/
// stripe-stand-in-cli.ts) plays Stripe's REST API and serves the Stripe.js stand-in
// (stripe-js-stand-in.js) at /v3/. The PayPal shop of paypal-servers.ts takes cards through it
// too, both providers on as a shop may have them: "PayPal" pays through PayPal, "Credit Card"
// through Stripe. playwright.config.ts starts it; scripts/test.mjs picks its port.
import { paypalShopURL } from './paypal-servers.ts';

export const stripeStandInPort = Number(process.env.STRIPE_STAND_IN_PORT ?? 5058);

/** The Stripe stand-in: REST at /v1/, Stripe.js at /v3/, test controls at /__stand-in/. */
export const stripeStandInURL = `http://127.0.0.1:${stripeStandInPort}`;

/** The shop that takes cards through Stripe (the stand-in): the PayPal shop. */
export const stripeShopURL = paypalShopURL;

export const stripeStandInKeys = {
  secretKey: 'sk_test_e2e_stand_in',
  publishableKey: 'pk_test_e2e_stand_in',
  webhookSecret: 'whsec_e2e_stand_in',
} as const;
