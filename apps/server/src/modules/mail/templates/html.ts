import { escapeHtml } from '../../../html/escape-html.ts';

/**
 * Markup that is already safe to place into an e-mail's HTML: what `html` builds, or what a
 * template marks with `trusted` (never text a person typed). Every other value placed into
 * `html` is escaped, so a name or an address is shown, never run.
 */
export class SafeHtml {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

/** A value `html` places: text (escaped), numbers, safe markup, lists of those, or nothing. */
export type HtmlValue =
  SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function place(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return value.map((item: HtmlValue) => place(item)).join('');
  return escapeHtml(String(value));
}

/**
 * The templates' one way to write markup: `html\`<p>Hello ${name}</p>\`` escapes `name`. Only
 * values that are SafeHtml (other `html` results, `trusted`) go in as they are.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let markup = strings[0] ?? '';
  values.forEach((value, index) => {
    markup += place(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(markup);
}

/**
 * Marks markup written by the shop's own code as safe, e.g. a colour or a fixed style: never
 * pass it anything a person typed.
 */
export const trusted = (markup: string): SafeHtml => new SafeHtml(markup);
