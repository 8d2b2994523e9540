import type { Locator, Page } from '@playwright/test';
import { ANY_COUNTRY } from './address-form.ts';
import { expect, holdClock, test } from './fixtures.ts';
import { openSignedIn } from './session.ts';

/** Puts the product in the cart and deletes it: answers that toast and the header's cart link. */
async function deleteAndToast(page: Page, productId: string) {
  await page.goto(`/cart/${productId}?qty=1`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: /^Delete / }).click();
  await page
    .getByRole('dialog', { name: 'Delete Item' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const toast = page
    .getByRole('alert')
    .filter({ hasText: 'Item has been successfully deleted from Cart' });
  await expect(toast).toBeVisible();
  return { toast, cart: page.getByRole('banner').getByRole('link', { name: /Cart/ }) };
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('the notification toast', () => {
  test('on a desktop it shows below the header, right, solid, clear of the cart badge', async ({
    page,
    addProduct,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const product = await addProduct('Toast Lamp', { countInStock: 3 });
    const { toast, cart } = await deleteAndToast(page, product._id);
    const header = await box(page.getByRole('banner'));
    const shown = await box(toast);
    expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(shown.x + shown.width).toBeGreaterThan(1280 - 40);
    expect(overlap(shown, await box(cart))).toBe(false);
    // Solid: its background has no transparency.
    const background = await toast.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toMatch(/^rgb\(/);
  });

  test('on a phone it shows at the bottom of the screen, clear of the cart badge', async ({
    page,
    addProduct,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const product = await addProduct('Toast Mug', { countInStock: 3 });
    const { toast, cart } = await deleteAndToast(page, product._id);
    const shown = await box(toast);
    expect(shown.y + shown.height).toBeGreaterThan(844 - 40);
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(390);
    // The cart beside the menu button is in sight and the toast is not over it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(cart).toBeInViewport();
    expect(overlap(shown, await box(cart))).toBe(false);
  });

  test('a toast stays on the page it tells of: the next page opens without it', async ({
    page,
    addProduct,
  }) => {
    const product = await addProduct('Toast Vase', { countInStock: 3 });
    // The clock held: the toast does not go by itself after 3 s, only by leaving the page.
    await holdClock(page);
    const { toast } = await deleteAndToast(page, product._id);
    await page.getByRole('banner').getByRole('link', { name: 'ProShop', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();
    await expect(toast).toHaveCount(0);
  });
});

test.describe('forms say their rules before the shopper types', () => {
  const rule = /^At least 8 characters/;

  test('Register and Profile show the password rule under the new password', async ({
    page,
    customer,
  }) => {
    await page.goto('/register');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(rule);
    await openSignedIn(page, customer, '/profile');
    await expect(page.getByLabel('New Password')).toHaveAccessibleDescription(rule);
  });
});

test.describe('the cart helps the shopper decide', () => {
  test('line totals, how much more ships free, and a way back to the shop', async ({
    page,
    addProduct,
  }) => {
    const product = await addProduct('Free Ship Kettle', { price: 20, countInStock: 10 });
    // The note is the seed's rule, said once the quote shows the address ships by it (#38).
    await page.goto('/');
    await page.evaluate(
      (country) =>
        localStorage.setItem(
          'shipping',
          JSON.stringify({ address: '1 Kettle Row', city: 'Testville', postalCode: '1', country }),
        ),
      ANY_COUNTRY,
    );
    await page.goto(`/cart/${product._id}?qty=2`);
    const main = page.getByRole('main');
    await expect(main.getByText('Line total $40.00')).toBeVisible();
    // Free above $100 of items: $60.01 more.
    await expect(main.getByText('Add $60.01 more for free shipping.')).toBeVisible();
    await main.getByLabel(`Quantity of ${product.name}`).selectOption('6');
    await expect(main.getByText('Shipping is free.')).toBeVisible();
    await main.getByRole('link', { name: 'Continue shopping' }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('the product page', () => {
  test('shows the price once, with the brand and category linked', async ({ page, addProduct }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const product = await addProduct('Once Priced Lamp', { price: 1299, countInStock: 4 });
    await page.goto(`/product/${product._id}`);
    const main = page.getByRole('main');
    const buy = main.getByRole('region', { name: 'Buy' });
    await expect(buy).toContainText('Price: $1,299.00');
    const text = await main.innerText();
    expect(text.split('$1,299.00')).toHaveLength(2);
    const maker = main.getByText(`By ${product.brand} in ${product.category}`);
    await expect(maker).toBeVisible();
    await expect(maker.getByRole('link', { name: product.brand })).toHaveAttribute(
      'href',
      /^\/brand\//,
    );
    await expect(maker.getByRole('link', { name: product.category })).toHaveAttribute(
      'href',
      /^\/category\//,
    );
  });

  test('on a phone, Add To Cart stays in reach: under the options, then in a bar once it has scrolled by', async ({
    page,
    addProduct,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // A long description, which comes after the buy box on a phone.
    const description = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of the story.`).join(
      '\n',
    );
    const product = await addProduct('Sticky Lamp', { countInStock: 4, description });
    await page.goto(`/product/${product._id}`);
    const main = page.getByRole('main');
    const add = main.getByRole('button', { name: 'Add To Cart' });
    const bar = page.getByRole('region', { name: 'Quick buy' });
    const buyBox = (await box(main.getByRole('region', { name: 'Buy' }))).y;
    expect(buyBox).toBeLessThan((await box(main.getByText('Line 1 of the story.'))).y);
    await expect(bar).toHaveCount(0);
    await main.getByText('Line 20 of the story.').scrollIntoViewIfNeeded();
    await expect(add).not.toBeInViewport();
    await expect(bar.getByRole('button', { name: 'Add To Cart' })).toBeInViewport();
    // At the end of the page the footer scrolls clear of the bar: nothing stays covered.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeInViewport();
    expect(overlap(await box(bar), await box(footer))).toBe(false);
    await bar.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

test('a quantity above the stock is lowered, and the cart says so', async ({
  page,
  addProduct,
}) => {
  const product = await addProduct('Scarce Kettle', { price: 20, countInStock: 3 });
  await page.goto(`/cart/${product._id}?qty=9`);
  const main = page.getByRole('main');
  await expect(
    main.getByText(`Only 3 left of ${product.name}: the quantity was lowered to 3.`),
  ).toBeVisible();
  await expect(main.getByLabel(`Quantity of ${product.name}`)).toHaveValue('3');
  // Said once: the next visit of the cart has no note.
  await page.goto('/');
  await page.goto('/cart');
  await expect(main.getByLabel(`Quantity of ${product.name}`)).toHaveValue('3');
  await expect(main.getByText(/the quantity was lowered/)).toHaveCount(0);
});
