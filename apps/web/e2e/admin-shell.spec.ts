// The admin's own shell (apps/web/src/app/admin/AdminLayout.tsx): a side navigation on a desktop,
// a drawer on a phone, the shop's name and a way back to the storefront; the storefront's header
// leads into it with the spec's Admin menu.
import { expect, test } from './fixtures.ts';
import { focusWithoutIndicator, smallControls } from './admin-touch.ts';
import { openSignedIn } from './session.ts';

test.describe('admin shell on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the header's Admin menu leads in; the admin has a side navigation and a way back", async ({
    page,
    admin,
  }) => {
    await openSignedIn(page, admin, '/');
    const banner = page.getByRole('banner');
    const adminMenu = banner.getByRole('button', { name: 'Admin', exact: true });
    await adminMenu.click();
    // React's ids hold characters a #selector would have to escape.
    const entries = banner.locator(`[id="${await adminMenu.getAttribute('aria-controls')}"]`);
    await expect(entries.getByRole('link')).toHaveText([
      'Dashboard',
      'Users',
      'Products',
      'Orders',
    ]);
    await entries.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/admin/dashboard');

    const navigation = page.getByRole('navigation', { name: 'Admin' });
    await expect(navigation.getByRole('link', { name: 'ProShop Admin' })).toBeVisible();
    await expect(navigation.getByRole('link')).toHaveText([
      'ProShop Admin',
      'Dashboard',
      'Orders',
      'Products',
      'Categories',
      'Brands',
      'Discounts',
      'Users',
      'Settings',
      'View storefront',
    ]);
    // No storefront header inside the admin: its navigation is the side bar, left of the screen.
    await expect(page.getByRole('banner')).toBeHidden();
    const box = await navigation.boundingBox();
    const mainBox = await page.getByRole('main').boundingBox();
    expect(box && mainBox && box.x + box.width <= mainBox.x).toBe(true);

    await navigation.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL('/admin/orderlist');
    await expect(navigation.getByRole('link', { name: 'Orders', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Orders');

    await navigation.getByRole('link', { name: 'View storefront' }).click();
    await expect(page).toHaveURL('/');
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Admin', exact: true }),
    ).toBeVisible();
  });

  test('an unknown admin address says Not Found inside the shell', async ({ page, admin }) => {
    await openSignedIn(page, admin, '/admin/nothing-here');
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(/not found/i);
  });
});

test.describe('admin shell on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a menu button opens a drawer of sections; every control is 44 px and shows its focus', async ({
    page,
    admin,
  }) => {
    await openSignedIn(page, admin, '/admin/dashboard');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The side bar is folded away; the top bar names the shop and leads back to the storefront.
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
    const topBar = page.getByRole('banner');
    await expect(topBar.getByRole('link', { name: 'ProShop Admin' })).toBeVisible();
    await expect(topBar.getByRole('link', { name: 'Storefront' })).toHaveAttribute('href', '/');

    expect(await smallControls(page)).toEqual([]);
    expect(await focusWithoutIndicator(page)).toEqual([]);

    await topBar.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Discounts' })).toBeVisible();
    expect(await smallControls(page)).toEqual([]);
    await drawer.getByRole('link', { name: 'Discounts' }).click();
    await expect(page).toHaveURL('/admin/discounts');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(main.getByRole('heading', { level: 1, name: 'Discounts' })).toBeVisible();

    // Escape closes the drawer too, giving focus back to the menu button.
    await topBar.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
