import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  DEFAULT_SHOP_COLOR,
  contrastRatio,
  contrastText,
  readableOn,
  relativeLuminance,
  shopPalette,
  shopPaletteCss,
} from './shop-color.ts';

describe('shop colour', () => {
  it('measures luminance and contrast as WCAG 2 does', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#777777')).toBeCloseTo(4.48, 2);
  });

  it('writes black or white on a colour, whichever contrasts more', () => {
    expect(contrastText(DEFAULT_SHOP_COLOR)).toBe('#ffffff');
    expect(contrastText('#ffcc00')).toBe('#000000');
    expect(contrastText('#212529')).toBe('#ffffff');
    expect(contrastText('#ffffff')).toBe('#000000');
  });

  it('darkens a light colour until it reads as text on white, and leaves a dark one', () => {
    expect(readableOn(DEFAULT_SHOP_COLOR, '#ffffff')).toBe(DEFAULT_SHOP_COLOR);
    const yellow = readableOn('#ffcc00', '#ffffff');
    expect(yellow).not.toBe('#ffcc00');
    expect(contrastRatio(yellow, '#ffffff')).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrastRatio(readableOn('#000080', '#1d2024'), '#1d2024')).toBeGreaterThanOrEqual(
      AA_CONTRAST,
    );
  });

  it('keeps AA contrast in every part of the palette, whatever the colour', () => {
    for (const hex of [
      '#4338ca',
      '#ffcc00',
      '#0d6efd',
      '#198754',
      '#777777',
      '#ffffff',
      '#000000',
    ]) {
      const palette = shopPalette(hex);
      // Black or white on any colour reaches at least 4.58:1 (mid-grey), so AA always holds.
      expect(contrastRatio(palette.contrast, palette.color)).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(contrastRatio(palette.contrast, palette.hover)).toBeGreaterThanOrEqual(
        contrastRatio(palette.contrast, palette.color),
      );
      expect(contrastRatio(palette.text, '#ffffff')).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(contrastRatio(palette.textOnDark, '#1d2024')).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
  });

  it('writes the palette as the CSS variables the web theme reads', () => {
    expect(shopPaletteCss(shopPalette('#FFCC00'))).toMatch(
      /^:root\{--shop-color:#ffcc00;--shop-color-contrast:#000000;--shop-color-hover:#[0-9a-f]{6};--shop-color-text:#[0-9a-f]{6}\}$/,
    );
  });

  it('refuses what is not #rrggbb', () => {
    expect(() => shopPalette('red')).toThrow();
    expect(() => shopPalette('#abc')).toThrow();
  });
});
