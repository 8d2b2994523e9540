// The shop's brand colour (SHOP_COLOR, default #4338ca, docs/design-system.md): the server writes
// its palette into the page, and the main action of the shopper's path is drawn in it with text
// that reads on it, while the header stays dark.
import { DEFAULT_SHOP_COLOR, shopPalette } from '@proshop/domain/shop-color';
import { expect, test } from './fixtures.ts';

/** `#rrggbb` as getComputedStyle writes it. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test('the brand colour draws Add To Cart and the links, with contrasting text; the header stays dark', async ({
  page,
  addProduct,
}) => {
  const palette = shopPalette(DEFAULT_SHOP_COLOR);
  const product = await addProduct('Colour Lamp', { countInStock: 3 });
  await page.goto(`/product/${product._id}`);
  const theme = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--shop-color').trim(),
  );
  expect(theme).toBe(palette.color);
  const addToCart = page.getByRole('main').getByRole('button', { name: 'Add To Cart' });
  await expect(addToCart).toHaveCSS('background-color', rgb(palette.color));
  await expect(addToCart).toHaveCSS('color', rgb(palette.contrast));
  await expect(page.getByRole('banner').locator('nav')).toHaveCSS(
    'background-color',
    'rgb(33, 37, 41)',
  );
});
