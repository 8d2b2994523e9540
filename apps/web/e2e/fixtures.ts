// The `test` of every browser test: the admin's session, a customer of the test's own, and
// products that live for one test and are deleted after it, passed or failed, so no test sees
// another's leftovers and no test body needs a try/finally for them. Each is made through the
// API only when a test asks for it. The session helpers are in session.ts.
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import {
  createProduct,
  deleteProduct,
  uniqueWord,
  type Product,
  type ProductFields,
} from './catalogue-api.ts';
import { registerByApi, signInByApi, type SessionInfo, type SignedInAccount } from './session.ts';

/** Makes a product named `label` and a unique suffix, deleted after the test. */
export type AddProduct = (
  label: string,
  fields?: Partial<Omit<ProductFields, 'name'>>,
) => Promise<Product>;

interface ShopFixtures {
  /** The admin, signed in through the API. */
  admin: SessionInfo;
  /** A customer registered for this test alone, signed in through the API. */
  customer: SignedInAccount;
  /** Makes a product named `label` and a unique suffix, the rest from `fields` or the sample. */
  addProduct: AddProduct;
  /** Deletes the product after the test: for one the test makes through the admin screens. */
  deleteAfterTest: (productId: string) => void;
}

export const test = base.extend<ShopFixtures>({
  admin: async ({ request }, use) => {
    await use(await signInByApi(request));
  },
  customer: async ({ request }, use) => {
    await use(await registerByApi(request));
  },
  deleteAfterTest: async ({ request, admin }, use) => {
    const productIds: string[] = [];
    await use((productId) => {
      productIds.push(productId);
    });
    for (const productId of productIds) await deleteProduct(request, admin, productId);
  },
  addProduct: async ({ request, admin, deleteAfterTest }, use) => {
    await use(async (label, fields = {}) => {
      const product = await createProduct(request, admin, {
        ...fields,
        name: uniqueWord(`${label} `),
      });
      deleteAfterTest(product._id);
      return product;
    });
  },
});

export { expect };

type Timer = (...args: unknown[]) => unknown;

/** The browser's own timers, kept before the test's clock replaces them (see holdClock). */
interface OwnTimers {
  requestAnimationFrame: Timer;
  cancelAnimationFrame: Timer;
  setTimeout: Timer;
  clearTimeout: Timer;
}

/**
 * Stops the page's clock before the page opens: the timers that wait (the carousel's 5 s, a
 * toast's 3 s, the cart's reset) then fire only when the test moves the clock with
 * runClock, however slowly the machine runs the test. Dates are today's.
 *
 * What waits for no time still runs at once, as with any clock: animation frames stay the
 * browser's own, and so do timeouts under a second (0 ms ones, and transitions' fallbacks). Preact runs its effects in a timeout of 0 after
 * the next frame, and Redux Toolkit sends the store's batched updates on the next frame: with
 * them held too, a page would never fetch or show anything.
 */
export async function holdClock(page: Page): Promise<void> {
  const context = page.context();
  // Init scripts run in the order they were added: the first keeps the browser's own timers
  // before the clock replaces them, the last lets the ones that wait for nothing use them.
  await context.addInitScript(() => {
    const timers = window as unknown as Record<keyof OwnTimers, Timer> & { __ownTimers: OwnTimers };
    timers.__ownTimers = {
      requestAnimationFrame: timers.requestAnimationFrame.bind(window),
      cancelAnimationFrame: timers.cancelAnimationFrame.bind(window),
      setTimeout: timers.setTimeout.bind(window),
      clearTimeout: timers.clearTimeout.bind(window),
    };
  });
  // Stopped a little ahead of the time it is installed at: the clock runs in between, and it
  // cannot be stopped at a time it has passed.
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 10_000);
  await context.addInitScript(() => {
    const timers = window as unknown as Record<keyof OwnTimers, Timer> & { __ownTimers: OwnTimers };
    const own = timers.__ownTimers;
    timers.requestAnimationFrame = own.requestAnimationFrame;
    timers.cancelAnimationFrame = own.cancelAnimationFrame;
    const clockSetTimeout = timers.setTimeout;
    const clockClearTimeout = timers.clearTimeout;
    const onOwnClock = new Set<unknown>();
    // Timers under a second are a transition's fallback (React-Bootstrap ends a fade on
    // transitionend or, if that never comes, on a timer of its length): on the held clock a
    // missed transitionend left a closed dialog on screen for good. The page's own timers that
    // tests move the clock for (toasts, 3 s) are all longer.
    const ownBelowMs = 1_000;
    timers.setTimeout = (handler, delay, ...args) => {
      if (typeof handler !== 'function' || Number(delay) >= ownBelowMs) {
        return clockSetTimeout(handler, delay, ...args);
      }
      const id = own.setTimeout(() => {
        onOwnClock.delete(id);
        (handler as Timer)(...args);
      }, 0);
      onOwnClock.add(id);
      return id;
    };
    timers.clearTimeout = (id) => {
      if (onOwnClock.delete(id)) own.clearTimeout(id);
      else clockClearTimeout(id);
    };
  });
}

/**
 * Resolves once the page has run the effects of what it shows: after the next frame and a 0 ms
 * timeout, which is where Preact runs them.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}

/**
 * Moves the clock held by holdClock on by `ms`, between two waits for the page's effects: the
 * first counts a timer the page is about to set (a toast's, once it is shown) from now, not
 * from after the move; the second lets what the timers set off reach the page, so that an
 * assertion right after sees the page as it is at the new time, not a moment before.
 */
export async function runClock(page: Page, ms: number): Promise<void> {
  await settle(page);
  await page.clock.runFor(ms);
  await settle(page);
}

/**
 * The toast on screen goes by itself 3 seconds after it came (then fades out in 0.15 s), on the
 * clock held by holdClock.
 */
export async function expectToastToGoAfter3s(page: Page, toast: Locator): Promise<void> {
  await expect(toast).toBeVisible();
  await runClock(page, 2_900);
  await expect(toast).toBeVisible();
  await runClock(page, 400);
  await expect(toast).toBeHidden();
}
