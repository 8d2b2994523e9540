import { lineLabel, type OptionValue } from '@proshop/domain/variants';
import type { MailMessage } from '../mail/mailer.ts';
import type { MailBrand } from '../mail/templates/brand.ts';
import { link, paragraph } from '../mail/templates/components.ts';
import { html } from '../mail/templates/html.ts';
import { brandedMail } from '../mail/templates/layout.ts';

/** A variant that a sale took to or below its low-stock threshold. */
export interface LowStockVariant {
  productId: string;
  productName: string;
  sku: string;
  options: OptionValue[];
  /** Units left after the sale. */
  left: number;
  threshold: number;
}

/**
 * The shop's e-mail about the variants one sale took low on stock: each with its SKU, the units
 * left and a link to the product's admin page, where it can be restocked.
 */
export function lowStockEmail(
  variants: readonly LowStockVariant[],
  shop: { to: string; brand: MailBrand },
): MailMessage {
  const { brand } = shop;
  const shown = variants.map((variant) => ({
    label: lineLabel(variant.productName, variant.options),
    sku: variant.sku,
    left: `${variant.left} left (low at ${variant.threshold})`,
    url: `${brand.publicUrl}/admin/product/${variant.productId}/edit`,
  }));
  const [first] = shown;
  const subject =
    shown.length === 1 && first
      ? `Low stock: ${first.label}`
      : `Low stock: ${shown.length} products are running out`;
  const intro = 'A sale has just taken these to their low-stock level:';
  return brandedMail(brand, {
    to: shop.to,
    subject: `${brand.shopName}: ${subject}`,
    preheader: subject,
    text: [
      intro,
      '',
      ...shown.flatMap(({ label, sku, left, url }) => [
        `${label} (SKU ${sku}): ${left}`,
        `  Restock: ${url}`,
      ]),
    ],
    body: html`${paragraph(intro)}
      <ul style="margin: 0 0 16px; padding-left: 20px">
        ${shown.map(
          ({ label, sku, left, url }) =>
            html`<li style="margin: 0 0 8px">${link(brand, url, label)} (SKU ${sku}): ${left}</li>`,
        )}
      </ul>`,
  });
}
