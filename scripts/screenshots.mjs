/* global document, localStorage -- used in functions the browser runs (page.evaluate). */
// `npm run screenshots`: a full-page picture of every screen of the web app, at 1280×900 and
// 390×844, as the public, the demo customer and the demo admin see it, into screenshots/
// (gitignored) as <size>-<screen>.png, so that a reviewer can look at all of them at once.
// Runs the build if there is none, starts the built shop on a fresh temporary database with the
// demo catalogue (bench/lib/processes.mjs), drives the system Chromium with Playwright
// (launched as playwright.config.ts launches it), and stops the shop at the end. SHOP_NAME and
// SHOP_COLOR are passed on: `SHOP_COLOR=#0f766e npm run screenshots` shows another brand colour.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
// The declared dev dependency; it brings playwright-core and hands on its browsers.
import { chromium } from '@playwright/test';
import { root, serverBundle, startShop } from '../bench/lib/processes.mjs';
import { chromiumLaunchOptions } from './lib/chromium-launch.mjs';
import { DEMO_ADMIN, DEMO_CUSTOMER, screenIds, signIn } from './lib/screenshot-data.mjs';
import { VIEWPORTS, screenRoutes } from './lib/screenshot-routes.mjs';

const DEMO_PASSWORD = 'screenshots-demo-password';
const outDir = join(root, 'screenshots');
const SCREEN_TIMEOUT_MS = 20_000;

function buildIfMissing() {
  if (existsSync(serverBundle) && existsSync(join(root, 'apps/web/dist/index.html'))) return;
  console.log('No build yet: running npm run build');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/**
 * Waits until the screen has drawn what it shows: its heading, no request under way, no
 * spinner, and every picture loaded (lazy ones too: a full-page picture shows them all).
 */
async function settle(page) {
  await page.locator('main h1').first().waitFor({ timeout: SCREEN_TIMEOUT_MS });
  // A screen that keeps asking (a payment being polled) is taken as it is after a while.
  const soft = { timeout: 5_000 };
  await page.waitForLoadState('networkidle', soft).catch(() => {});
  await page
    .locator('.spinner-border')
    .first()
    .waitFor({ ...soft, state: 'hidden' })
    .catch(() => {});
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    const loaded = (image) =>
      new Promise((done) => {
        image.addEventListener('load', done);
        image.addEventListener('error', done);
      });
    // A picture that never arrives does not hold the screenshot up for more than 5 s.
    const waiting = images.filter((image) => !image.complete).map(loaded);
    await Promise.race([Promise.all(waiting), new Promise((done) => setTimeout(done, 5000))]);
  });
}

/** A browser context of `viewport`, signed in as `session` when given. */
async function openContext(browser, base, viewport, session) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: 1,
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
  });
  if (session) {
    await context.addInitScript((stored) => {
      localStorage.setItem('userInfo', stored);
    }, JSON.stringify(session));
  }
  return context;
}

/** Saves the page as it is now; answers whether it worked (a failure is reported, not fatal). */
async function shoot(page, viewport, name, failures) {
  const file = `${viewport.name}-${name}.png`;
  try {
    await settle(page);
    await page.screenshot({ path: join(outDir, file), fullPage: true, animations: 'disabled' });
    return 1;
  } catch (error) {
    failures.push(`${file}: ${error.message.split('\n')[0]}`);
    return 0;
  }
}

/**
 * The checkout as the customer walks it: the cart with a product, shipping, payment, place order
 * and the order just placed, whose id the admin's order screen then takes.
 */
async function walkCheckout(page, viewport, product, failures, count) {
  await page.goto(`/cart/${product._id}?qty=1`);
  count.written += await shoot(page, viewport, 'cart', failures);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await page.waitForURL(/\/shipping$/);
  // The form shows once its screen has loaded; a saved address is chosen instead when there is one.
  await main.getByRole('heading', { name: 'Shipping' }).waitFor({ timeout: SCREEN_TIMEOUT_MS });
  const address = main.getByLabel('Address', { exact: true });
  if (await address.isVisible()) {
    await address.fill('1 Sample Street');
    await main.getByLabel('City').fill('Sampleton');
    await main.getByLabel('Postal Code').fill('12345');
    await main.getByLabel('Country').fill('Sampleland');
  }
  count.written += await shoot(page, viewport, 'shipping', failures);
  await main.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/payment$/);
  count.written += await shoot(page, viewport, 'payment', failures);
  await main.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/placeorder$/);
  count.written += await shoot(page, viewport, 'placeorder', failures);
  await main.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/order\/[^/]+$/);
  count.written += await shoot(page, viewport, 'order-placed', failures);
  return new URL(page.url()).pathname;
}

async function shootViewport(browser, shop, viewport, ids, sessions, failures) {
  const pages = {};
  const contexts = [];
  for (const as of ['public', 'customer', 'admin']) {
    const context = await openContext(browser, shop.base, viewport, sessions[as]);
    contexts.push(context);
    pages[as] = await context.newPage();
  }
  // Counted as they are written: the screens before a failed step are kept.
  const count = { written: 0 };
  const orderPath = await walkCheckout(
    pages.customer,
    viewport,
    ids.product,
    failures,
    count,
  ).catch((error) => {
    failures.push(`${viewport.name} checkout: ${error.message.split('\n')[0]}`);
    return undefined;
  });
  const routes = screenRoutes(ids);
  if (orderPath) routes.push({ name: 'admin-order', path: orderPath, as: 'admin' });
  for (const { name, path, as } of routes) {
    const page = pages[as];
    try {
      await page.goto(path);
    } catch (error) {
      failures.push(`${viewport.name}-${name}: ${error.message.split('\n')[0]}`);
      continue;
    }
    count.written += await shoot(page, viewport, name, failures);
  }
  for (const context of contexts) await context.close();
  return count.written;
}

async function main() {
  buildIfMissing();
  mkdirSync(outDir, { recursive: true });
  for (const file of readdirSync(outDir)) {
    if (file.endsWith('.png')) rmSync(join(outDir, file));
  }
  const shop = await startShop({
    env: {
      // Not production: no HSTS or upgrade to https on the plain-http address the browser uses.
      NODE_ENV: 'development',
      DEMO_PASSWORD,
      // A shop address, so the screens show the buttons that write to it.
      SHOP_EMAIL: process.env.SHOP_EMAIL || 'shop@example.com',
      PAYPAL_CLIENT_ID: '',
      PAYPAL_CLIENT_SECRET: '',
    },
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const failures = [];
  let written = 0;
  try {
    const admin = await signIn(shop.base, DEMO_ADMIN, DEMO_PASSWORD);
    const customer = await signIn(shop.base, DEMO_CUSTOMER, DEMO_PASSWORD);
    const ids = await screenIds(shop.base, { admin, customer });
    const sessions = { public: undefined, customer, admin };
    for (const viewport of VIEWPORTS) {
      written += await shootViewport(browser, shop, viewport, ids, sessions, failures);
    }
  } finally {
    await browser.close();
    await shop.stop();
  }
  console.log(`Wrote ${written} screenshots to ${outDir}`);
  if (failures.length > 0) {
    console.error(`${failures.length} screen(s) failed:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

await main();
