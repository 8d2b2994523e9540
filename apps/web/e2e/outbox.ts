// Reads the e-mails the test server writes to its outbox folder (it runs without SMTP_URL).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set; run the browser tests with npm test');
  return join(dataDir, 'outbox');
}

/** The messages to `recipient`, oldest first (the file names start with the time of sending). */
export function messagesTo(recipient: string): string[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir()).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  const toLine = new RegExp(
    `^To: .*\\b${recipient.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`,
    'im',
  );
  return files
    .sort()
    .map((file) => readFileSync(join(outboxDir(), file), 'utf8'))
    .filter((message) => toLine.test(message.split(/\r?\n\r?\n/, 1)[0] ?? ''));
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
