// Buying without an account (issue #37), on a phone: Sign In offers "Check out as a guest", the
// order is then opened, paid, cancelled or asked to return through its link
// (/order/{id}?key=...), a wrong key is an unknown order, and the guest who later registers and
// confirms the same e-mail finds the order in My Orders. A shop with CHECKOUT_ACCOUNTS=required
// offers none of it.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { guestOrderPath, payGuestOrderByApi, placeGuestOrderByApi } from './guest-orders-api.ts';
import { placeOrderByApi } from './orders-api.ts';
import { OTHER_SHOP_START_MS, startOtherShop, type OtherShop } from './other-shop.ts';
import { confirmationPathTo } from './outbox.ts';
import { clientAddressOf, newAccount, openSignedIn } from './session.ts';
import { ANY_COUNTRY } from './address-form.ts';

test.use({ viewport: { width: 390, height: 844 } });

const KEEP_THE_LINK = "Keep this page's link: it is how you see, pay or cancel this order.";

/** A guest of the test's own; the page's requests come from an address of theirs. */
async function newGuest(page: Page, label: string) {
  const { name, email } = newAccount(label);
  // Guest orders are counted per address: the suite's guests do not share one.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddressOf(email) });
  return { name, email };
}

/** Resolves once the page has run the effects of what it shows (a frame and a 0 ms timeout). */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}

test.describe('guest checkout', () => {
  test("Sign In's guest way: its fields are checked, the details kept, and checkout's first step leads back to them", async ({
    page,
    addProduct,
  }) => {
    const lamp = await addProduct('Guest Form Lamp', { price: 39, countInStock: 5 });
    const guest = await newGuest(page, 'Guest Form');
    const main = page.getByRole('main');

    await page.goto(`/cart/${lamp._id}?qty=1`);
    await main.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await expect(page).toHaveURL('/login?redirect=shipping');
    // The spec's Sign In stays as it was, the guest's way below it.
    await expect(main.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(main.getByLabel('Email Address')).toBeVisible();
    const guestSection = main.getByRole('region', { name: 'Check out as a guest' });
    await guestSection.getByRole('button', { name: 'Continue as guest' }).click();
    await expect(guestSection.getByLabel('Your email')).toHaveAccessibleDescription(
      'Enter a valid e-mail address',
    );
    await expect(guestSection.getByLabel('Your name')).toHaveAccessibleDescription(
      'Name is required',
    );
    await expect(page).toHaveURL('/login?redirect=shipping');
    await guestSection.getByLabel('Your email').fill(guest.email);
    await guestSection.getByLabel('Your name').fill(guest.name);
    await guestSection.getByRole('button', { name: 'Continue as guest' }).click();
    await expect(page).toHaveURL('/shipping');

    // Step 1 of the steps leads back to Sign In, where the guest's details wait.
    const steps = main.getByRole('navigation', { name: 'Checkout steps' });
    await steps.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/login?redirect=shipping');
    await expect(guestSection.getByLabel('Your email')).toHaveValue(guest.email);
    await expect(guestSection.getByLabel('Your name')).toHaveValue(guest.name);
    await guestSection.getByRole('button', { name: 'Continue as guest' }).click();
    await expect(page).toHaveURL('/shipping');
  });

  test('a guest checks out from Sign In, lands on the order link, pays there and finds it paid on reload', async ({
    page,
    addProduct,
  }) => {
    const lamp = await addProduct('Guest Lamp', { price: 39, countInStock: 5 });
    const guest = await newGuest(page, 'Guest Buyer');
    const main = page.getByRole('main');

    await page.goto(`/cart/${lamp._id}?qty=1`);
    await main.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await expect(page).toHaveURL('/login?redirect=shipping');
    const guestSection = main.getByRole('region', { name: 'Check out as a guest' });
    await guestSection.getByLabel('Your email').fill(guest.email);
    await guestSection.getByLabel('Your name').fill(guest.name);
    await guestSection.getByRole('button', { name: 'Continue as guest' }).click();
    await expect(page).toHaveURL('/shipping');

    await main.getByLabel('Address', { exact: true }).fill('7 Guest Road');
    await main.getByLabel('City').fill('Springfield');
    await main.getByLabel('Postal Code').fill('12345');
    await main.getByLabel('Country').selectOption(ANY_COUNTRY);
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/payment');
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/placeorder');
    await main.getByRole('button', { name: 'Place Order' }).click();

    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}\?key=[\w-]+$/);
    const link = page.url();
    await expect(main.getByText(KEEP_THE_LINK)).toBeVisible();
    await expect(main.getByText(`We also sent it to ${guest.email}.`)).toBeVisible();
    await main.getByRole('button', { name: 'Pay (test mode)' }).click();
    await expect(main.getByText('Payment received. Thank you!')).toBeVisible();

    // The link alone, in a fresh visit, shows the order paid; its page sends no referrer.
    const response = await page.goto(link);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(main.getByText(/^Paid on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expect(main.getByRole('button', { name: 'Pay (test mode)' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    // Paid, something can go back: the buyer's return request is offered on the link's page.
    await expect(main.getByRole('button', { name: 'Return item' })).toBeVisible();
  });

  test('a guest cancels an unpaid order from its link', async ({ page, request, addProduct }) => {
    const kettle = await addProduct('Guest Kettle', { price: 25, countInStock: 4 });
    const guest = await newGuest(page, 'Guest Canceller');
    const order = await placeGuestOrderByApi(request, guest, [{ product: kettle, qty: 1 }]);
    const main = page.getByRole('main');

    await page.goto(guestOrderPath(order));
    await expect(main.getByText(KEEP_THE_LINK)).toBeVisible();
    await expect(main.getByText('Test mode: no money is taken')).toBeVisible();
    await main.getByRole('button', { name: 'Cancel order' }).click();
    await main.getByRole('button', { name: 'Yes, cancel order' }).click();
    await expect(main.getByText(/^Cancelled on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expect(main.getByText('Test mode: no money is taken')).toHaveCount(0);

    const read = await request.get(`/api/orders/${order._id}?key=${order.accessKey}`);
    expect(((await read.json()) as { isCancelled: boolean }).isCancelled).toBe(true);
  });

  test('a guest asks to return the item of a paid order from its link', async ({
    page,
    request,
    addProduct,
  }) => {
    const teapot = await addProduct('Guest Teapot', { price: 28, countInStock: 4 });
    const guest = await newGuest(page, 'Guest Returner');
    const order = await placeGuestOrderByApi(request, guest, [{ product: teapot, qty: 1 }]);
    await payGuestOrderByApi(request, order);
    const main = page.getByRole('main');

    await page.goto(guestOrderPath(order));
    await main.getByRole('button', { name: 'Return item' }).click();
    const form = main.getByRole('form', { name: 'Return request' });
    await form.getByLabel('Why are you returning them?').fill('Too small');
    await form.getByRole('button', { name: 'Send return request' }).click();
    await expect(main.getByText('Return requested: waiting for the shop')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Return item' })).toHaveCount(0);
  });

  test("the admin's order list and search show a guest's order with a Guest badge", async ({
    page,
    request,
    admin,
    customer,
    addProduct,
  }) => {
    const clock = await addProduct('Guest Clock', { price: 15, countInStock: 4 });
    const guest = await newGuest(page, 'Listed Buyer');
    const guestOrder = await placeGuestOrderByApi(request, guest, [{ product: clock, qty: 1 }]);
    const accountOrder = await placeOrderByApi(request, customer, [{ product: clock, qty: 1 }]);
    const main = page.getByRole('main');
    const row = main.getByRole('table').getByRole('row').nth(1);

    await openSignedIn(page, admin, `/admin/orderlist?q=${encodeURIComponent(guest.email)}`);
    await expect(main.getByRole('table').getByRole('row')).toHaveCount(2);
    await expect(row).toContainText(guestOrder._id);
    await expect(row.getByText('Guest', { exact: true })).toBeVisible();

    await page.goto(`/admin/orderlist?q=${encodeURIComponent(customer.email)}`);
    await expect(row).toContainText(accountOrder._id);
    await expect(row.getByText('Guest', { exact: true })).toHaveCount(0);
  });

  test('the link with a changed key shows the not-found error of an unknown order', async ({
    page,
    request,
    addProduct,
  }) => {
    const mug = await addProduct('Guest Mug', { price: 12, countInStock: 4 });
    const guest = await newGuest(page, 'Guest Key');
    const order = await placeGuestOrderByApi(request, guest, [{ product: mug, qty: 1 }]);
    const main = page.getByRole('main');
    // The same length and alphabet, one character changed.
    const last = order.accessKey.at(-1);
    const changed = `${order.accessKey.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;

    await page.goto(guestOrderPath({ ...order, accessKey: changed }));
    await expect(main.getByRole('alert')).toHaveText('Order not found');
    await expect(main.getByText(guest.email)).toHaveCount(0);
    await expect(main.getByText(mug.name)).toHaveCount(0);

    await page.goto(`/order/00000000-0000-4000-8000-000000000000?key=${order.accessKey}`);
    await expect(main.getByRole('alert')).toHaveText('Order not found');

    // Without any key the page asks to sign in, as before guests could buy.
    await page.goto(`/order/${order._id}`);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`order/${order._id}`)}`);
  });

  test('a guest buys, registers from the order page with its e-mail, confirms it and finds the order in My Orders', async ({
    page,
    request,
    addProduct,
  }) => {
    const vase = await addProduct('Guest Vase', { price: 30, countInStock: 4 });
    const guest = await newGuest(page, 'Guest Joiner');
    const order = await placeGuestOrderByApi(request, guest, [{ product: vase, qty: 1 }]);
    const main = page.getByRole('main');

    await page.goto(guestOrderPath(order));
    const offer = main.getByRole('link', { name: 'Create an account' });
    // The page's address holds the key: a link out of it sends no referrer.
    await expect(offer).toHaveAttribute('rel', 'noreferrer');
    await offer.click();
    await expect(page).toHaveURL(/\/register\?/);
    await expect(main.getByLabel('Email Address')).toHaveValue(guest.email);
    await expect(main.getByLabel('Name')).toHaveValue(guest.name);
    await expect(
      main.getByText('We will send you an e-mail to confirm your address'),
    ).toBeVisible();
    const password = `pass-${guest.email}`;
    await main.getByLabel('Password', { exact: true }).fill(password);
    await main.getByLabel('Confirm Password').fill(password);
    await main.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL('/');

    // Not before the address is confirmed: My Orders is empty.
    await page.goto('/profile');
    await expect(main.getByRole('region', { name: 'My Orders' })).toBeVisible();
    await expect(main.getByRole('article', { name: `Order ${order._id}` })).toHaveCount(0);

    await page.goto(await confirmationPathTo(guest.email));
    await expect(main.getByRole('alert')).toHaveText(
      'Thank you: your e-mail address is confirmed.',
    );
    // Not from checkout: the spec's way on only.
    await expect(main.getByRole('link', { name: 'Continue to checkout' })).toHaveCount(0);
    await main.getByRole('link', { name: 'Continue Shopping' }).click();
    await page.goto('/profile');
    await expect(main.getByRole('article', { name: `Order ${order._id}` })).toBeVisible();
  });

  test('an account registered on the way into checkout is taken back to it from the confirmation link', async ({
    page,
    addProduct,
  }) => {
    const lamp = await addProduct('Confirm Checkout Lamp', { price: 20, countInStock: 5 });
    const account = newAccount('Checkout Joiner');
    const main = page.getByRole('main');

    await page.goto(`/cart/${lamp._id}?qty=1`);
    await main.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await main.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL('/register?redirect=shipping');
    await expect(main.getByText('you can place orders once it is confirmed')).toBeVisible();
    await main.getByLabel('Name').fill(account.name);
    await main.getByLabel('Email Address').fill(account.email);
    await main.getByLabel('Password', { exact: true }).fill(account.password);
    await main.getByLabel('Confirm Password').fill(account.password);
    await main.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL('/shipping');

    await page.goto(await confirmationPathTo(account.email));
    await expect(main.getByRole('alert')).toHaveText(
      'Thank you: your e-mail address is confirmed.',
    );
    await expect(main.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
    await main.getByRole('link', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL('/shipping');
  });
});

test.describe('a shop that sells to accounts only (CHECKOUT_ACCOUNTS=required)', () => {
  let shop: OtherShop | undefined;

  test.beforeAll(async () => {
    // A shop of its own: migrating and seeding a fresh database takes a while.
    test.setTimeout(OTHER_SHOP_START_MS + 30_000);
    shop = await startOtherShop({ CHECKOUT_ACCOUNTS: 'required' });
  });

  test.afterAll(async () => {
    await shop?.stop();
  });

  test('Sign In offers no guest checkout, and saved guest details do not open checkout', async ({
    page,
  }) => {
    const url = shop!.url;
    const main = page.getByRole('main');
    const config = page.waitForResponse((answer) => answer.url().endsWith('/api/config/checkout'));
    await page.goto(`${url}/login?redirect=shipping`);
    expect(await (await config).json()).toEqual({ guestCheckout: false });
    await settle(page);
    await expect(main.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Check out as a guest' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Continue as guest' })).toHaveCount(0);

    // Details a guest saved earlier (or by hand) still lead to Sign In.
    await page.evaluate(() =>
      localStorage.setItem(
        'guestBuyer',
        JSON.stringify({ email: 'guest@example.com', name: 'Gail Guest' }),
      ),
    );
    await page.goto(`${url}/shipping`);
    await expect(page).toHaveURL(`${url}/login?redirect=shipping`);
  });
});
