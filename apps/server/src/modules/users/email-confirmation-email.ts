import { EMAIL_CONFIRMATION_TTL_HOURS } from '@proshop/domain/email-confirmation';
import type { MailMessage } from '../mail/mailer.ts';
import type { MailBrand } from '../mail/templates/brand.ts';
import { button, note, paragraph } from '../mail/templates/components.ts';
import { html } from '../mail/templates/html.ts';
import { brandedMail } from '../mail/templates/layout.ts';

/**
 * The link that confirms an address: after registering, or for the new address of a profile.
 * Like the reset code's e-mail it quotes nothing the account holder typed, not even the name:
 * anyone can type someone else's address.
 */
export function confirmationEmail(input: {
  to: string;
  link: string;
  brand: MailBrand;
  /** A new address of an existing account, rather than a new account. */
  change: boolean;
}): MailMessage {
  const { to, link, brand, change } = input;
  const { shopName } = brand;
  const why = change
    ? `Someone asked to use this address for a ${shopName} account.`
    : `Someone created a ${shopName} account with this address.`;
  const ask = 'To confirm it is yours, follow this link:';
  const validity = `The link works for ${EMAIL_CONFIRMATION_TTL_HOURS} hours and can be used once.`;
  const notYou = change
    ? 'If it was not you, ignore this e-mail: the address will not be used.'
    : 'If it was not you, ignore this e-mail: no order can be placed until the address is confirmed.';
  return brandedMail(brand, {
    to,
    subject: `${shopName}: confirm your e-mail address`,
    preheader: 'Confirm your e-mail address to place orders.',
    text: ['Hello,', '', why, ask, link, '', validity, notYou, '', shopName],
    body: html`${paragraph('Hello,')} ${paragraph(why)} ${paragraph(ask)}
    ${button(brand, link, 'Confirm your e-mail address')} ${note(validity)} ${note(notYou)}`,
  });
}
