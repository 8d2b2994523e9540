import { textContrast } from './contrast.ts';
import { expect, test } from './fixtures.ts';
import { openSignedIn, userMenu } from './session.ts';

test.describe('header', () => {
  test('on a phone the cart stays beside the menu button; the menu unfolds and folds again once a link is chosen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const header = page.getByRole('banner');
    const toggle = header.getByRole('button', { name: 'Toggle navigation' });
    const search = header.getByRole('searchbox', { name: 'Search products' });
    const signIn = header.getByRole('link', { name: 'Sign In' });

    await expect(header.getByRole('link', { name: /Cart/ })).toBeInViewport();
    await expect(search).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(search).toBeVisible();
    // One cart link at a time: the one beside the button, not a second in the menu.
    await expect(header.getByRole('link', { name: /Cart/ })).toHaveCount(1);
    await signIn.click();

    await expect(page).toHaveURL('/login');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(search).toBeHidden();
    await header.getByRole('link', { name: /Cart/ }).click();
    await expect(page).toHaveURL('/cart');
  });

  test('on a phone the cart is an icon with its count at the top right, big and clear on the dark bar', async ({
    page,
    addProduct,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const lamp = await addProduct('Header Lamp', { countInStock: 5 });
    const mug = await addProduct('Header Mug', { countInStock: 5 });
    await page.goto('/');
    const header = page.getByRole('banner');
    // Empty, it is still there: a cart, without a count.
    const empty = header.getByRole('link', { name: 'Cart', exact: true });
    await expect(empty).toBeInViewport();
    await expect(empty.locator('svg')).toBeVisible();
    const box = (await empty.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    // At the right, beside the menu button.
    expect(box.x + box.width).toBeGreaterThan(390 / 2);
    expect(await textContrast(empty)).toBeGreaterThanOrEqual(4.5);

    // Two lines, one of them two units: the header and the cart both count two items.
    await page.goto(`/cart/${lamp._id}?qty=2`);
    await expect(page).toHaveURL('/cart');
    await page.goto(`/cart/${mug._id}?qty=1`);
    await expect(page).toHaveURL('/cart');
    const cart = header.getByRole('link', { name: 'Cart, 2 items' });
    await expect(cart).toBeInViewport();
    await expect(cart).toContainText('2');
    await expect(page.getByRole('main').getByRole('heading', { name: /^Subtotal/ })).toHaveText(
      'Subtotal (2 items)',
    );
  });

  test("the user's menu opens and closes by mouse and keyboard", async ({ page, customer }) => {
    await openSignedIn(page, customer, '/');
    const header = page.getByRole('banner');
    const menu = userMenu(page, customer.name);
    const profile = header.getByRole('link', { name: 'Profile' });

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(profile).toBeVisible();
    // A click anywhere else closes it.
    await page.getByRole('heading', { name: 'Latest Products' }).click();
    await expect(profile).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    // The arrow keys open it at its first entry and move between the entries; Escape closes it
    // and gives the focus back to its button.
    await menu.focus();
    await page.keyboard.press('ArrowDown');
    await expect(profile).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(header.getByRole('link', { name: 'Wishlist' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(header.getByRole('button', { name: 'Logout' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(profile).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await profile.click();
    await expect(page).toHaveURL('/profile');
    await expect(profile).toBeHidden();
  });
});
