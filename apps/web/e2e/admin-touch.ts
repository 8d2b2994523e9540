// Checks of the admin's screens on a phone: every control big enough to tap and showing where
// the keyboard's focus is. Shared by the admin shell's and the admin lists' specs.
import type { Page } from '@playwright/test';

const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Each visible control of the page smaller than 44 × 44 px (WCAG 2.5.5), named by its text. A
 * checkbox or radio button counts with its row (`.form-check`), which takes the tap as well.
 */
export async function smallControls(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const tappable =
        element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)
          ? (element.closest<HTMLElement>('.form-check') ?? element)
          : element;
      const box = tappable.getBoundingClientRect();
      const style = getComputedStyle(tappable);
      if (box.width === 0 || style.visibility === 'hidden') continue;
      // Visually hidden skip links are not controls until they are focused.
      if (element.classList.contains('visually-hidden-focusable')) continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name =
          element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
        small.push(`${name || element.tagName} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  }, CONTROLS);
}

/**
 * Tabs through the page from its start (at most `stops` times) and returns each focused control
 * that shows no focus indicator: neither an outline nor a box shadow in its computed style.
 */
export async function focusWithoutIndicator(page: Page, stops = 40): Promise<string[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const missing: string[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < stops; index += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
      const shadow = style.boxShadow !== 'none';
      const path = `${element.tagName}:${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}`;
      return { path, shown: outline || shadow };
    });
    if (!focused) break;
    if (seen.has(focused.path)) continue;
    seen.add(focused.path);
    if (!focused.shown) missing.push(focused.path);
  }
  return missing;
}
