/**
 * The shop's brand colour (SHOP_COLOR) and the colours derived from it, so that whatever colour
 * a merchant picks, text on it and text in it keep WCAG AA contrast (4.5:1). Used by the server
 * for the web app's theme and for the e-mails; no zod, so any side can import it.
 */

/** The indigo of the shop's logo (apps/web/public/favicon.svg). */
export const DEFAULT_SHOP_COLOR = '#4338ca';

/** A CSS hex colour as SHOP_COLOR takes it: `#rrggbb`. */
export const SHOP_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

const WHITE = '#ffffff';
const BLACK = '#000000';

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  if (!SHOP_COLOR_PATTERN.test(hex)) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The text colour for a background of `hex`: black or white, whichever contrasts more. */
export function contrastText(hex: string): string {
  return contrastRatio(hex, BLACK) > contrastRatio(hex, WHITE) ? BLACK : WHITE;
}

/** `hex` mixed with `toward` by `share` (0: `hex` itself, 1: `toward`). */
export function mix(hex: string, toward: string, share: number): string {
  const from = toRgb(hex);
  const to = toRgb(toward);
  return toHex(from.map((c, i) => c + (to[i]! - c) * share) as Rgb);
}

/**
 * `hex`, or the nearest shade of it (mixed toward black or white in 5 % steps) that reads as
 * text on `background` with at least `ratio` contrast.
 */
export function readableOn(hex: string, background: string, ratio = AA_CONTRAST): string {
  const toward = relativeLuminance(background) > 0.5 ? BLACK : WHITE;
  for (let step = 0; step <= 20; step += 1) {
    const shade = mix(hex, toward, step / 20);
    if (contrastRatio(shade, background) >= ratio) return shade;
  }
  return toward;
}

/** Every colour the shop derives from its brand colour. */
export interface ShopPalette {
  /** The brand colour: backgrounds of primary buttons and badges. */
  color: string;
  /** Text on `color` (black or white). */
  contrast: string;
  /** `color` on hover and press: a step further from `contrast`, so its text reads as well. */
  hover: string;
  /** The brand colour as text or links on a white page (darkened if too light). */
  text: string;
  /** The brand colour as text on a dark page (lightened if too dark): e-mails in dark mode. */
  textOnDark: string;
}

/** The palette of brand colour `hex` (`#rrggbb`). */
export function shopPalette(hex: string): ShopPalette {
  const color = hex.toLowerCase();
  const contrast = contrastText(color);
  return {
    color,
    contrast,
    hover: mix(color, contrast === WHITE ? BLACK : WHITE, 0.15),
    text: readableOn(color, WHITE),
    textOnDark: readableOn(color, '#1d2024'),
  };
}

/**
 * The CSS custom properties of the palette, as the web app's theme (app/theme.css) reads them:
 * a rule for `:root` the server puts in the page's head.
 */
export function shopPaletteCss(palette: ShopPalette): string {
  return (
    `:root{--shop-color:${palette.color};--shop-color-contrast:${palette.contrast};` +
    `--shop-color-hover:${palette.hover};--shop-color-text:${palette.text}}`
  );
}
