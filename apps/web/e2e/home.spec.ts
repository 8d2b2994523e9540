import { expect, test } from '@playwright/test';

test.describe('home page', () => {
  test('shows the shop, its search and the latest products', async ({ page }) => {
    await page.goto('/');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'ProShop', exact: true })).toHaveAttribute(
      'href',
      '/',
    );
    const search = header.getByRole('search');
    await expect(search.getByRole('searchbox')).toHaveAttribute('placeholder', 'Search Products..');
    await expect(search.getByRole('button', { name: 'Search', exact: true })).toBeVisible();

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Latest Products' })).toBeVisible();
    const cards = main.locator('.card');
    await expect(cards.nth(7)).toBeVisible();
    for (const card of (await cards.all()).slice(0, 8)) {
      const name = card.getByRole('heading').getByRole('link');
      await expect(name).toHaveText(/\S/);
      await expect(name).toHaveAttribute('href', /^\/product\/[^/]+$/);
    }

    await expect(page.getByRole('contentinfo')).toHaveText('Copyright © ProShop');
  });

  test('a blank search shows the latest products, not a search', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('banner').getByRole('search');
    const box = search.getByRole('searchbox');
    const button = search.getByRole('button', { name: 'Search', exact: true });
    const firstName = page.getByRole('main').locator('.card').first().getByRole('heading');
    const keyword = ((await firstName.textContent()) ?? '').trim().split(/\s+/)[0] ?? '';
    expect(keyword).not.toBe('');

    await box.fill('   ');
    await button.click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Products' })).toBeVisible();

    // From a search result, a blank search leads back to the home page.
    await box.fill(keyword);
    await button.click();
    await expect(page).toHaveURL(`/search/${encodeURIComponent(keyword)}`);
    await box.fill('   ');
    await button.click();
    await expect(page).toHaveURL('/');
    await expect(box).toHaveValue('');
  });
});
