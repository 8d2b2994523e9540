import { expect, test } from './fixtures.ts';
import { fetchOrderByApi } from './orders-api.ts';
import { openSignedIn } from './session.ts';
import { ANY_COUNTRY, ANY_COUNTRY_NAME } from './address-form.ts';

test.describe('the address book', () => {
  test('an address added in the profile is chosen at checkout, and the order ships there', async ({
    page,
    request,
    customer,
    addProduct,
  }) => {
    const lamp = await addProduct('Book Lamp', { price: 20, countInStock: 5 });
    await openSignedIn(page, customer, '/profile');
    const main = page.getByRole('main');
    const book = main.getByRole('region', { name: 'Addresses' });
    await expect(book).toContainText('No saved addresses yet.');

    await book.getByRole('button', { name: 'Add Address' }).click();
    await book.getByLabel('Label (e.g. Home)').fill('Home');
    await book.getByLabel('Address', { exact: true }).fill('12 Garden Lane');
    await book.getByLabel('City').fill('Springfield');
    await book.getByLabel('Postal Code').fill('4321');
    await book.getByLabel('Country').selectOption(ANY_COUNTRY);
    await book.getByRole('button', { name: 'Save Address' }).click();
    await expect(
      book.getByText(`12 Garden Lane, Springfield 4321, ${ANY_COUNTRY_NAME}`),
    ).toBeVisible();
    await expect(book.getByText('Default')).toBeVisible();

    // A second address, then the first one deleted after a confirmation: the book keeps one.
    await book.getByRole('button', { name: 'Add Address' }).click();
    await book.getByLabel('Label (e.g. Home)').fill('Office');
    await book.getByLabel('Address', { exact: true }).fill('1 Work Plaza');
    await book.getByLabel('City').fill('Capital City');
    await book.getByLabel('Postal Code').fill('9999');
    await book.getByLabel('Country').selectOption(ANY_COUNTRY);
    await book.getByRole('button', { name: 'Save Address' }).click();
    await book.getByRole('button', { name: 'Delete Office' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Address' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(book.getByText('1 Work Plaza')).toHaveCount(0);

    await page.goto(`/product/${lamp._id}`);
    await main.getByRole('button', { name: 'Add To Cart' }).click();
    await page.goto('/shipping');
    // The default is chosen; the form for a new address stays closed until asked for.
    const saved = main.getByRole('radio', { name: /Home: 12 Garden Lane/ });
    await expect(saved).toBeChecked();
    await expect(main.getByLabel('City')).toHaveCount(0);
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/payment');
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/placeorder');
    await expect(main).toContainText('12 Garden Lane');
    await main.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    await expect(main).toContainText('12 Garden Lane');
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const order = await fetchOrderByApi(request, customer, orderId);
    expect(order.shippingAddress).toEqual({
      name: '',
      address: '12 Garden Lane',
      city: 'Springfield',
      region: '',
      postalCode: '4321',
      country: ANY_COUNTRY,
      phone: '',
    });
  });

  test('a new address typed at checkout can be kept in the profile', async ({
    page,
    customer,
    addProduct,
  }) => {
    const mug = await addProduct('Book Mug', { price: 8, countInStock: 5 });
    await openSignedIn(page, customer, `/product/${mug._id}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Add To Cart' }).click();
    await page.goto('/shipping');
    await main.getByLabel('Address', { exact: true }).fill('7 Harbour Road');
    await main.getByLabel('City').fill('Porto Novo');
    await main.getByLabel('Postal Code').fill('100');
    await main.getByLabel('Country').selectOption('BJ');
    await main.getByLabel('Keep it in my profile for next time').check();
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/payment');
    await page.goto('/profile');
    await expect(
      main
        .getByRole('region', { name: 'Addresses' })
        .getByText('7 Harbour Road, Porto Novo 100, Benin'),
    ).toBeVisible();
  });
});
