/**
 * What a webhook request must look like before the shop spends a call to PayPal on it (issue
 * #35): each verification is one outbound request, so a forged event with malformed headers
 * would otherwise make the shop call PayPal on the forger's behalf. These checks only refuse
 * what PayPal never sends; whether an event is PayPal's is still PayPal's verification to say.
 */

/** PayPal stamps each delivery with its time; one older or newer than this is not fresh. */
export const WEBHOOK_TIME_TOLERANCE_MS = 5 * 60_000;

/** Longer than any header PayPal sends (a signature is ~350 characters of base64). */
const MAX_HEADER_LENGTH = 2048;

/** The five transmission headers, as PayPal's verify-webhook-signature takes them. */
export interface WebhookHeaderFields {
  auth_algo: string | undefined;
  cert_url: string | undefined;
  transmission_id: string | undefined;
  transmission_sig: string | undefined;
  transmission_time: string | undefined;
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Whether `url` may be PayPal's signing certificate: https on paypal.com or one of its
 * subdomains (api.paypal.com, api.sandbox.paypal.com, api-m.paypal.com ...) on the default
 * port, or any address on the origin the shop was configured to reach PayPal's API at
 * (`PAYPAL_API_BASE`: PayPal itself in production, a local stand-in in tests).
 */
export function isPayPalCertUrl(url: string, apiBase: string): boolean {
  let cert: URL;
  try {
    cert = new URL(url);
  } catch {
    return false;
  }
  if (cert.username !== '' || cert.password !== '') return false;
  if (cert.origin === new URL(apiBase).origin) return true;
  const host = cert.hostname.toLowerCase();
  return (
    cert.protocol === 'https:' &&
    cert.port === '' &&
    (host === 'paypal.com' || host.endsWith('.paypal.com'))
  );
}

/** The reason these headers cannot be PayPal's, or undefined when they may be. */
export function webhookHeadersProblem(
  fields: WebhookHeaderFields,
  context: { apiBase: string; now: number },
): string | undefined {
  for (const [name, value] of Object.entries(fields) as [string, string | undefined][]) {
    const header = `paypal-${name.replace('_', '-')}`;
    if (value === undefined || value.trim() === '') return `The ${header} header is missing`;
    if (value.length > MAX_HEADER_LENGTH || CONTROL.test(value)) {
      return `The ${header} header is malformed`;
    }
  }
  if (!isPayPalCertUrl(fields.cert_url!, context.apiBase)) {
    return 'The paypal-cert-url header is not an address of PayPal';
  }
  const time = Date.parse(fields.transmission_time!);
  if (Number.isNaN(time) || Math.abs(context.now - time) > WEBHOOK_TIME_TOLERANCE_MS) {
    return 'The paypal-transmission-time header is not a time within minutes of now';
  }
  return undefined;
}

/**
 * Whether a parsed JSON value holds text PostgreSQL cannot store: a NUL character (refused in
 * text columns) or half of a surrogate pair (refused in jsonb). PayPal never sends either; an
 * event holding one is refused with 400 rather than failing its transaction with a 500.
 */
export function holdsUnstorableText(value: unknown): boolean {
  // A walk with a list of its own, not recursion: a deeply nested body cannot exhaust the stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000') || LONE_SURROGATE.test(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) pending.push(key, inner);
    }
  }
  return false;
}

const LONE_SURROGATE = /\p{Cs}/u;
