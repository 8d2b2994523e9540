import { expect, test } from './fixtures.ts';
import { fillSignIn, openSignedIn, userMenu } from './session.ts';
import { ANY_COUNTRY } from './address-form.ts';

test.describe('the wishlist', () => {
  test('a heart pressed signed out saves the product once the shopper has signed in', async ({
    page,
    customer,
    addProduct,
  }) => {
    const kettle = await addProduct('Heart Kettle', { price: 30, countInStock: 4 });
    await page.goto(`/search/${encodeURIComponent(kettle.name)}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Save to wishlist' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await fillSignIn(page, customer.email, customer.password);
    await expect(page).toHaveURL(`/search/${encodeURIComponent(kettle.name)}`);
    const heart = main.getByRole('button', { name: 'Remove from wishlist' });
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/wishlist');
    await expect(main.getByRole('link', { name: kettle.name })).toBeVisible();
  });

  test('saved from the product page, bought from the wishlist', async ({
    page,
    customer,
    addProduct,
  }) => {
    const lamp = await addProduct('Wish Lamp', { price: 25, countInStock: 3 });
    await openSignedIn(page, customer, `/product/${lamp._id}`);
    const main = page.getByRole('main');
    const heart = main.getByRole('button', { name: 'Save to wishlist' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(main.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userMenu(page, customer.name).click();
    await page.getByRole('banner').getByRole('link', { name: 'Wishlist' }).click();
    await expect(page).toHaveURL('/wishlist');
    await expect(main.getByRole('heading', { name: 'Wishlist' })).toBeVisible();
    await expect(main.getByRole('link', { name: lamp.name })).toBeVisible();
    await expect(main).toContainText('$25.00');
    await expect(main).toContainText('In Stock');
    await main.getByRole('button', { name: 'Add To Cart' }).click();
    await page.goto('/cart');
    await expect(main.getByRole('link', { name: lamp.name })).toBeVisible();
    await main.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await expect(page).toHaveURL('/shipping');
    await main.getByLabel('Address', { exact: true }).fill('3 Wish Way');
    await main.getByLabel('City').fill('Townsville');
    await main.getByLabel('Postal Code').fill('555');
    await main.getByLabel('Country').selectOption(ANY_COUNTRY);
    await main.getByRole('button', { name: 'Continue' }).click();
    await main.getByRole('button', { name: 'Continue' }).click();
    await main.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    await expect(main).toContainText(lamp.name);
  });
});
