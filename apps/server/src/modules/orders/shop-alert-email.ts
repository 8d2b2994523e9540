import type { MailMessage } from '../mail/mailer.ts';
import type { MailBrand } from '../mail/templates/brand.ts';
import { paragraph } from '../mail/templates/components.ts';
import { html } from '../mail/templates/html.ts';
import { brandedMail } from '../mail/templates/layout.ts';

/** A message to the shop (SHOP_EMAIL) about something a person must look at. */
export function shopAlertEmail(
  brand: MailBrand,
  alert: { to: string; subject: string; text: string },
): MailMessage {
  return brandedMail(brand, {
    to: alert.to,
    subject: `${brand.shopName}: ${alert.subject}`,
    preheader: alert.subject,
    text: [alert.text],
    body: html`${alert.text.split('\n').map((line) => paragraph(line))}`,
  });
}
