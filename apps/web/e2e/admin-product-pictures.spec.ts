import type { Route } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { openSignedIn } from './session.ts';

/** A small PNG of one colour, as an admin's photo would be uploaded. */
const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 50, height: 40, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

test.describe('admin product pictures', () => {
  test('the admin uploads three pictures, reorders them, picks the main one and saves', async ({
    page,
    request,
    admin,
    addProduct,
  }) => {
    const product = await addProduct('Gallery Lamp');
    await openSignedIn(page, admin, `/admin/product/${product._id}/edit`);
    const main = page.getByRole('main');
    await expect(main.getByLabel('Name')).toHaveValue(product.name);
    const pictures = main.getByRole('region', { name: /^Pictures/ }).getByRole('listitem');
    // A new product has the stand-in picture until pictures are added.
    await expect(pictures).toHaveCount(1);

    // The uploads are held until their progress bars are seen.
    const held: Route[] = [];
    await page.route('**/api/upload', (route) => {
      held.push(route);
    });
    await main.getByLabel('Upload an image').setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: await png(220, 40, 40) },
      { name: 'green.png', mimeType: 'image/png', buffer: await png(40, 200, 60) },
      { name: 'blue.png', mimeType: 'image/png', buffer: await png(40, 60, 220) },
    ]);
    for (const name of ['red.png', 'green.png', 'blue.png']) {
      await expect(main.getByRole('progressbar', { name: `Uploading ${name}` })).toBeVisible();
    }
    await expect(main.getByRole('button', { name: 'Update' })).toBeDisabled();
    await expect.poll(() => held.length).toBe(3);
    for (const route of held) await route.continue();
    await page.unroute('**/api/upload');
    await expect(main.getByRole('progressbar')).toHaveCount(0);

    // In the order chosen, the stand-in gone; the first is the main picture, the Image field's.
    await expect(pictures).toHaveCount(3);
    const addresses = await pictures
      .getByRole('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src')!));
    expect(addresses).toEqual([
      expect.stringMatching(/^\/uploads\/[\w-]+\.webp$/),
      expect.stringMatching(/^\/uploads\/[\w-]+\.webp$/),
      expect.stringMatching(/^\/uploads\/[\w-]+\.webp$/),
    ]);
    const [red, green, blue] = addresses as [string, string, string];
    await expect(main.getByLabel('Image', { exact: true })).toHaveValue(red);
    const order = () =>
      pictures.getByRole('img').evaluateAll((images) => images.map((i) => i.getAttribute('src')));

    // Dragged: blue onto the first place.
    await pictures.nth(2).dragTo(pictures.nth(0));
    await expect.poll(order).toEqual([blue, red, green]);

    // By keyboard: red (now second) moves right, and the focus stays with it.
    await main.getByRole('button', { name: 'Move picture 2 right' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual([blue, green, red]);
    await expect(main.getByRole('button', { name: 'Move picture 3 left' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual([blue, red, green]);
    await expect(main.getByRole('button', { name: 'Move picture 2 left' })).toBeFocused();

    // Green becomes the main picture: first, and the Image field's.
    await main.getByRole('button', { name: 'Make picture 3 the main picture' }).click();
    await expect.poll(order).toEqual([green, blue, red]);
    await expect(pictures.first()).toContainText('Main picture');
    await expect(main.getByLabel('Image', { exact: true })).toHaveValue(green);

    await main.getByRole('button', { name: 'Update' }).click();
    await expect(main.getByText(`Saved ${product.name}.`)).toBeVisible();
    const saved = await (await request.get(`/api/products/${product._id}`)).json();
    expect(saved).toMatchObject({ image: green, images: [green, blue, red] });

    // The product page shows them in that order; the card shows the main one.
    await page.goto(`/product/${product._id}`);
    const gallery = page
      .getByRole('main')
      .getByRole('group', { name: `Pictures of ${product.name}` });
    await expect(
      gallery.getByRole('img', { name: `${product.name}, picture 1 of 3` }),
    ).toHaveAttribute('src', green);
    const thumbnails = gallery.getByRole('button', { name: /^Picture \d of 3$/ }).locator('img');
    await expect
      .poll(() => thumbnails.evaluateAll((images) => images.map((i) => i.getAttribute('src'))))
      .toEqual([green, blue, red]);

    await page.goto(`/search/${encodeURIComponent(product.name)}`);
    const card = page.getByRole('main').locator('.card').filter({ hasText: product.name });
    await expect(card.getByRole('img', { name: product.name })).toHaveAttribute('src', green);
  });

  test('removing a picture, adding one by its address, and the limit of twelve', async ({
    page,
    request,
    admin,
    addProduct,
  }) => {
    const product = await addProduct('Limited Lamp', { image: '/images/laptop.webp' });
    await openSignedIn(page, admin, `/admin/product/${product._id}/edit`);
    const main = page.getByRole('main');
    const pictures = main.getByRole('region', { name: /^Pictures/ }).getByRole('listitem');
    await expect(pictures).toHaveCount(1);

    const address = main.getByLabel('Add a picture by its address');
    await address.fill('not a picture');
    await main.getByRole('button', { name: 'Add picture' }).click();
    await expect(
      main.getByText('Enter a path such as /uploads/photo.webp or an http(s) address'),
    ).toBeVisible();
    await address.fill('/images/laptop.webp');
    await address.press('Enter');
    await expect(main.getByText('The product has this picture already')).toBeVisible();
    for (const picture of ['camera', 'backpack']) {
      await address.fill(`/images/${picture}.webp`);
      await address.press('Enter');
    }
    await expect(pictures).toHaveCount(3);

    // Eleven files chosen for the nine places left: nine are uploaded, and the admin is told.
    const files = await Promise.all(
      Array.from({ length: 11 }, async (_, i) => ({
        name: `photo-${i + 1}.png`,
        mimeType: 'image/png',
        buffer: await png(20 * i, 100, 150),
      })),
    );
    await main.getByLabel('Upload an image').setInputFiles(files);
    await expect(
      main
        .getByRole('alert')
        .filter({ hasText: 'A product can have at most 12 pictures: 2 files were not uploaded.' }),
    ).toBeVisible();
    await expect(pictures).toHaveCount(12);
    await expect(main.getByRole('progressbar')).toHaveCount(0);

    await main.getByRole('button', { name: 'Remove picture 1', exact: true }).click();
    await expect(pictures).toHaveCount(11);
    await expect(main.getByLabel('Image', { exact: true })).toHaveValue('/images/camera.webp');
    await main.getByRole('button', { name: 'Update' }).click();
    await expect(main.getByText(`Saved ${product.name}.`)).toBeVisible();
    const saved = await (await request.get(`/api/products/${product._id}`)).json();
    expect(saved.images).toHaveLength(11);
    expect(saved.images.slice(0, 2)).toEqual(['/images/camera.webp', '/images/backpack.webp']);
  });
});
