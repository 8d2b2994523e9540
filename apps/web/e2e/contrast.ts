// WCAG contrast of an element's text against what is behind it, from the browser's computed
// colours: the element's own background, else the first ancestor's that is not transparent. A
// see-through background (a scrim over a picture) is counted over white and over black, the
// worse of the two: the text must read whatever picture is under it.
import type { Locator } from '@playwright/test';

/** The contrast ratio (1 to 21) of the element's text colour on its background. */
export async function textContrast(element: Locator): Promise<number> {
  return element.evaluate(
    (node) => {
      const parse = (value: string) => {
        const parts = value.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
        return { rgb: parts.slice(0, 3), alpha: parts[3] ?? 1 };
      };
      const luminance = (rgb: number[]) => {
        const [r, g, b] = rgb.map((channel) => {
          const c = channel / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const over = (top: { rgb: number[]; alpha: number }, under: number[]) =>
        top.rgb.map((channel, index) => channel * top.alpha + under[index]! * (1 - top.alpha));
      let background = { rgb: [255, 255, 255], alpha: 1 };
      for (let box: Element | null = node; box; box = box.parentElement) {
        const found = parse(getComputedStyle(box).backgroundColor);
        if (found.alpha > 0) {
          background = found;
          break;
        }
      }
      const text = parse(getComputedStyle(node).color);
      const ratios = [
        [255, 255, 255],
        [0, 0, 0],
      ].map((behind) => {
        const back = over(background, behind);
        // A see-through text colour shows the background through it.
        const seen = over(text, back);
        const [light, dark] = [luminance(seen), luminance(back)].sort((a, b) => b - a);
        return (light! + 0.05) / (dark! + 0.05);
      });
      return Math.min(...ratios);
      // A control that is not there fails in seconds, not at the end of the test's time.
    },
    undefined,
    { timeout: 10_000 },
  );
}
