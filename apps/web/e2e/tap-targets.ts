// The checks of tap-targets.spec.ts, run in the page: every visible control's target size, and
// the focus indicator each control shows when Tab reaches it.
import type { Page } from '@playwright/test';

/** What a finger or the keyboard can reach. */
const CONTROLS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * The visible controls smaller than 44 × 44 px (WCAG 2.5.5), as "<tag> "name" W×H". A checkbox
 * or radio is measured with its label, which takes the same tap (a size choice is a hidden radio
 * drawn as its label). Two exceptions of WCAG 2.5.5 apply, and only these: Inline, a link that is
 * a word of a sentence (display inline, with other text in the same block), and Equivalent, a
 * link whose address another link of at least 44 × 44 px on the page also opens (a product
 * card's name, beside its picture).
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const MIN = 44 - 0.5;
    // A visually hidden control (a skip link until it has the focus) is 1 × 1 px: not shown.
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 1 &&
        box.height > 1 &&
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
      );
    };
    // What a tap on the control hits: its own box and those of what it holds (an inline link
    // around a picture is as big as the picture), and a checkbox's or radio's labels.
    const targetBox = (element: Element) => {
      const boxes = [element, ...element.querySelectorAll('*')]
        .filter((part) => part === element || shown(part))
        .map((part) => part.getBoundingClientRect());
      if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)) {
        for (const label of element.labels ?? []) {
          if (shown(label)) boxes.push(label.getBoundingClientRect());
        }
      }
      const left = Math.min(...boxes.map((box) => box.left));
      const top = Math.min(...boxes.map((box) => box.top));
      const right = Math.max(...boxes.map((box) => box.right));
      const bottom = Math.max(...boxes.map((box) => box.bottom));
      return { width: right - left, height: bottom - top };
    };
    const bigEnough = (element: Element) => {
      const { width, height } = targetBox(element);
      return width >= MIN && height >= MIN;
    };
    const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    const isInline = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) {
        block = block.parentElement;
      }
      return block !== null && text(block).length > text(element).length;
    };
    const controls = [...document.querySelectorAll(selector)].filter(
      (element) =>
        (shown(element) ||
          // A hidden radio or checkbox drawn as its label (.btn-check) counts by its label.
          (element instanceof HTMLInputElement && [...(element.labels ?? [])].some(shown))) &&
        !element.closest('[aria-hidden="true"]'),
    );
    const bigLinks = new Set(
      controls
        .filter((element) => element instanceof HTMLAnchorElement && bigEnough(element))
        .map((element) => (element as HTMLAnchorElement).href),
    );
    return controls
      .filter(
        (element) =>
          !bigEnough(element) &&
          !isInline(element) &&
          !(element instanceof HTMLAnchorElement && bigLinks.has(element.href)),
      )
      .map((element) => {
        const { width, height } = targetBox(element);
        const name =
          element.getAttribute('aria-label') ??
          (element instanceof HTMLInputElement
            ? [...(element.labels ?? [])].map(text).join(' ')
            : '') ??
          '';
        const classes = [...element.classList].slice(0, 3).join('.');
        return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${(name || text(element)).slice(0, 40)}" ${Math.round(width)}×${Math.round(height)}`;
      });
  }, CONTROLS);
}

/**
 * Tabs through the page from its top and answers the controls that show no focus indicator: an
 * outline of at least 2 px that was not there before, at 3:1 or more against what is behind it
 * (WCAG 1.4.11), or a box shadow that was not there before. A radio drawn as its label
 * (.btn-check) shows it on the label.
 */
export async function focusProblems(page: Page): Promise<string[]> {
  // Every control's look before any has the focus.
  const count = await page.evaluate((selector) => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    const shows = (element: Element) =>
      element.matches('.btn-check') && element.nextElementSibling
        ? element.nextElementSibling
        : element;
    const before = new Map<Element, string>();
    for (const element of document.querySelectorAll(selector)) {
      const style = getComputedStyle(shows(element));
      before.set(
        element,
        JSON.stringify([
          style.outlineStyle,
          style.outlineWidth,
          style.outlineColor,
          style.boxShadow,
        ]),
      );
    }
    (window as unknown as { unfocusedLook: Map<Element, string> }).unfocusedLook = before;
    (window as unknown as { tabbed: Set<Element> }).tabbed = new Set();
    return before.size;
  }, CONTROLS);

  const problems: string[] = [];
  // Every control once, and a few more presses for what appears on the way (a sticky bar).
  for (let press = 0; press < count + 10; press += 1) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(() => {
      const element = document.activeElement;
      const state = window as unknown as {
        unfocusedLook: Map<Element, string>;
        tabbed: Set<Element>;
      };
      if (!element || element === document.body || state.tabbed.has(element)) {
        return { done: true, problem: null };
      }
      state.tabbed.add(element);
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
      const shows =
        element.matches('.btn-check') && element.nextElementSibling
          ? element.nextElementSibling
          : element;
      const style = getComputedStyle(shows);
      const look = JSON.stringify([
        style.outlineStyle,
        style.outlineWidth,
        style.outlineColor,
        style.boxShadow,
      ]);
      const unfocused = state.unfocusedLook.get(element);
      const [outlineStyle, outlineWidth, outlineColor, boxShadow] = unfocused
        ? (JSON.parse(unfocused) as string[])
        : ['none', '0px', '', 'none'];
      const outline = parse(style.outlineColor);
      // What is behind the outline: the backgrounds of the boxes around the control, the
      // see-through ones laid over the first solid one (or the white page).
      const layers: { rgb: number[]; alpha: number }[] = [];
      for (let box = shows.parentElement; box; box = box.parentElement) {
        const found = parse(getComputedStyle(box).backgroundColor);
        if (found.alpha > 0) layers.push(found);
        if (found.alpha >= 1) break;
      }
      const background = layers.reduceRight(
        (under, layer) =>
          under.map(
            (channel, index) => layer.rgb[index]! * layer.alpha + channel * (1 - layer.alpha),
          ),
        [255, 255, 255],
      );
      const [light, dark] = [luminance(outline.rgb), luminance(background)].sort((a, b) => b - a);
      const contrast = (light! + 0.05) / (dark! + 0.05);
      const outlineShown =
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) >= 2 &&
        outline.alpha > 0 &&
        JSON.stringify([style.outlineStyle, style.outlineWidth, style.outlineColor]) !==
          JSON.stringify([outlineStyle, outlineWidth, outlineColor]);
      const shadowShown = style.boxShadow !== 'none' && style.boxShadow !== boxShadow;
      const name = (
        element.getAttribute('aria-label') ??
        (element.textContent ?? '').replace(/\s+/g, ' ').trim()
      ).slice(0, 40);
      const label = `<${element.tagName.toLowerCase()}> "${name}"`;
      if (outlineShown && contrast < 3) {
        return {
          done: false,
          problem: `${label}: its focus outline is ${contrast.toFixed(2)}:1 against rgb(${background.map(Math.round).join(', ')})`,
        };
      }
      if (!outlineShown && !shadowShown) {
        return { done: false, problem: `${label}: no focus indicator (${look})` };
      }
      return { done: false, problem: null };
    });
    if (found.problem) problems.push(found.problem);
    if (found.done) break;
  }
  return problems;
}
