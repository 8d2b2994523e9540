// WCAG contrast of an element's text against what is behind it, from the browser's computed
// colours: the element's own background, else the first ancestor's that is not transparent.
import type { Locator } from '@playwright/test';

/** The contrast ratio (1 to 21) of the element's text colour on its background. */
export async function textContrast(element: Locator): Promise<number> {
  return element.evaluate((node) => {
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
    let background = { rgb: [255, 255, 255], alpha: 1 };
    for (let box: Element | null = node; box; box = box.parentElement) {
      const found = parse(getComputedStyle(box).backgroundColor);
      if (found.alpha > 0) {
        background = found;
        break;
      }
    }
    const text = parse(getComputedStyle(node).color);
    // A see-through text colour shows the background through it.
    const seen = text.rgb.map(
      (channel, index) => channel * text.alpha + background.rgb[index]! * (1 - text.alpha),
    );
    const [light, dark] = [luminance(seen), luminance(background.rgb)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });
}
