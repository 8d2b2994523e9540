import type { MailMessage } from '../mailer.ts';
import { MAIL_COLOURS as C, type MailBrand } from './brand.ts';
import { html, trusted, type SafeHtml } from './html.ts';

/**
 * Dark mode: clients that follow `prefers-color-scheme` (Apple Mail, iOS, Outlook for Mac) take
 * these colours; the others (Gmail) invert the light ones themselves, which the plain colours
 * allow. The classes are the shop's own fixed text.
 */
const style = ({ accent }: MailBrand): SafeHtml =>
  trusted(`
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  body { margin: 0; padding: 0; }
  a { color: ${accent.link}; }
  @media (prefers-color-scheme: dark) {
    .mail-page { background: ${C.darkPage} !important; }
    .mail-card { background: ${C.darkCard} !important; color: ${C.darkText} !important; }
    .mail-muted { color: ${C.darkMuted} !important; }
    .mail-rule { border-color: ${C.darkRule} !important; }
    .mail-link { color: ${accent.darkLink} !important; }
  }
  @media (max-width: 620px) {
    .mail-card { padding: 20px 16px !important; }
    .mail-picture { width: 48px !important; height: 48px !important; }
  }`);

const FONT =
  'font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Arial, sans-serif;';

/**
 * The frame of every e-mail: a single column at most 600 px wide (tables, as e-mail clients
 * need), the shop's logo and name on its dark header, the body, and a footer naming the shop.
 * `preheader` is the line a mail client shows after the subject in the inbox.
 */
export function layout(
  brand: MailBrand,
  parts: { title: string; preheader: string; body: SafeHtml },
): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>${parts.title}</title>
        <style>
          ${style(brand)}
        </style>
      </head>
      <body
        class="mail-page"
        style="margin: 0; padding: 0; background: ${C.page}; ${trusted(FONT)}"
      >
        <div style="display: none; max-height: 0; overflow: hidden">${parts.preheader}</div>
        <table
          role="presentation"
          class="mail-page"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          border="0"
          style="background: ${C.page}"
        >
          <tr>
            <td align="center" style="padding: 16px 8px">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                border="0"
                style="max-width: 600px; width: 100%"
              >
                <tr>
                  <td
                    style="background: ${C.header}; padding: 16px 24px; border-radius: 8px 8px 0 0"
                  >
                    <a
                      href="${brand.publicUrl}"
                      style="color: ${C.headerText}; text-decoration: none; font-size: 20px; font-weight: bold; ${trusted(FONT)}"
                      ><img
                        src="${brand.logoUrl}"
                        width="32"
                        height="32"
                        alt=""
                        style="vertical-align: middle; border: 0; margin-right: 8px"
                      />${brand.shopName}</a
                    >
                  </td>
                </tr>
                <tr>
                  <td
                    class="mail-card"
                    style="background: ${C.card}; color: ${C.text}; padding: 24px; font-size: 16px; line-height: 1.5; ${trusted(FONT)}"
                  >
                    ${parts.body}
                  </td>
                </tr>
                <tr>
                  <td
                    class="mail-muted"
                    style="padding: 16px 24px; color: ${C.muted}; font-size: 12px; text-align: center; ${trusted(FONT)}"
                  >
                    ${brand.shopName} ·
                    <a class="mail-link" href="${brand.publicUrl}" style="color: ${C.muted}"
                      >${brand.publicUrl.replace(/^https?:\/\//, '')}</a
                    >
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html> `.markup;
}

/**
 * One e-mail: its HTML in the shop's layout and its plain-text part, which says the same facts
 * for clients that show no HTML (and for tests that read them).
 */
export function brandedMail(
  brand: MailBrand,
  mail: { to: string; subject: string; preheader: string; body: SafeHtml; text: readonly string[] },
): MailMessage {
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text.join('\n'),
    html: layout(brand, { title: mail.subject, preheader: mail.preheader, body: mail.body }),
  };
}
