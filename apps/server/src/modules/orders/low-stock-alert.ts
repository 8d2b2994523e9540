import { lineLabel, type OptionValue } from '@proshop/domain/variants';
import { escapeHtml } from '../../html/escape-html.ts';
import type { MailMessage } from '../mail/mailer.ts';

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
  shop: { to: string; name: string; publicUrl: string },
): MailMessage {
  const shown = variants.map((variant) => ({
    label: lineLabel(variant.productName, variant.options),
    sku: variant.sku,
    left: `${variant.left} left (low at ${variant.threshold})`,
    url: `${shop.publicUrl}/admin/product/${variant.productId}/edit`,
  }));
  const [first] = shown;
  const subject =
    shown.length === 1 && first
      ? `Low stock: ${first.label}`
      : `Low stock: ${shown.length} products are running out`;
  return {
    to: shop.to,
    subject: `${shop.name}: ${subject}`,
    text: [
      'A sale has just taken these to their low-stock level:',
      '',
      ...shown.flatMap(({ label, sku, left, url }) => [
        `${label} (SKU ${sku}): ${left}`,
        `  Restock: ${url}`,
      ]),
    ].join('\n'),
    html: `<!doctype html>
<html>
  <body style="font-family: sans-serif; color: #222">
    <p>A sale has just taken these to their low-stock level:</p>
    <ul>${shown
      .map(
        ({ label, sku, left, url }) =>
          `<li><a href="${escapeHtml(url)}">${escapeHtml(label)}</a> (SKU ${escapeHtml(sku)}): ${escapeHtml(left)}</li>`,
      )
      .join('')}</ul>
  </body>
</html>`,
  };
}
