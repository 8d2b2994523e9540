import { tinyPng, uniqueWord } from './catalogue-api.ts';
import { expect, test } from './fixtures.ts';
import { paypalShopURL } from './paypal-servers.ts';
import { bearer, openSignedIn } from './session.ts';

/** The e2e server's PAGE_SIZE (the default). */
const PAGE_SIZE = 8;

/** The id in the address of a product's edit form. */
const editPath = /\/admin\/product\/([^/]+)\/edit$/;

test.describe('admin products', () => {
  test('a visitor or a customer opening the admin product pages is sent to sign in', async ({
    page,
    customer,
  }) => {
    await page.goto('/admin/productlist');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByRole('button', { name: 'Create Product' })).toHaveCount(0);

    await openSignedIn(page, customer, '/admin/productlist');
    await expect(page).not.toHaveURL(/\/admin\//);
    await expect(page.getByRole('button', { name: 'Create Product' })).toHaveCount(0);
  });

  test('Create Product opens the form of a sample product, which shows what the server refuses', async ({
    page,
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
      'STOCK',
      'CATEGORY',
      'BRAND',
      'STATUS',
      'Actions',
    ]);

    await main.getByRole('button', { name: 'Create Product' }).click();
    await expect(page).toHaveURL(editPath);
    const createdId = editPath.exec(page.url())![1]!;
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
  });

  test('editing with an image upload saves the product, which the list then shows', async ({
    page,
    request,
    admin,
    addProduct,
  }) => {
    const product = await addProduct('Unedited Lamp');
    await openSignedIn(page, admin, `/admin/product/${product._id}/edit`);
    const main = page.getByRole('main');
    await expect(main.getByLabel('Name')).toHaveValue(product.name);

    const name = uniqueWord('Studio Lamp ');
    await main.getByLabel('Name').fill(name);
    await main.getByLabel('Price').fill('49.99');
    const imageField = main.getByLabel('Image', { exact: true });
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

    // The admin stays on the product, told it was saved; the list then shows it.
    await expect(main.getByText(`Saved ${name}.`)).toBeVisible();
    await expect(page).toHaveURL(`/admin/product/${product._id}/edit`);
    await main.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL('/admin/productlist');
    const row = main.getByRole('row').filter({ hasText: product._id });
    await expect(row).toContainText(name);
    await expect(row).toContainText('$49.99');
    // Its picture as a thumbnail, and its stock in a column of its own.
    await expect(row.locator('img')).toHaveAttribute('src', /^\/uploads\//);
    await expect(row.getByRole('cell').nth(3)).toHaveText('7');
    await expect(row).toContainText('Lighting');
    await expect(row).toContainText('Brightly');

    const saved = await (await request.get(`/api/products/${product._id}`)).json();
    expect(saved).toMatchObject({
      name,
      price: 49.99,
      image: imagePath,
      brand: 'Brightly',
      countInStock: 7,
      category: 'Lighting',
      description: 'A small lamp for a tidy desk.',
    });
  });

  test('an uploaded picture is shown in the shop from a sized copy of its shape', async ({
    page,
    request,
    admin,
    addProduct,
  }) => {
    const upload = await request.post('/api/upload', {
      headers: bearer(admin),
      multipart: { image: { name: 'lamp.png', mimeType: 'image/png', buffer: tinyPng } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { image: imagePath } = (await upload.json()) as { image: string };
    const product = await addProduct('Pictured Lamp', { image: imagePath, price: 49.99 });
    const { name } = product;

    await page.goto('/');
    const search = page.getByRole('banner').getByRole('search');
    await search.getByRole('searchbox').fill(name);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    const main = page.getByRole('main');
    await main.getByRole('link', { name }).first().click();
    await expect(page).toHaveURL(`/product/${product._id}`);
    await expect(main.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(main.getByText('Price: $49.99')).toBeVisible();
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
  });

  test('Delete asks first: dismissed, the product stays; confirmed, it is gone', async ({
    page,
    request,
    admin,
    addProduct,
  }) => {
    const product = await addProduct('Doomed Lamp');
    await openSignedIn(page, admin, '/admin/productlist');
    const row = page.getByRole('main').getByRole('row').filter({ hasText: product._id });
    const deleteButton = row.getByRole('button', { name: `Delete ${product.name}` });

    // The question is asked in the page and names the product; Close keeps it.
    const dialog = page.getByRole('dialog', { name: `Delete ${product.name}` });
    await deleteButton.click();
    await expect(dialog).toContainText('Are you sure?');
    // The footer's Close (the header's × is named Close too).
    await dialog.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(1);
    expect((await request.get(`/api/products/${product._id}`)).status()).toBe(200);

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    expect((await request.get(`/api/products/${product._id}`)).status()).toBe(404);
  });

  test.describe('on a shop of its own', () => {
    // More than a page of products would push other tests' products off the first page of the
    // main shop's newest-first lists while it runs: it makes them on the second shop, where no
    // test looks for its own products on such a list.
    test.use({ baseURL: paypalShopURL });

    test('the list shows a page of products and links to the next', async ({
      page,
      admin,
      addProduct,
    }) => {
      for (let i = 0; i < PAGE_SIZE + 1; i++) await addProduct('Listed Lamp');
      await openSignedIn(page, admin, '/admin/productlist');
      const main = page.getByRole('main');
      // A header row and a full page.
      await expect(main.getByRole('row')).toHaveCount(PAGE_SIZE + 1);
      const pages = main.getByRole('navigation', { name: 'Pages' });
      const pageTwo = pages.getByRole('link', { name: '2', exact: true });
      await expect(pageTwo).toHaveAttribute('href', '/admin/productlist/2');
      await pageTwo.click();
      await expect(page).toHaveURL('/admin/productlist/2');
      await expect(pageTwo).toHaveAttribute('aria-current', 'page');
      await expect(main.getByRole('row').nth(1)).toBeVisible();
    });
  });
});
