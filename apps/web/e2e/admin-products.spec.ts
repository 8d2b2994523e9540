import { openSignedIn, signInByApi, tinyPng, uniqueWord } from './catalogue-api.ts';
import { demoAccounts, demoPassword } from './fixtures.ts';
import { expect, test } from './shop-fixtures.ts';

test.describe('admin products', () => {
  test('a visitor or a customer opening the admin product pages is sent to sign in', async ({
    page,
    request,
  }) => {
    await page.goto('/admin/productlist');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByRole('button', { name: 'Create Product' })).toHaveCount(0);

    const customer = await signInByApi(request, demoAccounts.john, demoPassword);
    await openSignedIn(page, customer, '/admin/productlist');
    await expect(page).not.toHaveURL(/\/admin\//);
    await expect(page.getByRole('button', { name: 'Create Product' })).toHaveCount(0);
  });

  test('create, edit with an image upload, see it in the shop, delete', async ({
    page,
    request,
    admin,
    deleteAfterTest,
  }) => {
    await openSignedIn(page, admin, '/admin/productlist');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(main.getByRole('columnheader')).toHaveText([
      'ID',
      'NAME',
      'PRICE',
      'CATEGORY',
      'BRAND',
      'Actions',
    ]);
    // The demo catalogue (16 products) fills more than one page of 8.
    await expect(
      main.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: '2' }),
    ).toHaveAttribute('href', '/admin/productlist/2');

    await main.getByRole('button', { name: 'Create Product' }).click();
    await expect(page).toHaveURL(/\/admin\/product\/[^/]+\/edit$/);
    const createdId = /\/admin\/product\/([^/]+)\/edit$/.exec(page.url())![1]!;
    deleteAfterTest(createdId);
    await expect(main.getByLabel('Name')).toHaveValue('Sample name');
    await expect(main.getByLabel('Brand')).toHaveValue('Sample brand');

    // A refused value shows the server's words in a red alert and stays on the form.
    await main.getByLabel('Price').fill('-1');
    await main.getByRole('button', { name: 'Update' }).click();
    await expect(main.locator('.alert-danger')).toContainText(/price/i);
    await expect(page).toHaveURL(`/admin/product/${createdId}/edit`);

    // A file that is not an image is refused with a message; the image field keeps its value.
    const imageField = main.getByLabel('Image', { exact: true });
    const imageBefore = await imageField.inputValue();
    await main.getByLabel('Upload an image').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not a picture'),
    });
    // The price alert above may still be shown: the upload's own alert is found by its words.
    await expect(
      main
        .getByRole('alert')
        .filter({ hasText: 'Only JPEG, PNG, WebP or GIF images can be uploaded' }),
    ).toBeVisible();
    await expect(imageField).toHaveValue(imageBefore);

    const name = uniqueWord('Studio Lamp ');
    await main.getByLabel('Name').fill(name);
    await main.getByLabel('Price').fill('49.99');
    await main.getByLabel('Upload an image').setInputFiles({
      name: 'lamp.png',
      mimeType: 'image/png',
      buffer: tinyPng,
    });
    await expect(imageField).toHaveValue(/^\/uploads\/.+/);
    const imagePath = await imageField.inputValue();
    await main.getByLabel('Brand').fill('Brightly');
    await main.getByLabel('Count In Stock').fill('7');
    await main.getByLabel('Category').fill('Lighting');
    await main.getByLabel('Description').fill('A small lamp for a tidy desk.');
    await main.getByRole('button', { name: 'Update' }).click();

    await expect(page).toHaveURL('/admin/productlist');
    const row = main.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('$49.99');
    await expect(row).toContainText('Lighting');
    await expect(row).toContainText('Brightly');
    await expect(row).toContainText(createdId);

    // The shop shows the product with its uploaded image.
    await page.goto('/');
    const search = page.getByRole('banner').getByRole('search');
    await search.getByRole('searchbox').fill(name);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await main.getByRole('link', { name }).first().click();
    await expect(page).toHaveURL(`/product/${createdId}`);
    await expect(main.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(main.getByText('Price: $49.99')).toBeVisible();
    await expect(main.getByText('In Stock', { exact: true })).toBeVisible();
    const image = main.getByRole('img', { name });
    await expect(image).toHaveAttribute('src', imagePath);
    // The browser loads one of the sized copies the upload made, and the width and height
    // the page reserves for it have the copy's shape, so nothing moves when it arrives. The
    // browser scales a copy's natural size to the width `sizes` gives and rounds it to whole
    // pixels (640 by 512 can read 451 by 360), hence the half percent of slack.
    await expect
      .poll(() =>
        image.evaluate((element: HTMLImageElement) => [
          element.currentSrc.replace(/^https?:\/\/[^/]+/, ''),
          Number(element.getAttribute('width')) /
            Number(element.getAttribute('height')) /
            (element.naturalWidth / element.naturalHeight),
        ]),
      )
      .toEqual([
        expect.stringMatching(/^\/uploads\/[\w-]+-(160|320|640)\.webp$/),
        expect.closeTo(1, 2),
      ]);

    await page.goto('/admin/productlist');
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure?');
      void dialog.accept();
    });
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(row).toHaveCount(0);
    expect((await request.get(`/api/products/${createdId}`)).status()).toBe(404);
  });

  test('dismissing the confirmation keeps the product', async ({
    page,
    request,
    admin,
    deleteAfterTest,
  }) => {
    await openSignedIn(page, admin, '/admin/productlist');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Create Product' }).click();
    await expect(page).toHaveURL(/\/admin\/product\/[^/]+\/edit$/);
    const id = /\/admin\/product\/([^/]+)\/edit$/.exec(page.url())![1]!;
    deleteAfterTest(id);
    await page.goto('/admin/productlist');
    const row = main.getByRole('row').filter({ hasText: id });
    page.once('dialog', (dialog) => void dialog.dismiss());
    await row.getByRole('button', { name: /^Delete / }).click();
    await expect(row).toHaveCount(1);
    expect((await request.get(`/api/products/${id}`)).status()).toBe(200);
  });
});
