import { MAIL_COLOURS as C, type MailBrand } from './brand.ts';
import { html, type HtmlValue, type SafeHtml } from './html.ts';

/** A paragraph of the body. */
export const paragraph = (content: HtmlValue): SafeHtml =>
  html`<p style="margin: 0 0 16px">${content}</p>`;

/** A line in the muted colour: what matters less (validity, "ignore this if ..."). */
export const note = (content: HtmlValue): SafeHtml =>
  html`<p class="mail-muted" style="margin: 0 0 16px; color: ${C.muted}; font-size: 14px">
    ${content}
  </p>`;

/** A link in the brand colour. */
export const link = (brand: MailBrand, url: string, label: HtmlValue): SafeHtml =>
  html`<a class="mail-link" href="${url}" style="color: ${brand.accent.link}">${label}</a>`;

/**
 * The e-mail's one action, as a button (a table cell, which every client draws), with the
 * address written out below for clients that block links in buttons.
 */
export function button(brand: MailBrand, url: string, label: string): SafeHtml {
  return html`<table
      role="presentation"
      cellpadding="0"
      cellspacing="0"
      border="0"
      style="margin: 8px 0 16px"
    >
      <tr>
        <td style="background: ${brand.accent.button}; border-radius: 6px">
          <a
            href="${url}"
            style="display: inline-block; padding: 12px 24px; color: ${brand.accent.buttonText}; font-weight: bold; text-decoration: none"
            >${label}</a
          >
        </td>
      </tr>
    </table>
    <p
      class="mail-muted"
      style="margin: 0 0 16px; color: ${C.muted}; font-size: 13px; word-break: break-all"
    >
      ${url}
    </p>`;
}

/** A code to type, large and spaced. */
export const code = (value: string): SafeHtml =>
  html`<p style="margin: 0 0 16px; font-size: 28px; font-weight: bold; letter-spacing: 4px">
    ${value}
  </p>`;

/** A line of an order as the e-mails show it. */
export interface MailLine {
  /** Absolute address of its picture. */
  image: string;
  label: string;
  qty: number;
  /** Unit price and line total, formatted in the order's currency. */
  price: string;
  total: string;
}

/** The order's lines: picture, name, quantity and unit price, line total; one row each. */
export function orderLines(lines: readonly MailLine[]): SafeHtml {
  return html`<table
    role="presentation"
    width="100%"
    cellpadding="0"
    cellspacing="0"
    border="0"
    style="margin: 0 0 8px"
  >
    ${lines.map(
      (line) =>
        html`<tr>
          <td
            class="mail-rule"
            width="64"
            style="padding: 8px 8px 8px 0; border-bottom: 1px solid ${C.rule}; vertical-align: top"
          >
            <img
              class="mail-picture"
              src="${line.image}"
              width="56"
              height="56"
              alt=""
              style="display: block; width: 56px; height: 56px; object-fit: cover; border: 0; border-radius: 4px"
            />
          </td>
          <td
            class="mail-rule"
            style="padding: 8px 0; border-bottom: 1px solid ${C.rule}; vertical-align: top"
          >
            ${line.label}<br /><span class="mail-muted" style="color: ${C.muted}; font-size: 14px"
              >${line.qty} x ${line.price}</span
            >
          </td>
          <td
            class="mail-rule"
            align="right"
            style="padding: 8px 0 8px 8px; border-bottom: 1px solid ${C.rule}; vertical-align: top; white-space: nowrap"
          >
            ${line.total}
          </td>
        </tr> `,
    )}
  </table>`;
}

/** Rows of label and amount; the last one, when `strongLast`, in bold (the total). */
export function totals(
  rows: readonly { label: string; amount: string }[],
  options: { strongLast?: boolean } = {},
): SafeHtml {
  return html`<table
    role="presentation"
    width="100%"
    cellpadding="0"
    cellspacing="0"
    border="0"
    style="margin: 0 0 16px"
  >
    ${rows.map((row, index) => {
      const strong = options.strongLast && index === rows.length - 1;
      const weight = strong ? 'bold' : 'normal';
      return html`<tr>
        <td style="padding: 4px 0; font-weight: ${weight}">${row.label}</td>
        <td align="right" style="padding: 4px 0; font-weight: ${weight}; white-space: nowrap">
          ${row.amount}
        </td>
      </tr> `;
    })}
  </table>`;
}

/** A short list, one item a line (a refund's lines, a shipment's carrier and number). */
export const list = (items: readonly string[]): SafeHtml =>
  html`<p style="margin: 0 0 16px">
    ${items.map((item, index) => html`${index > 0 ? html`<br />` : ''}${item}`)}
  </p>`;
