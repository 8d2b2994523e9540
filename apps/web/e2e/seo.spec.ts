// The pages the server writes (docs/decisions/0025): readable without JavaScript, and taken
// over by the web app without a layout shift.
import { expect, test } from './fixtures.ts';

const DESCRIPTION = 'Pours a steady espresso. Descales itself & keeps <warm> for an hour.';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a product page shows the product's name, price and description, and its data", async ({
    page,
    addProduct,
  }) => {
    const product = await addProduct('Espresso Maker', {
      price: 149.5,
      description: DESCRIPTION,
      countInStock: 3,
    });
    const response = await page.goto(`/product/${product._id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${product.name} | ProShop`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(main.getByText('$149.50')).toBeVisible();
    await expect(main.getByText('In Stock')).toBeVisible();
    await expect(main.getByText(DESCRIPTION)).toBeVisible();
    // The structured data as the browser's own HTML parser reads it.
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(data.map((block) => block['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(data[0]).toMatchObject({
      name: product.name,
      description: DESCRIPTION,
      offers: { price: '149.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/product/${product._id}$`),
    );
  });

  test('a missing product answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/product/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

test('with JavaScript the app takes the product page over with no layout shift', async ({
  page,
  addProduct,
}) => {
  const product = await addProduct('Espresso Maker', {
    price: 149.5,
    description: DESCRIPTION,
    countInStock: 3,
  });
  // Every layout shift from the first paint on, as Lighthouse's CLS counts them.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/product/${product._id}`);
  // Interactive: the app's own controls answer.
  const addToCart = page.getByRole('button', { name: 'Add To Cart' });
  await expect(addToCart).toBeEnabled();
  await expect(page.locator('#server-page')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
  // Let the pictures and fonts settle before the sum is read.
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
  );
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
  await addToCart.click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
