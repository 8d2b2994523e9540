// Totals before the last step (issue #37): the cart's estimate from the server's quote, the
// running total on every step of checkout, and the e-mail confirmation rule said where it bites.
import type { Page } from '@playwright/test';
import type { Product } from './catalogue-api.ts';
import { expect, test } from './fixtures.ts';
import { dollars } from './money.ts';
import { newAccount, openSignedIn, registerByApi } from './session.ts';
import { ANY_COUNTRY } from './address-form.ts';

test.use({ viewport: { width: 390, height: 844 } });

const address = {
  address: '7 Quote Road',
  city: 'Testville',
  postalCode: '4021',
  country: ANY_COUNTRY,
};

/** The shopper's cart holding `qty` of `product`, as the product page writes it. */
async function fillCart(page: Page, product: Product, qty: number) {
  const { _id, name, image, price, countInStock } = product;
  await page.evaluate(
    (items) => localStorage.setItem('cartItems', JSON.stringify(items)),
    [{ product: _id, name, image, price, countInStock, qty }],
  );
}

function runningTotal(page: Page) {
  return page.getByRole('main').getByRole('region', { name: 'Running total' });
}

/** The running total comes before the step's heading on a phone. */
async function expectTotalOnTop(page: Page, heading: string) {
  const total = await runningTotal(page).boundingBox();
  const title = page.getByRole('main').getByRole('heading', { level: 1, name: heading });
  const titleBox = await title.boundingBox();
  expect(total).not.toBeNull();
  expect(titleBox).not.toBeNull();
  expect(total!.y + total!.height).toBeLessThanOrEqual(titleBox!.y + 1);
}

test.describe('totals before the last step', () => {
  test('the cart says shipping and tax come at checkout; the shipping and payment steps show the running total on top', async ({
    page,
    customer,
    addProduct,
  }) => {
    // $39: under the free-shipping line, so shipping ($25) and tax (15 %: $5.85) show.
    const shirt = await addProduct('Quote Shirt', { price: 39, countInStock: 5 });
    const main = page.getByRole('main');
    await openSignedIn(page, customer, '/');
    await fillCart(page, shirt, 1);

    await page.goto('/cart');
    await expect(main.getByRole('heading', { name: 'Subtotal (1 item)' })).toBeVisible();
    // The line's price and the subtotal.
    await expect(main.getByText(dollars(39), { exact: true })).toHaveCount(2);
    await expect(main.getByText('Shipping and tax are worked out at checkout')).toBeVisible();
    await expect(main.getByRole('group', { name: 'Estimate' })).toHaveCount(0);

    await main.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await expect(page).toHaveURL('/shipping');
    await expect(runningTotal(page)).toContainText('Items$39.00');
    await expect(runningTotal(page)).toContainText('Shipping and tax follow from your address.');
    await expectTotalOnTop(page, 'Shipping');
    await main.getByLabel('Address', { exact: true }).fill(address.address);
    await main.getByLabel('City').fill(address.city);
    await main.getByLabel('Postal Code').fill(address.postalCode);
    await main.getByLabel('Country').selectOption(address.country);
    await main.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL('/payment');
    for (const figure of ['Items$39.00', 'Shipping$25.00', 'Tax$5.85', 'Total$69.85']) {
      await expect(runningTotal(page)).toContainText(figure);
    }
    await expectTotalOnTop(page, 'Payment Method');
  });

  test('with the address known, the place-order step and the cart show shipping, tax and the total', async ({
    page,
    customer,
    addProduct,
  }) => {
    const shirt = await addProduct('Quoted Shirt', { price: 39, countInStock: 5 });
    const main = page.getByRole('main');
    await openSignedIn(page, customer, '/');
    await fillCart(page, shirt, 1);
    await page.evaluate((shipping) => {
      localStorage.setItem('shipping', JSON.stringify(shipping));
      localStorage.setItem('paymentMethod', JSON.stringify('PayPal'));
    }, address);

    await page.goto('/placeorder');
    await expect(runningTotal(page)).toContainText('Total$69.85');
    await expectTotalOnTop(page, 'Place Order');
    // The summary's figures are the server's, the same the order will have.
    const summary = main.getByRole('list', { name: 'Order Summary' });
    await expect(summary).toContainText('Shipping$25.00');
    await expect(summary).toContainText('Total$69.85');
    await expect(main.getByText('*Free shipping for total items over $100')).toBeVisible();

    // Back in the cart, the address is known: the figures replace the sentence.
    await page.goto('/cart');
    const estimate = main.getByRole('group', { name: 'Estimate' });
    await expect(estimate).toContainText('Shipping$25.00');
    await expect(estimate).toContainText('Tax$5.85');
    await expect(estimate).toContainText('Total$69.85');
    await expect(main.getByText('Shipping and tax are worked out at checkout')).toHaveCount(0);
    // A new quantity is priced again: three shirts ($117) ship free, with $17.55 tax.
    await main.getByLabel(`Quantity of ${shirt.name}`).selectOption('3');
    await expect(estimate).toContainText('Shipping$0.00');
    await expect(estimate).toContainText('Total$134.55');
  });

  test('an account whose e-mail is not confirmed is told on the shipping step, and Place Order waits with the reason', async ({
    page,
    request,
    addProduct,
  }) => {
    const lamp = await addProduct('Unconfirmed Lamp', { price: 20, countInStock: 5 });
    const account = await registerByApi(request, newAccount('Unconfirmed'), { confirmed: false });
    const main = page.getByRole('main');
    await openSignedIn(page, account, '/');
    await fillCart(page, lamp, 1);

    await page.goto('/shipping');
    const note = main.getByRole('note', { name: 'E-mail not confirmed' });
    await expect(note).toContainText(
      `Your e-mail address must be confirmed before the order can be placed: follow the link we sent to ${account.email}.`,
    );
    // Before the form, where the shopper reads it before typing an address.
    const noteBox = (await note.boundingBox())!;
    const fieldBox = (await main.getByLabel('Address', { exact: true }).boundingBox())!;
    expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(fieldBox.y);
    await note.getByRole('button', { name: 'Send the link again' }).click();
    await expect(note.getByRole('status')).toHaveText(
      'We have sent you a new confirmation link. Older links no longer work.',
    );

    await main.getByLabel('Address', { exact: true }).fill(address.address);
    await main.getByLabel('City').fill(address.city);
    await main.getByLabel('Postal Code').fill(address.postalCode);
    await main.getByLabel('Country').selectOption(address.country);
    await main.getByRole('button', { name: 'Continue' }).click();
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/placeorder');

    const placeOrder = main.getByRole('button', { name: 'Place Order' });
    await expect(placeOrder).toBeDisabled();
    await expect(placeOrder).toHaveAccessibleDescription(
      /must be confirmed before the order can be placed/,
    );
    await expect(main.getByRole('note', { name: 'E-mail not confirmed' })).toBeVisible();
    // No way to pay either: the order could not be placed.
    await expect(main.getByRole('button', { name: 'Pay (test mode)' })).toHaveCount(0);
  });
});
