import type { MailMessage } from '../mail/mailer.ts';
import { absoluteUrl, type MailBrand } from '../mail/templates/brand.ts';
import { button, note, paragraph } from '../mail/templates/components.ts';
import { html } from '../mail/templates/html.ts';
import { brandedMail } from '../mail/templates/layout.ts';

/**
 * The one e-mail a back-in-stock request gets, in the shop's layout: the product's picture and
 * name (the admin's text, escaped by `html`) and a button to its page. It does not quote the
 * customer's name: anyone can register an account with someone else's address.
 */
export function backInStockEmail(input: {
  to: string;
  /** The product's name, with the variant's options when the request named one. */
  productLabel: string;
  productId: string;
  /** The product's main picture as stored ('/images/…' or an absolute address). */
  image: string;
  brand: MailBrand;
}): MailMessage {
  const { to, productLabel, brand } = input;
  const url = `${brand.publicUrl}/product/${input.productId}`;
  const headline = `${productLabel} is back in stock`;
  const once = 'You asked us to tell you once: this is the only e-mail about it.';
  return brandedMail(brand, {
    to,
    subject: `${brand.shopName}: ${headline}`,
    preheader: headline,
    text: [headline + '.', '', `See it here: ${url}`, '', once],
    body: html`<img
        src="${absoluteUrl(brand, input.image)}"
        width="120"
        height="120"
        alt=""
        style="display: block; width: 120px; height: 120px; object-fit: cover; border: 0; border-radius: 6px; margin: 0 0 16px"
      />
      ${paragraph(html`<strong>${productLabel}</strong> is back in stock.`)}
      ${button(brand, url, 'See it in the shop')} ${note(once)}`,
  });
}
