import type { MailMessage } from '../mail/mailer.ts';
import type { MailBrand } from '../mail/templates/brand.ts';
import { paragraph } from '../mail/templates/components.ts';
import { html } from '../mail/templates/html.ts';
import { brandedMail } from '../mail/templates/layout.ts';

/**
 * Sent to the address an account had before its e-mail or password changed, so that an owner
 * whose session was stolen learns of it. It quotes nothing the account holder typed (not even the
 * name or the new address): whoever made the change may not be the owner.
 */
export function accountChangedEmail(input: {
  to: string;
  changed: { email: boolean; password: boolean };
  brand: MailBrand;
  /** Where the owner can take the account back: the shop's address, or its reset page. */
  help: string;
}): MailMessage {
  const { to, changed, brand, help } = input;
  const { shopName } = brand;
  const what =
    changed.email && changed.password
      ? 'The e-mail address and the password'
      : changed.email
        ? 'The e-mail address'
        : 'The password';
  const lines = [
    'Hello,',
    '',
    `${what} of your ${shopName} account ${changed.email && changed.password ? 'were' : 'was'} just changed.`,
    ...(changed.email ? ['This address will no longer receive e-mails about the account.'] : []),
    'If you made this change, there is nothing more to do.',
    `If you did not, your account may be in someone else's hands: ${help}`,
    '',
    shopName,
  ];
  return brandedMail(brand, {
    to,
    subject: `${shopName}: your account was changed`,
    preheader: `${what} of your account changed.`,
    text: lines,
    body: html`${lines
      .slice(0, -1)
      .filter((line) => line !== '')
      .map((line) => paragraph(line))}`,
  });
}

/** How the owner takes the account back if the change was not theirs. */
export function accountHelp(
  shop: { shopEmail: string | undefined; shopName: string; publicUrl: string },
  changed: { email: boolean },
): string {
  return shop.shopEmail
    ? `write to ${shop.shopEmail} at once.`
    : changed.email
      ? `contact ${shop.shopName} at once.`
      : `ask for a new password at ${shop.publicUrl}/forgotpassword at once.`;
}
