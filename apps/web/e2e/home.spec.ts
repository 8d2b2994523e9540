import { expect, test } from './fixtures.ts';

/** The e2e server's PAGE_SIZE (the default). */
const PAGE_SIZE = 8;

test.describe('home page', () => {
  test('shows the shop, its search and the latest products, newest first', async ({
    page,
    addProduct,
  }) => {
    const older = await addProduct('Home Lamp');
    const newer = await addProduct('Home Mug');
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
    // Products other tests make at the same time may come first; these two are among the
    // newest, the newer before the older.
    const cards = main.locator('.card');
    for (const product of [newer, older]) {
      await expect(
        cards.getByRole('heading').getByRole('link', { name: product.name, exact: true }),
      ).toHaveAttribute('href', `/product/${product._id}`);
    }
    const names = await cards.getByRole('heading').allTextContents();
    expect(names.length).toBeLessThanOrEqual(PAGE_SIZE);
    expect(names.indexOf(newer.name)).toBeLessThan(names.indexOf(older.name));
    for (const card of await cards.all()) {
      const name = card.getByRole('heading').getByRole('link');
      await expect(name).toHaveText(/\S/);
      await expect(name).toHaveAttribute('href', /^\/product\/[^/]+$/);
    }

    await expect(page.getByRole('contentinfo')).toHaveText('Copyright © ProShop');
  });

  test('the carousel shows the products the server rates best', async ({ page, addProduct }) => {
    // At least one product, so the top list is not empty whatever else the shop holds.
    await addProduct('Rated Lamp');
    // What the page was answered, whichever products that is when it asks.
    const answered = page.waitForResponse((response) =>
      response.url().endsWith('/api/products/top'),
    );
    await page.goto('/');
    const top = (await (await answered).json()) as { _id: string; name: string }[];
    expect(top.length).toBeGreaterThan(0);

    const carousel = page.getByRole('region', { name: 'Top rated products' });
    await expect(carousel.locator('.carousel-item')).toHaveCount(top.length);
    for (const product of top) {
      await expect(carousel.locator(`a[href="/product/${product._id}"]`)).toContainText(
        product.name,
      );
    }
  });

  test('a blank search shows the latest products, not a search', async ({ page, addProduct }) => {
    const product = await addProduct('Blank Search Lamp');
    // The word only this product's name has.
    const keyword = product.name.split(' ').at(-1)!;
    await page.goto('/');
    const search = page.getByRole('banner').getByRole('search');
    const box = search.getByRole('searchbox');
    const button = search.getByRole('button', { name: 'Search', exact: true });

    await box.fill('   ');
    await button.click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Products' })).toBeVisible();

    // From a search result, a blank search leads back to the home page.
    await box.fill(keyword);
    await button.click();
    await expect(page).toHaveURL(`/search/${encodeURIComponent(keyword)}`);
    const found = page.getByRole('main').locator('.card');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText(product.name);
    await box.fill('   ');
    await button.click();
    await expect(page).toHaveURL('/');
    await expect(box).toHaveValue('');
  });
});
