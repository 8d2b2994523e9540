// What a shopper sees on a 390 × 844 phone (issue #36): products two to a row with the first of
// them on the first screen, a hero caption that reads on any picture, the options before the
// buy button and a buy bar only once that button has scrolled by.
import { findTaxonomy, uniqueWord } from './catalogue-api.ts';
import { textContrast } from './contrast.ts';
import { expect, test } from './fixtures.ts';
import { bearer } from './session.ts';

test.use({ viewport: { width: 390, height: 844 } });

test.describe('on a phone', () => {
  test('the home page shows products two to a row, the first on the first screen, under a readable hero', async ({
    page,
    addProduct,
  }) => {
    // Three products of the test's own, so the page has at least a row and a half.
    for (const label of ['Two Column Lamp', 'Two Column Mug', 'Two Column Vase']) {
      await addProduct(label, { countInStock: 3 });
    }
    await page.goto('/');
    const main = page.getByRole('main');
    const hero = page.getByRole('region', { name: 'Top rated products' });
    await expect(hero).toBeVisible();
    const cards = main.locator('.card');
    await expect(cards.nth(2)).toBeVisible();

    const [first, second, third] = await Promise.all(
      [0, 1, 2].map((n) => cards.nth(n).boundingBox()),
    );
    // Side by side, each about half the screen, the third on the next row.
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(1);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    expect(first!.width).toBeGreaterThan(150);
    expect(first!.width).toBeLessThan(390 / 2);
    expect(third!.y).toBeGreaterThan(first!.y + first!.height - 1);
    // The first products' pictures begin on the first screen, below the hero.
    expect(first!.y).toBeLessThan(844 - 200);

    // The caption: white on a dark box of its own, whatever picture is under it.
    const caption = hero.locator('.carousel-item.active h2');
    await expect(caption).toBeVisible();
    expect(await textContrast(caption)).toBeGreaterThanOrEqual(4.5);
  });

  test('the product page shows its options above Add To Cart, and the buy bar only once that button has scrolled by', async ({
    page,
    request,
    admin,
    addProduct,
  }) => {
    const shirt = await addProduct('Phone Shirt', {
      price: 24,
      countInStock: 10,
      // Long enough that the page scrolls well past the buy box.
      description: 'Soft cotton, cut for every day. '.repeat(60),
    });
    const saved = await request.put(`/api/products/${shirt._id}/variants`, {
      headers: bearer(admin),
      data: {
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: ['S', 'M'].map((size) => ({
          sku: uniqueWord(`SHIRT-${size}-`),
          options: { Size: size },
          price: null,
          countInStock: 5,
          image: null,
          active: true,
        })),
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.goto(`/product/${shirt._id}`);
    const main = page.getByRole('main');
    const sizes = main.getByRole('group', { name: 'Size' });
    const add = main.getByRole('button', { name: 'Add To Cart' });
    const bar = page.getByRole('region', { name: 'Quick buy' });
    await expect(sizes).toBeVisible();
    await expect(bar).toHaveCount(0);

    // The options come first, then the button, in the page's flow: nothing covers them.
    await sizes.getByText('M', { exact: true }).click();
    await expect(sizes.getByRole('radio', { name: 'M' })).toBeChecked();
    const options = (await sizes.boundingBox())!;
    const button = (await add.boundingBox())!;
    expect(options.y + options.height).toBeLessThanOrEqual(button.y);
    await add.scrollIntoViewIfNeeded();
    await expect(add).toBeInViewport();
    await expect(bar).toHaveCount(0);

    // Scrolled past the button (into the description), the bar brings price and button back.
    await page.evaluate((top) => window.scrollTo(0, top), button.y + button.height + 300);
    await expect(bar).toBeVisible();
    await expect(bar).toContainText('$24.00');
    const shown = (await bar.boundingBox())!;
    expect(shown.y + shown.height).toBeGreaterThan(844 - 2);
    await bar.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByRole('dialog', { name: /added to Cart/i })).toContainText('M');

    // Back up at the options, the bar goes again.
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toHaveCount(0);
  });

  test('the filter sheet writes prices with their currency and grouping; a page past the last leads back', async ({
    page,
    request,
    addProduct,
  }) => {
    const category = uniqueWord('Pricey ');
    await addProduct('Grand Piano Lamp', { price: 1299, countInStock: 2, category });
    const { slug } = await findTaxonomy(request, 'categories', category);

    await page.goto(`/category/${slug}/page/4`);
    const main = page.getByRole('main');
    await expect(main.getByText('There are no products on this page.')).toBeVisible();
    await main.getByRole('link', { name: 'Go to the first page' }).click();
    await expect(page).toHaveURL(`/category/${slug}/page/1`);
    await expect(main.getByRole('link', { name: /Grand Piano Lamp/ }).first()).toBeVisible();

    await main.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog');
    const min = sheet.getByLabel('Min price');
    await expect(min).toHaveAttribute('placeholder', '1,299');
    // The currency's sign stands before the amount.
    await expect(
      sheet.locator('.input-group', { has: page.getByLabel('Min price') }),
    ).toContainText('$');
  });
});
