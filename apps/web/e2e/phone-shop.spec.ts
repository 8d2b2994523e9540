// What a shopper sees on a 390 × 844 phone (issue #36): products two to a row with the first of
// them on the first screen, a hero caption that reads on any picture, the options before the
// buy button and a buy bar only once that button has scrolled by.
import { textContrast } from './contrast.ts';
import { expect, test } from './fixtures.ts';

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
});
