import { createHmac, randomBytes } from 'node:crypto';

/** A new link token: 32 bytes from the operating system's secure random source, base64url. */
export function generateConfirmationToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a token: its HMAC with the server's secret, by which the link is
 * looked up. A copy of the database gives no usable link, and nobody without the secret can
 * write a row that a token of their choosing would match; a forged or altered token matches no
 * row at all.
 */
export function hashConfirmationToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`email-confirmation:${token}`).digest('base64url');
}
