/**
 * The Stripe REST stand-in as a process of its own, for browser tests (e.g. a Playwright
 * `webServer` entry): `node_modules/.bin/tsx apps/server/test/helpers/stripe-stand-in-cli.ts`
 * (not through npx, which does not pass SIGTERM on). Start the shop with
 * STRIPE_API_BASE=http://127.0.0.1:$STRIPE_STAND_IN_PORT, STRIPE_JS_URL=<that>/v3/ and the keys
 * below; wait for <that>/v3/ to answer. With STRIPE_WEBHOOK_URL set, every event is POSTed there
 * signed with STRIPE_WEBHOOK_SECRET. A test drives it with POST /__stand-in/… (JSON), e.g.
 * /__stand-in/capture-behaviour {"kind":"hang"}, /__stand-in/3ds/<intent id> {"result":"pass"},
 * /__stand-in/dashboard-refund {"payment_intent":"pi_…","amount":500}, /__stand-in/reset
 * (see StripeStandIn.controlRoute).
 */
import { StripeStandIn } from './stripe-stand-in.ts';

const standIn = await StripeStandIn.start({
  port: Number(process.env.STRIPE_STAND_IN_PORT ?? 5057),
  secretKey: process.env.STRIPE_SECRET_KEY ?? 'sk_test_stand_in',
  publishableKey: process.env.STRIPE_PUBLISHABLE_KEY ?? 'pk_test_stand_in',
  ...(process.env.STRIPE_WEBHOOK_SECRET
    ? { webhookSecret: process.env.STRIPE_WEBHOOK_SECRET }
    : {}),
  ...(process.env.STRIPE_WEBHOOK_URL ? { webhookUrl: process.env.STRIPE_WEBHOOK_URL } : {}),
});
console.log(`Stripe stand-in listening at ${standIn.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void standIn.close().then(() => process.exit(0));
  });
}
