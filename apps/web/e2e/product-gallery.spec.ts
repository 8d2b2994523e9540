import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Product } from './catalogue-api.ts';
import { expect, test, type AddProduct } from './fixtures.ts';
import { bearer, type SessionInfo } from './session.ts';

/** Three of the demo pictures, easy to tell apart. */
const PICTURES = ['/images/camera.webp', '/images/laptop.webp', '/images/backpack.webp'];

/** A product of the test's own with PICTURES, in that order. */
async function pictured(
  request: APIRequestContext,
  admin: SessionInfo,
  addProduct: AddProduct,
): Promise<Product> {
  const product = await addProduct('Gallery Camera', { image: PICTURES[0] });
  const { _id, ...fields } = product;
  const saved = await request.put(`/api/products/${_id}`, {
    headers: bearer(admin),
    data: { ...fields, image: PICTURES[0], images: PICTURES },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return product;
}

/** The gallery of the product page, its shown picture and its thumbnails. */
function galleryOf(page: Page, name: string) {
  const gallery = page.getByRole('main').getByRole('group', { name: `Pictures of ${name}` });
  return {
    gallery,
    /** The picture shown, named by its place. */
    shown: (place: number) => gallery.getByRole('img', { name: `${name}, picture ${place} of 3` }),
    thumbnail: (place: number) =>
      gallery.getByRole('button', { name: `Picture ${place} of 3`, exact: true }),
  };
}

/** Where the element's picture was loaded from, without the host. */
const pathOf = (picture: Locator) => picture.getAttribute('src');

test.describe('the product gallery', () => {
  test('by mouse: thumbnails choose the picture, a swipe turns it, a click opens a larger view', async ({
    page,
    request,
    admin,
    addProduct,
  }) => {
    const product = await pictured(request, admin, addProduct);
    await page.goto(`/product/${product._id}`);
    const { gallery, shown, thumbnail } = galleryOf(page, product.name);

    // The first picture is the page's largest element: asked for first.
    await expect(shown(1)).toHaveAttribute('src', PICTURES[0]!);
    await expect(shown(1)).toHaveAttribute('fetchpriority', 'high');
    await expect(gallery.getByRole('button', { name: /^Picture \d of 3$/ })).toHaveCount(3);
    await expect(thumbnail(1)).toHaveAttribute('aria-current', 'true');

    await thumbnail(3).click();
    await expect(shown(3)).toHaveAttribute('src', PICTURES[2]!);
    await expect(thumbnail(3)).toHaveAttribute('aria-current', 'true');
    await expect(thumbnail(1)).not.toHaveAttribute('aria-current', 'true');

    // A swipe to the left shows the next picture (after the last, the first), without opening
    // the larger view; one to the right goes back.
    const swipe = async (dx: number) => {
      const box = (await gallery.getByRole('img').boundingBox())!;
      const y = box.y + box.height / 2;
      const x = box.x + box.width / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y, { steps: 5 });
      await page.mouse.up();
    };
    await swipe(-120);
    await expect(shown(1)).toHaveAttribute('src', PICTURES[0]!);
    await swipe(120);
    await expect(shown(3)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // A click on the picture opens the full picture in a larger view, which turns too.
    await shown(3).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName(`${product.name} · Picture 3 of 3`);
    const large = dialog.getByRole('img', { name: `${product.name}, picture 3 of 3` });
    expect(await pathOf(large)).toBe(PICTURES[2]);
    await dialog.getByRole('button', { name: 'Next picture' }).click();
    await expect(dialog.getByRole('img')).toHaveAttribute('src', PICTURES[0]!);
    await dialog.getByRole('button', { name: 'Previous picture' }).click();
    await dialog.getByRole('button', { name: 'Previous picture' }).click();
    await expect(dialog.getByRole('img')).toHaveAttribute('src', PICTURES[1]!);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The page shows the picture the larger view was left at.
    await expect(shown(2)).toHaveAttribute('src', PICTURES[1]!);
  });

  test('by keyboard: arrow keys, Home and End turn the pictures, Enter opens the larger view', async ({
    page,
    request,
    admin,
    addProduct,
  }) => {
    const product = await pictured(request, admin, addProduct);
    await page.goto(`/product/${product._id}`);
    const { gallery, shown, thumbnail } = galleryOf(page, product.name);
    await expect(shown(1)).toBeVisible();

    await thumbnail(1).focus();
    await page.keyboard.press('ArrowRight');
    await expect(shown(2)).toHaveAttribute('src', PICTURES[1]!);
    // The focus follows the picture, so the next key goes on from there.
    await expect(thumbnail(2)).toBeFocused();
    await page.keyboard.press('End');
    await expect(shown(3)).toBeVisible();
    await expect(thumbnail(3)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(shown(1)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(shown(3)).toBeVisible();
    await page.keyboard.press('Home');
    await expect(shown(1)).toBeVisible();
    // Screen readers hear which picture is shown.
    await expect(gallery.getByText('Picture 1 of 3', { exact: true })).toBeAttached();

    const larger = gallery.getByRole('button', { name: 'Larger view of picture 1 of 3' });
    await larger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('img')).toHaveAttribute('src', PICTURES[0]!);
    await page.keyboard.press('ArrowRight');
    await expect(
      dialog.getByRole('img', { name: `${product.name}, picture 2 of 3` }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(shown(2)).toBeVisible();
    // Closed, the larger view gives the focus back to where it was.
    await expect(gallery.getByRole('button', { name: /^Larger view/ })).toBeFocused();
  });

  test('a key pressed as the larger view opens, before the next frame, turns it', async ({
    page,
    request,
    admin,
    addProduct,
  }) => {
    const product = await pictured(request, admin, addProduct);
    await page.goto(`/product/${product._id}`);
    const { gallery, shown } = galleryOf(page, product.name);
    await expect(shown(1)).toBeVisible();

    // A busy machine draws its next frame late, and a shopper may press a key before it: the
    // right arrow is pressed in the task that shows the view, as soon as its picture is there.
    await page.evaluate(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[role="dialog"] img')) return;
        observer.disconnect();
        const key = { key: 'ArrowRight', bubbles: true, cancelable: true };
        document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', key));
      }).observe(document.body, { childList: true, subtree: true });
    });
    await gallery.getByRole('button', { name: 'Larger view of picture 1 of 3' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('dialog').getByRole('img', { name: `${product.name}, picture 2 of 3` }),
    ).toHaveAttribute('src', PICTURES[1]!);
  });

  test('a product with one picture shows it alone, with no thumbnails', async ({
    page,
    addProduct,
  }) => {
    const product = await addProduct('Single Camera', { image: PICTURES[0] });
    await page.goto(`/product/${product._id}`);
    const gallery = page
      .getByRole('main')
      .getByRole('group', { name: `Pictures of ${product.name}` });
    await expect(gallery.getByRole('img', { name: product.name, exact: true })).toHaveAttribute(
      'src',
      PICTURES[0]!,
    );
    await expect(gallery.getByRole('button')).toHaveText(['Larger view']);
  });
});
