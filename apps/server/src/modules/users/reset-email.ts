import { RESET_CODE_TTL_MINUTES } from '@proshop/domain/user-schemas';
import type { MailMessage } from '../mail/mailer.ts';
import type { MailBrand } from '../mail/templates/brand.ts';
import { button, code as codeBox, note, paragraph } from '../mail/templates/components.ts';
import { html } from '../mail/templates/html.ts';
import { brandedMail } from '../mail/templates/layout.ts';

/**
 * The e-mail carrying a reset code, as plain text and HTML. It quotes nothing an account holder
 * typed, not even the name: anyone can register an account with someone else's address, and this
 * e-mail is the shop writing to that address in its own name.
 */
export function resetCodeEmail(input: {
  to: string;
  code: string;
  brand: MailBrand;
  /** The reset page, where the code is entered. */
  resetUrl: string;
}): MailMessage {
  const { to, code, brand, resetUrl } = input;
  const { shopName } = brand;
  const validity = `It is valid for ${RESET_CODE_TTL_MINUTES} minutes and can be used once.`;
  const notYou = 'If you did not ask for it, ignore this e-mail: your password stays as it is.';
  return brandedMail(brand, {
    to,
    subject: `${shopName}: your password reset code`,
    preheader: `Your verification code is ${code}`,
    text: [
      'Hello,',
      '',
      `Someone asked to reset the password of your ${shopName} account.`,
      `Your verification code is ${code}`,
      '',
      `Enter it on the password reset page: ${resetUrl}`,
      validity,
      notYou,
      '',
      shopName,
    ],
    body: html`${paragraph('Hello,')}
    ${paragraph(`Someone asked to reset the password of your ${shopName} account.`)}
    ${paragraph('Your verification code is')} ${codeBox(code)}
    ${paragraph('Enter it on the password reset page.')}
    ${button(brand, resetUrl, 'Reset your password')} ${note(validity)} ${note(notYou)}`,
  });
}
