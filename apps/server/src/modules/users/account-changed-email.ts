import { escapeHtml } from '../../html/escape-html.ts';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * Sent to the address an account had before its e-mail or password changed, so that an owner
 * whose session was stolen learns of it. It quotes nothing the account holder typed (not even the
 * name or the new address): whoever made the change may not be the owner.
 */
export function accountChangedEmail(input: {
  to: string;
  changed: { email: boolean; password: boolean };
  shopName: string;
  /** Where the owner can take the account back: the shop's address, or its reset page. */
  help: string;
}): MailMessage {
  const { to, changed, shopName, help } = input;
  const what =
    changed.email && changed.password
      ? 'The e-mail address and the password'
      : changed.email
        ? 'The e-mail address'
        : 'The password';
  const subject = `${shopName}: your account was changed`;
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
  const html = `<!doctype html>
<html>
  <body style="font-family: sans-serif; color: #222">
${lines
  .filter((line) => line !== '')
  .map((line) => `    <p>${escapeHtml(line)}</p>`)
  .join('\n')}
  </body>
</html>`;
  return { to, subject, text: lines.join('\n'), html };
}
