// Discount codes in the storefront: applying a code in the cart and at place order (a refusal
// says why), removing it, the code checked again when the cart changes, and an order paid with
// a code showing its discount on the order page and in My Orders. The codes are made through
// the admin API and deleted after each test.
import { randomUUID } from 'node:crypto';
import { DISCOUNT_MESSAGES } from '@proshop/domain/discounts';
import { computeOrderPrices } from '@proshop/domain/prices';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Product } from './catalogue-api.ts';
import { expect, test as base } from './fixtures.ts';
import { fetchOrderByApi } from './orders-api.ts';
import { orderLinkTo } from './outbox.ts';
import { bearer, clientAddressOf, newAccount, openSignedIn, type SessionInfo } from './session.ts';
import { dollars } from './money.ts';
import { ANY_COUNTRY } from './address-form.ts';

interface DiscountFields {
  kind: 'percentage' | 'fixed' | 'free-shipping';
  value?: number;
  minSubtotal?: number;
}

interface MadeDiscount extends DiscountFields {
  _id: string;
  code: string;
}

/** Makes a discount code of its own (upper case, unique), deleted after the test. */
type AddDiscount = (label: string, fields: DiscountFields) => Promise<MadeDiscount>;

const test = base.extend<{ addDiscount: AddDiscount }>({
  addDiscount: async ({ request, admin }, use) => {
    const made: string[] = [];
    await use(async (label, fields) => {
      const code = `${label}-${randomUUID().slice(0, 8)}`.toUpperCase();
      const response = await request.post('/api/discounts', {
        headers: bearer(admin),
        data: { code, ...fields },
      });
      expect(response.status(), await response.text()).toBe(201);
      const { _id } = (await response.json()) as { _id: string };
      made.push(_id);
      return { _id, code, ...fields };
    });
    for (const id of made) await deleteDiscount(request, admin, id);
  },
});

async function deleteDiscount(request: APIRequestContext, admin: SessionInfo, id: string) {
  const response = await request.delete(`/api/discounts/${id}`, { headers: bearer(admin) });
  expect([200, 404]).toContain(response.status());
}

const address = {
  address: '7 Coupon Road',
  city: 'Testville',
  postalCode: '4021',
  country: ANY_COUNTRY,
};

/** A line of the stored cart, as the product page writes it. */
function cartLine(product: Product, qty: number) {
  const { _id, name, image, price, countInStock } = product;
  return { product: _id, name, image, price, countInStock, qty };
}

/** The shop open as `session` with `cartItems` in the cart and the checkout steps filled in. */
async function seedCheckout(page: Page, session: SessionInfo, cartItems: unknown[]) {
  await openSignedIn(page, session, '/');
  await page.evaluate(
    ({ items, shipping }) => {
      localStorage.setItem('cartItems', JSON.stringify(items));
      localStorage.setItem('shipping', JSON.stringify(shipping));
      localStorage.setItem('paymentMethod', JSON.stringify('PayPal'));
    },
    { items: cartItems, shipping: address },
  );
}

function main(page: Page) {
  return page.getByRole('main');
}

function codeForm(page: Page) {
  return main(page).getByRole('form', { name: 'Discount code' });
}

/** Types `code` in the Discount code field and applies it. */
async function applyCode(page: Page, code: string) {
  await codeForm(page).getByRole('textbox', { name: 'Discount code' }).fill(code);
  await codeForm(page).getByRole('button', { name: 'Apply' }).click();
}

function storedCode(page: Page) {
  return page.evaluate(() => localStorage.getItem('discountCode'));
}

/** The cart's card row of the discount (it is no list there). */
function cartDiscountRow(page: Page) {
  return main(page)
    .getByText(/^Discount \(/)
    .locator('xpath=../..');
}

/**
 * The Order Summary card's row for `label` (Items, Discount (CODE), Shipping, Tax, Total): the
 * label, then an amount (less, for the discount) or the discount's "Free shipping".
 */
function summaryRow(page: Page, label: string) {
  return main(page)
    .getByRole('list', { name: 'Order Summary' })
    .getByRole('listitem')
    .filter({
      hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}(\u2212?\\$|Free shipping)`),
    });
}

test.describe('discount codes', () => {
  test('a shopper applies a code in the cart, removes it, applies it again and pays with it', async ({
    page,
    request,
    customer,
    addProduct,
    addDiscount,
  }) => {
    const lamp = await addProduct('Coupon Lamp', { price: 40, countInStock: 5 });
    const { code } = await addDiscount('TEN', { kind: 'percentage', value: 10 });
    await seedCheckout(page, customer, [cartLine(lamp, 2)]);
    await page.goto('/cart');

    // An unknown code is refused with the server's reason, read out where the field is.
    const unknown = `NOPE-${randomUUID().slice(0, 8)}`.toUpperCase();
    await applyCode(page, unknown.toLowerCase());
    const status = codeForm(page).locator('[aria-live="polite"]');
    await expect(status).toHaveText(DISCOUNT_MESSAGES.unknown(unknown));
    await expect(codeForm(page).getByRole('textbox', { name: 'Discount code' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(main(page).getByText(/^Discount \(/)).toHaveCount(0);
    expect(await storedCode(page)).toBeNull();

    // A valid code, typed in lower case: 10 % off the $80 of lamps.
    await applyCode(page, code.toLowerCase());
    await expect(status).toHaveText(`Discount code ${code} applied`);
    await expect(cartDiscountRow(page)).toHaveText(`Discount (${code})\u2212$8.00`);
    await expect(main(page).getByText('$80.00', { exact: true })).toBeVisible();
    expect(await storedCode(page)).toBe(JSON.stringify(code));

    // Removed: no row, nothing stored, the field is back.
    await codeForm(page).getByRole('button', { name: 'Remove' }).click();
    await expect(main(page).getByText(/^Discount \(/)).toHaveCount(0);
    await expect(codeForm(page).getByRole('textbox', { name: 'Discount code' })).toBeVisible();
    expect(await storedCode(page)).toBeNull();

    // Applied again; a quantity changed is discounted at once and checked again.
    await applyCode(page, code);
    await expect(cartDiscountRow(page)).toHaveText(`Discount (${code})\u2212$8.00`);
    await main(page).getByLabel(`Quantity of ${lamp.name}`).selectOption('3');
    await expect(cartDiscountRow(page)).toHaveText(`Discount (${code})\u2212$12.00`);

    // At place order (a new page load: the code was kept in browser storage).
    await page.goto('/placeorder');
    const prices = computeOrderPrices([{ price: 40, qty: 3 }], { kind: 'percentage', value: 10 });
    expect(prices).toEqual({
      itemsPrice: 120,
      discountPrice: 12,
      shippingPrice: 0, // the $108 of items after the discount are over $100
      taxPrice: 16.2,
      totalPrice: 124.2,
    });
    await expect(summaryRow(page, 'Items')).toHaveText('Items$120.00');
    await expect(summaryRow(page, `Discount (${code})`)).toHaveText(
      `Discount (${code})\u2212$12.00`,
    );
    await expect(summaryRow(page, 'Shipping')).toHaveText('Shipping$0.00');
    await expect(summaryRow(page, 'Tax')).toHaveText('Tax$16.20');
    await expect(summaryRow(page, 'Total')).toHaveText('Total$124.20');
    await expect(codeForm(page)).toContainText(`Discount code ${code} applied`);

    await main(page).getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await storedCode(page)).toBeNull();
    const order = await fetchOrderByApi(request, customer, orderId);
    expect(order).toMatchObject({ discountCode: code, ...prices });

    // The order page shows the discount, before and after paying.
    await expect(summaryRow(page, `Discount (${code})`)).toHaveText(
      `Discount (${code})\u2212$12.00`,
    );
    await expect(summaryRow(page, 'Total')).toHaveText('Total$124.20');
    await main(page).getByRole('button', { name: 'Pay (test mode)' }).click();
    await expect(main(page).getByText(/^Paid on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expect(summaryRow(page, `Discount (${code})`)).toHaveText(
      `Discount (${code})\u2212$12.00`,
    );
    expect((await fetchOrderByApi(request, customer, orderId)).isPaid).toBe(true);

    // My Orders: the card shows the code and what it took off.
    await page.goto('/profile');
    const card = main(page).getByRole('article', { name: `Order ${orderId}` });
    await expect(card).toContainText('$124.20');
    await expect(card).toContainText(`Discount (${code}): \u2212$12.00`);

    // The cart is empty and has no code left.
    await page.goto('/cart');
    await expect(main(page).getByText('Your cart is empty')).toBeVisible();
    await expect(codeForm(page)).toHaveCount(0);
  });

  test('a code with a minimum applies only while the cart reaches it, and waits for a sign-in', async ({
    page,
    customer,
    addProduct,
    addDiscount,
  }) => {
    const mug = await addProduct('Coupon Mug', { price: 30, countInStock: 5 });
    const { code } = await addDiscount('FIVE', { kind: 'fixed', value: 5, minSubtotal: 75 });
    const needsMore = DISCOUNT_MESSAGES.minimum(code, '$75.00');

    // Signed out, the field asks for a sign-in first.
    await page.goto('/');
    await page.evaluate(
      (items) => localStorage.setItem('cartItems', JSON.stringify(items)),
      [cartLine(mug, 2)],
    );
    await page.goto('/cart');
    await expect(codeForm(page)).toContainText('Sign in to use a discount code');
    await expect(codeForm(page).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirect=cart',
    );
    await expect(codeForm(page).getByRole('textbox')).toHaveCount(0);

    // Two mugs ($60) are below the minimum: refused, and not kept.
    await seedCheckout(page, customer, [cartLine(mug, 2)]);
    await page.goto('/cart');
    await applyCode(page, code);
    const status = codeForm(page).locator('[aria-live="polite"]');
    await expect(status).toHaveText(needsMore);
    expect(await storedCode(page)).toBeNull();

    // Three ($90) reach it.
    const qty = main(page).getByLabel(`Quantity of ${mug.name}`);
    await qty.selectOption('3');
    await applyCode(page, code);
    await expect(status).toHaveText(`Discount code ${code} applied`);
    await expect(cartDiscountRow(page)).toHaveText(`Discount (${code})\u2212$5.00`);

    // Back to two: the code is checked again, stays in the cart with the reason, takes nothing.
    await qty.selectOption('2');
    await expect(status).toHaveText(needsMore);
    await expect(main(page).getByText(/^Discount \(/)).toHaveCount(0);
    await expect(codeForm(page).getByRole('button', { name: 'Remove' })).toBeVisible();
    expect(await storedCode(page)).toBe(JSON.stringify(code));

    // Place order shows the same: no discount in the summary, the reason by the code.
    await page.goto('/placeorder');
    await expect(codeForm(page)).toContainText(needsMore);
    await expect(summaryRow(page, 'Total')).toHaveText(
      `Total${dollars(computeOrderPrices([{ price: 30, qty: 2 }]).totalPrice)}`,
    );
    await expect(main(page).getByText(/^Discount \(/)).toHaveCount(0);

    // Three again at place order's page load: the code applies.
    await page.goto('/cart');
    await qty.selectOption('3');
    await expect(status).toHaveText(`Discount code ${code} applied`);
    await page.goto('/placeorder');
    const prices = computeOrderPrices([{ price: 30, qty: 3 }], { kind: 'fixed', value: 5 });
    await expect(summaryRow(page, `Discount (${code})`)).toHaveText(
      `Discount (${code})\u2212$5.00`,
    );
    await expect(summaryRow(page, 'Total')).toHaveText(`Total${dollars(prices.totalPrice)}`);
  });

  test('at place order: a code applied there, then deactivated before the order is placed', async ({
    page,
    request,
    admin,
    customer,
    addProduct,
    addDiscount,
  }) => {
    const lamp = await addProduct('Coupon Desk', { price: 50, countInStock: 5 });
    const discount = await addDiscount('SHIP', { kind: 'free-shipping' });
    const { code } = discount;
    await seedCheckout(page, customer, [cartLine(lamp, 1)]);
    await page.goto('/placeorder');
    await expect(summaryRow(page, 'Shipping')).toHaveText('Shipping$25.00');

    await applyCode(page, code);
    const status = codeForm(page).locator('[aria-live="polite"]');
    await expect(status).toHaveText(`Discount code ${code} applied`);
    await expect(summaryRow(page, `Discount (${code})`)).toHaveText(
      `Discount (${code})Free shipping`,
    );
    await expect(summaryRow(page, 'Shipping')).toHaveText('Shipping$0.00');
    // $50 + $7.50 tax, no shipping.
    await expect(summaryRow(page, 'Total')).toHaveText('Total$57.50');

    // The admin deactivates the code while the shopper looks at the summary.
    const deactivated = await request.put(`/api/discounts/${discount._id}`, {
      headers: bearer(admin),
      data: { code, kind: discount.kind, active: false },
    });
    expect(deactivated.status(), await deactivated.text()).toBe(200);

    // The server refuses the order with the reason; the code, checked again, says it too and
    // takes nothing off; the order then goes through at the prices shown, without it.
    await main(page).getByRole('button', { name: 'Place Order' }).click();
    const inactive = DISCOUNT_MESSAGES.inactive(code);
    await expect(main(page).getByRole('alert').filter({ hasText: inactive })).toBeVisible();
    await expect(status).toHaveText(inactive);
    await expect(main(page).getByText(/^Discount \(/)).toHaveCount(0);
    await expect(summaryRow(page, 'Total')).toHaveText('Total$82.50');
    await expect(page).toHaveURL('/placeorder');

    await main(page).getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const order = await fetchOrderByApi(request, customer, orderId);
    expect(order).toMatchObject({ discountCode: null, discountPrice: 0, totalPrice: 82.5 });
    await expect(main(page).getByText(/^Discount \(/)).toHaveCount(0);
  });
  test('a guest applies a code at Place Order, pays there, and opens the paid order from the e-mailed link', async ({
    page,
    addProduct,
    addDiscount,
  }) => {
    const lamp = await addProduct('Guest Coupon Lamp', { price: 80, countInStock: 5 });
    const { code } = await addDiscount('GUEST', { kind: 'percentage', value: 10 });
    const guest = newAccount('Guest Coupon');
    // Guest orders are counted per address: this guest's requests come from one of its own.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddressOf(guest.email) });
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto('/');
    await page.evaluate(
      (items) => localStorage.setItem('cartItems', JSON.stringify(items)),
      [cartLine(lamp, 1)],
    );
    await page.goto('/cart');
    await main(page).getByRole('button', { name: 'Proceed To Checkout' }).click();
    const guestWay = main(page).getByRole('region', { name: 'Check out as a guest' });
    await guestWay.getByLabel('Your email').fill(guest.email);
    await guestWay.getByLabel('Your name').fill(guest.name);
    await guestWay.getByRole('button', { name: 'Continue as guest' }).click();
    await expect(page).toHaveURL('/shipping');
    await main(page).getByLabel('Address', { exact: true }).fill(address.address);
    await main(page).getByLabel('City').fill(address.city);
    await main(page).getByLabel('Postal Code').fill(address.postalCode);
    await main(page).getByLabel('Country').selectOption(address.country);
    await main(page).getByRole('button', { name: 'Continue' }).click();
    await main(page).getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/placeorder');

    // A guest's code is checked by the e-mail they gave: no sign-in asked for.
    await applyCode(page, code);
    await expect(codeForm(page)).toContainText(`Discount code ${code} applied`);
    const prices = computeOrderPrices([{ price: 80, qty: 1 }], { kind: 'percentage', value: 10 });
    await expect(summaryRow(page, `Discount (${code})`)).toContainText(
      dollars(prices.discountPrice),
    );
    await main(page).getByRole('button', { name: 'Pay (test mode)' }).click();

    // Paying placed and paid the order; the guest lands on it through its link.
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}\?key=[\w-]+$/);
    await expect(main(page).getByText(/^Paid on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    const orderId = new URL(page.url()).pathname.split('/').pop()!;

    // The e-mailed link opens the same order, paid, with its discount, in a fresh visit.
    const link = await orderLinkTo(guest.email, orderId);
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(main(page).getByText(/^Paid on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expect(summaryRow(page, `Discount (${code})`)).toContainText(
      dollars(prices.discountPrice),
    );
    await expect(summaryRow(page, 'Total')).toContainText(dollars(prices.totalPrice));
  });
});
