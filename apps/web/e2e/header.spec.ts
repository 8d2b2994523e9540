import { expect, test } from './fixtures.ts';
import { openSignedIn, userMenu } from './session.ts';

test.describe('header', () => {
  test('on a phone the menu unfolds from its button and folds again once a link is chosen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const header = page.getByRole('banner');
    const toggle = header.getByRole('button', { name: 'Toggle navigation' });
    const cart = header.getByRole('link', { name: /Cart/ });

    await expect(cart).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(header.getByRole('searchbox', { name: 'Search products' })).toBeVisible();
    await cart.click();

    await expect(page).toHaveURL('/cart');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(cart).toBeHidden();
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
