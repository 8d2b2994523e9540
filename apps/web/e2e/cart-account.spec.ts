import type { APIRequestContext, Page } from '@playwright/test';
import type { Product } from './catalogue-api.ts';
import { deleteProduct } from './catalogue-api.ts';
import { expect, test } from './fixtures.ts';
import {
  bearer,
  fillSignIn,
  logOut,
  newAccount,
  openSignedIn,
  registerByApi,
  signInByApi,
  type SessionInfo,
  type SignedInAccount,
} from './session.ts';

interface ServerCart {
  cartItems: { product: string; qty: number; name: string }[];
  version: number;
}

const CART_CHANGED =
  'Your cart was changed on another device or tab. It has been reloaded; please check it and try again.';

/** Puts lines in the account's cart through the API, as another device would. */
async function putCartByApi(
  request: APIRequestContext,
  session: SessionInfo,
  lines: { product: Product; qty: number }[],
): Promise<ServerCart> {
  const response = await request.put('/api/cart', {
    headers: bearer(session),
    data: { cartItems: lines.map(({ product, qty }) => ({ product: product._id, qty })) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ServerCart;
}

async function cartByApi(request: APIRequestContext, session: SessionInfo) {
  const response = await request.get('/api/cart', { headers: bearer(session) });
  expect(response.status()).toBe(200);
  const cart = (await response.json()) as ServerCart;
  return cart.cartItems.map(({ product, qty }) => ({ product, qty }));
}

/** A fresh session of `account` (its earlier token may have been signed out). */
const signInAgain = (request: APIRequestContext, account: SignedInAccount) =>
  signInByApi(request, account.email, account.password);

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /Cart/ });
const quantityOf = (page: Page, product: Product) =>
  page.getByRole('main').getByLabel(`Quantity of ${product.name}`);

test.describe('the cart kept with the account', () => {
  test("signing in merges the visitor's cart into the account's; signing out leaves the next person an empty cart", async ({
    page,
    request,
    customer,
    addProduct,
  }) => {
    const lamp = await addProduct('Merge Lamp', { price: 20, countInStock: 5 });
    const mug = await addProduct('Merge Mug', { price: 8, countInStock: 3 });
    const kettle = await addProduct('Merge Kettle', { price: 30, countInStock: 4 });
    const main = page.getByRole('main');
    // The account already holds a cart, filled on another device.
    await putCartByApi(request, customer, [
      { product: lamp, qty: 1 },
      { product: mug, qty: 2 },
    ]);

    // Signed out, this browser fills its own cart.
    await page.goto(`/cart/${lamp._id}?qty=3`);
    await expect(quantityOf(page, lamp)).toHaveValue('3');
    await page.goto(`/cart/${kettle._id}?qty=1`);
    await expect(quantityOf(page, kettle)).toHaveValue('1');
    await main.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await expect(page).toHaveURL('/login?redirect=shipping');
    await fillSignIn(page, customer.email, customer.password);
    await expect(page).toHaveURL('/shipping');

    // The same product: the larger quantity; the others from both carts.
    await page.goto('/cart');
    await expect(quantityOf(page, lamp)).toHaveValue('3');
    await expect(quantityOf(page, mug)).toHaveValue('2');
    await expect(quantityOf(page, kettle)).toHaveValue('1');
    await expect(cartLink(page)).toHaveText('Cart 3');
    expect(await cartByApi(request, customer)).toEqual([
      { product: lamp._id, qty: 3 },
      { product: mug._id, qty: 2 },
      { product: kettle._id, qty: 1 },
    ]);

    // Signing out empties this browser's cart; the account keeps it.
    await logOut(page, customer.name);
    await expect(cartLink(page)).toHaveText('Cart');
    expect(await page.evaluate(() => localStorage.getItem('cartItems'))).toBe('[]');

    // The next person signs in here and sees their cart only.
    const other = await registerByApi(request, newAccount('Other'));
    await putCartByApi(request, other, [{ product: kettle, qty: 2 }]);
    await page.goto('/login');
    await fillSignIn(page, other.email, other.password);
    await expect(page).toHaveURL('/');
    await page.goto('/cart');
    await expect(quantityOf(page, kettle)).toHaveValue('2');
    await expect(cartLink(page)).toHaveText('Cart 1');
    await expect(main.getByRole('link', { name: lamp.name })).toHaveCount(0);
    await expect(main.getByRole('link', { name: mug.name })).toHaveCount(0);
    expect(await cartByApi(request, other)).toEqual([{ product: kettle._id, qty: 2 }]);
    expect(await cartByApi(request, customer)).toHaveLength(3);
  });

  test('a change on one device shows on another; a change from an older cart reloads it; a deleted product is marked', async ({
    page,
    browser,
    request,
    admin,
    customer,
    addProduct,
  }) => {
    const lamp = await addProduct('Synced Lamp', { price: 20, countInStock: 5 });
    const vase = await addProduct('Synced Vase', { price: 15, countInStock: 5 });
    const laptop = await browser.newContext();
    const other = await laptop.newPage();
    try {
      await openSignedIn(page, customer, `/cart/${lamp._id}?qty=2`);
      await expect(quantityOf(page, lamp)).toHaveValue('2');
      await expect
        .poll(() => cartByApi(request, customer))
        .toEqual([{ product: lamp._id, qty: 2 }]);

      // The laptop opens the cart and sees the line; its change reaches the phone on reload.
      await openSignedIn(other, customer, '/cart');
      await expect(quantityOf(other, lamp)).toHaveValue('2');
      await quantityOf(other, lamp).selectOption('4');
      await expect
        .poll(() => cartByApi(request, customer))
        .toEqual([{ product: lamp._id, qty: 4 }]);
      await page.reload();
      await expect(quantityOf(page, lamp)).toHaveValue('4');

      // The laptop, still showing the cart before, changes it: refused, it shows the cart now.
      await quantityOf(page, lamp).selectOption('1');
      await expect
        .poll(() => cartByApi(request, customer))
        .toEqual([{ product: lamp._id, qty: 1 }]);
      await quantityOf(other, lamp).selectOption('3');
      await expect(other.getByRole('main').getByText(CART_CHANGED)).toBeVisible();
      await expect(quantityOf(other, lamp)).toHaveValue('1');
      expect(await cartByApi(request, customer)).toEqual([{ product: lamp._id, qty: 1 }]);

      // A product deleted from the shop stays in the cart, marked, and blocks the checkout.
      await putCartByApi(request, customer, [
        { product: lamp, qty: 1 },
        { product: vase, qty: 1 },
      ]);
      await deleteProduct(request, admin, vase._id);
      await page.goto('/cart');
      const main = page.getByRole('main');
      await expect(main.getByText('No longer sold')).toBeVisible();
      await expect(main.getByRole('button', { name: 'Proceed To Checkout' })).toBeDisabled();
      await main.getByRole('button', { name: `Delete ${vase.name}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect(main.getByText('No longer sold')).toHaveCount(0);
      await expect(main.getByRole('button', { name: 'Proceed To Checkout' })).toBeEnabled();
      await expect
        .poll(() => cartByApi(request, customer))
        .toEqual([{ product: lamp._id, qty: 1 }]);
    } finally {
      await laptop.close();
    }
  });
  test('after a session that ended keeps the cart, another account signing in here never gets that cart', async ({
    page,
    request,
    customer,
    addProduct,
  }) => {
    const lamp = await addProduct('Ended Lamp', { price: 20, countInStock: 5 });
    const main = page.getByRole('main');
    await putCartByApi(request, customer, [{ product: lamp, qty: 2 }]);
    await openSignedIn(page, customer, '/cart');
    await expect(quantityOf(page, lamp)).toHaveValue('2');

    // The session ends elsewhere (signed out with a copy of the token): this browser keeps the
    // cart, as a shopper whose session expired does.
    const ended = await request.post('/api/users/logout', { headers: bearer(customer) });
    expect(ended.status()).toBe(204);
    await page.goto('/profile');
    await expect(page).toHaveURL('/login?redirect=profile');
    await expect(cartLink(page)).toHaveText('Cart 1');

    // Someone else signs in on this browser: their cart, never the one left behind.
    const other = await registerByApi(request, newAccount('Next'));
    await fillSignIn(page, other.email, other.password);
    await expect(page).toHaveURL('/profile');
    await page.goto('/cart');
    await expect(main.getByText('Your cart is empty')).toBeVisible();
    await expect(cartLink(page)).toHaveText('Cart');
    expect(await cartByApi(request, other)).toEqual([]);
    expect(await cartByApi(request, await signInAgain(request, customer))).toEqual([
      { product: lamp._id, qty: 2 },
    ]);
  });
});
