import { RESET_CODE_TTL_MINUTES } from '@proshop/domain/user-schemas';
import { escapeHtml } from '../../html/escape-html.ts';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * The e-mail carrying a reset code, as plain text and HTML. It quotes nothing an account holder
 * typed, not even the name: anyone can register an account with someone else's address, and this
 * e-mail is the shop writing to that address in its own name.
 */
export function resetCodeEmail(input: {
  to: string;
  code: string;
  shopName: string;
  /** The reset page, where the code is entered. */
  resetUrl: string;
}): MailMessage {
  const { to, code, shopName, resetUrl } = input;
  const subject = `${shopName}: your password reset code`;
  const text = [
    'Hello,',
    '',
    `Someone asked to reset the password of your ${shopName} account.`,
    `Your verification code is ${code}`,
    '',
    `Enter it on the password reset page: ${resetUrl}`,
    `It is valid for ${RESET_CODE_TTL_MINUTES} minutes and can be used once.`,
    'If you did not ask for it, ignore this e-mail: your password stays as it is.',
    '',
    shopName,
  ].join('\n');
  const html = `<!doctype html>
<html>
  <body style="font-family: sans-serif; color: #222">
    <p>Hello,</p>
    <p>Someone asked to reset the password of your ${escapeHtml(shopName)} account.</p>
    <p>Your verification code is</p>
    <p style="font-size: 28px; font-weight: bold; letter-spacing: 4px">${code}</p>
    <p>Enter it on the <a href="${escapeHtml(resetUrl)}">password reset page</a>.</p>
    <p>It is valid for ${RESET_CODE_TTL_MINUTES} minutes and can be used once.</p>
    <p>If you did not ask for it, ignore this e-mail: your password stays as it is.</p>
    <p>${escapeHtml(shopName)}</p>
  </body>
</html>`;
  return { to, subject, text, html };
}
