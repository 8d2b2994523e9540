// The browser suite: the system Chromium (never a downloaded one) drives the production build,
// served by the real server on a fresh embedded database. `npm test` builds what is stale, picks
// a free port and collects the counts; see scripts/test.mjs.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { demoPassword } from './apps/web/e2e/shop-server.ts';
import { chromiumLaunchOptions } from './scripts/lib/chromium-launch.mjs';
import {
  paypalShopPort,
  paypalShopURL,
  standInCredentials,
  standInPort,
  standInURL,
} from './apps/web/e2e/paypal-servers.ts';
import {
  stripeStandInKeys,
  stripeStandInPort,
  stripeStandInURL,
} from './apps/web/e2e/stripe-servers.ts';

const port = Number(process.env.E2E_PORT ?? 5055);
const baseURL = `http://127.0.0.1:${port}`;

// The config is also loaded by every worker: the first load makes the folder and the workers,
// which inherit the environment, reuse it.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'proshop-e2e-'));
process.env.E2E_PAYPAL_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'proshop-e2e-paypal-'));

export default defineConfig({
  testDir: 'apps/web/e2e',
  outputDir: 'test-results',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A test takes a few seconds, at most 15 on an idle machine (long journeys are split, their
  // data made through the API); twice that leaves room for a busy one. Beside a busy loop on
  // every core (BROWSER_CPU_LOAD=1, as .ci/run runs the suite) the longest journeys measured 25
  // to 38 s: there each test has a minute.
  timeout: process.env.BROWSER_CPU_LOAD === '1' ? 60_000 : 30_000,
  // The server, the browser and the runner share two cores.
  workers: process.env.CI ? 1 : 2,
  // scripts/test.mjs sets PLAYWRIGHT_JSON_OUTPUT_FILE to read the counts.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
  webServer: [
    {
      // The shop in test mode: what most journeys use.
      command: 'node apps/server/dist/server.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        DEMO_PASSWORD: demoPassword,
        LOG_LEVEL: 'warn',
        // The tests name each new shopper's own client address (session.ts, registerByApi), as
        // shoppers behind nginx are: the suite registers more accounts than one address may.
        TRUST_PROXY: '127.0.0.1',
        SHOP_EMAIL: 'shop@example.com',
        // Test mode even when the developer's shell has PayPal or Stripe credentials.
        PAYPAL_CLIENT_ID: '',
        PAYPAL_CLIENT_SECRET: '',
        STRIPE_SECRET_KEY: '',
        STRIPE_PUBLISHABLE_KEY: '',
      },
    },
    {
      // PayPal's REST API and SDK script, played locally (PayPal cannot be reached from here).
      // Started through tsx's own binary, which passes SIGTERM on (npx does not).
      command: 'node_modules/.bin/tsx apps/server/test/helpers/paypal-stand-in-cli.ts',
      url: `${standInURL}/sdk/js?client-id=ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        PAYPAL_STAND_IN_PORT: String(standInPort),
        PAYPAL_CLIENT_ID: standInCredentials.clientId,
        PAYPAL_CLIENT_SECRET: standInCredentials.clientSecret,
      },
    },
    {
      // Stripe's REST API and Stripe.js, played locally (Stripe cannot be reached from here).
      command: 'node_modules/.bin/tsx apps/server/test/helpers/stripe-stand-in-cli.ts',
      url: `${stripeStandInURL}/v3/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        STRIPE_STAND_IN_PORT: String(stripeStandInPort),
        STRIPE_SECRET_KEY: stripeStandInKeys.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripeStandInKeys.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripeStandInKeys.webhookSecret,
        STRIPE_WEBHOOK_URL: `${paypalShopURL}/api/payments/stripe/webhook`,
      },
    },
    {
      // A second shop, on its own database, taking payments through the PayPal stand-in, and
      // cards through the Stripe stand-in (both providers on).
      command: 'node apps/server/dist/server.js',
      url: `${paypalShopURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        PORT: String(paypalShopPort),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_PAYPAL_DATA_DIR,
        DEMO_PASSWORD: demoPassword,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '127.0.0.1',
        PAYPAL_CLIENT_ID: standInCredentials.clientId,
        PAYPAL_CLIENT_SECRET: standInCredentials.clientSecret,
        PAYPAL_API_BASE: standInURL,
        PAYPAL_SDK_URL: `${standInURL}/sdk/js`,
        STRIPE_SECRET_KEY: stripeStandInKeys.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripeStandInKeys.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripeStandInKeys.webhookSecret,
        STRIPE_API_BASE: stripeStandInURL,
        STRIPE_JS_URL: `${stripeStandInURL}/v3/`,
      },
    },
  ],
});
