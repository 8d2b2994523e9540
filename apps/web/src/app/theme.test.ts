import { readFileSync } from 'node:fs';
import { DEFAULT_SHOP_COLOR, shopPalette } from '@proshop/domain/shop-color';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./theme.css', import.meta.url), 'utf8');

/** The fallback theme.css gives the server's variable `name`. */
const fallback = (name: string) => new RegExp(`var\\(--${name}, (#[0-9a-f]{6})\\)`).exec(css)?.[1];

describe('the theme without the server (dev server, a page without its style)', () => {
  it("falls back to the default colour's palette, as the server would write it", () => {
    const palette = shopPalette(DEFAULT_SHOP_COLOR);
    expect(fallback('shop-color')).toBe(palette.color);
    expect(fallback('shop-color-contrast')).toBe(palette.contrast);
    expect(fallback('shop-color-hover')).toBe(palette.hover);
    expect(fallback('shop-color-text')).toBe(palette.text);
  });
});
