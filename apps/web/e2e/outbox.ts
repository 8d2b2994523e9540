// Reads the e-mails the test server writes to its outbox folder (it runs without SMTP_URL).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/**
 * The outbox folders of both test shops (the main one and the one paying through the PayPal
 * stand-in): a test may register its shopper on either, and every test account's address is its
 * own, so reading both finds a message without mixing two accounts' mail.
 */
function outboxDirs(): string[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set; run the browser tests with npm test');
  const paypalDataDir = process.env.E2E_PAYPAL_DATA_DIR;
  return [dataDir, ...(paypalDataDir ? [paypalDataDir] : [])].map((dir) => join(dir, 'outbox'));
}

/** The .eml files of a folder, by name; none when the folder is not there yet. */
function emailFiles(dir: string): { name: string; path: string }[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => ({ name, path: join(dir, name) }));
  } catch {
    return [];
  }
}

/** The messages to `recipient`, oldest first (the file names start with the time of sending). */
export function messagesTo(recipient: string): string[] {
  const files = outboxDirs().flatMap(emailFiles);
  const toLine = new RegExp(
    `^To: .*\\b${recipient.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`,
    'im',
  );
  return (
    files
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((file) => readFileSync(file.path, 'utf8'))
      // Headers unfolded first: a long address goes on a continuation line of its own.
      .filter((message) =>
        toLine.test((message.split(/\r?\n\r?\n/, 1)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ')),
      )
  );
}

/** The 6-digit code of a reset e-mail, as its plain-text part says it. */
export function resetCodeOf(message: string): string {
  // Undo quoted-printable soft line breaks before searching the text.
  const text = message.replace(/=\r?\n/g, '');
  const code = /verification code is (\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No reset code in the e-mail:\n${message}`);
  return code;
}

/** The path of the confirmation link of an e-mail (`/confirm-email/<token>`), from its text. */
export function confirmationPathOf(message: string): string {
  const text = message.replace(/=\r?\n/g, '');
  const path = /https?:\/\/[^/\s]+(\/confirm-email\/[\w-]+)/.exec(text)?.[1];
  if (!path) throw new Error(`No confirmation link in the e-mail:\n${message}`);
  return path;
}

/** The newest confirmation e-mail to `recipient`, once the server has written it. */
export async function confirmationPathTo(recipient: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(() => {
      const links = messagesTo(recipient).filter((message) => /confirm-email\//.test(message));
      const newest = links.at(-1);
      path = newest ? confirmationPathOf(newest) : undefined;
      return path;
    })
    .toBeDefined();
  return path!;
}

/**
 * The path of the order link a guest was e-mailed (`/order/{id}?key=…`), from the newest e-mail
 * to `recipient` that carries one for `orderId`, once the server has written it.
 */
export async function orderLinkTo(recipient: string, orderId: string): Promise<string> {
  let path: string | undefined;
  const link = new RegExp(`https?://[^/\\s]+(/order/${orderId}\\?key=[\\w%-]+)`);
  await expect
    .poll(() => {
      // Quoted-printable: soft line breaks undone, and "=" written as =3D.
      const texts = messagesTo(recipient).map((message) =>
        message.replace(/=\r?\n/g, '').replace(/=3D/gi, '='),
      );
      path = texts.map((text) => link.exec(text)?.[1]).findLast(Boolean);
      return path;
    })
    .toBeTruthy();
  return path!;
}
