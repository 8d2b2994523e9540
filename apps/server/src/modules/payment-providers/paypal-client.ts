import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { centsToDecimalString, toCents } from '@proshop/domain/money';
import type { CaptureResult } from '@proshop/domain/payment-verification';
import { invalid } from '../../errors/app-error.ts';
import {
  PaymentProviderError,
  providerUnavailable,
  type CreatePaymentInput,
  type PaymentLog,
  type PaymentProvider,
  type RefundInput,
  type RefundResult,
  type WebhookInput,
} from './payment-provider.ts';
import { webhookHeadersProblem } from './webhook-checks.ts';

export interface PayPalClientOptions {
  clientId: string;
  clientSecret: string;
  /** e.g. https://api-m.sandbox.paypal.com, without a trailing slash. */
  apiBase: string;
  /** Shown to the buyer on PayPal's pages. */
  brandName: string;
  /** Per HTTP call; past it the provider counts as unavailable. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Clock for the token's lifetime (milliseconds), replaceable in tests. */
  now?: () => number;
  log?: PaymentLog;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** A token is replaced this long before PayPal says it expires, so no call carries a dying one. */
const TOKEN_RENEWAL_MARGIN_MS = 60_000;
const NO_CAPTURE = 'NO_CAPTURE';
/** Capture refusals after which the buyer should pick another funding source. */
const DECLINE_ISSUES = new Set(['INSTRUMENT_DECLINED', 'TRANSACTION_REFUSED', 'PAYER_CANNOT_PAY']);

// Lenient schemas: only the fields the shop reads; everything else PayPal sends is ignored.
const amountSchema = z.object({
  currency_code: z.string(),
  value: z.string().regex(/^\d+(\.\d{1,2})?$/),
});
const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});
const createdSchema = z.object({ id: z.string().min(1) });
const optionalText = z.string().optional().catch(undefined);
const captureSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: amountSchema.optional(),
  custom_id: optionalText,
  status_details: z.object({ reason: optionalText }).optional().catch(undefined),
});
const orderSchema = z.object({
  status: optionalText,
  payer: z.object({ email_address: optionalText }).optional().catch(undefined),
  payment_source: z
    .object({ paypal: z.object({ email_address: optionalText }).optional() })
    .optional()
    .catch(undefined),
  purchase_units: z
    .array(
      z.object({
        custom_id: optionalText,
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .optional(),
});
const verificationSchema = z.object({ verification_status: z.string() });
const refundSchema = z.object({ id: z.string().min(1), status: z.string() });
const errorSchema = z.object({
  name: optionalText,
  debug_id: optionalText,
  details: z
    .array(z.object({ issue: optionalText }))
    .optional()
    .catch(undefined),
});

interface Answer {
  status: number;
  body: unknown;
}

interface CachedToken {
  value: string;
  renewAt: number;
}

/** PayPal Orders v2 over REST: create on the server's amount, capture, read the capture. */
export class PayPalClient implements PaymentProvider {
  readonly kind = 'paypal';
  readonly captureTimeLimitMs: number;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private token: CachedToken | undefined;
  private tokenRequest: Promise<string> | undefined;

  constructor(private readonly options: PayPalClientOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    // At most: a token, the capture, a new token and the capture again after a 401, the lookup.
    this.captureTimeLimitMs = 5 * this.timeoutMs;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
  }

  async createPayment(input: CreatePaymentInput): Promise<{ providerOrderId: string }> {
    const answer = await this.call('POST', '/v2/checkout/orders', {
      body: createOrderBody(input, this.options.brandName),
      // A retried create for one order finds the PayPal order made the first time.
      requestId: input.orderId,
    });
    if (answer.status !== 200 && answer.status !== 201) {
      throw this.refusal('create', answer);
    }
    const created = createdSchema.safeParse(answer.body);
    if (!created.success) {
      throw new PaymentProviderError('PayPal created an order without an id', {
        status: answer.status,
      });
    }
    return { providerOrderId: created.data.id };
  }

  async capturePayment(input: {
    providerOrderId: string;
    orderId: string;
  }): Promise<CaptureResult> {
    const answer = await this.call('POST', `${orderPath(input.providerOrderId)}/capture`, {
      // A fresh id per attempt: a fixed one would replay a declined answer after the buyer picked
      // another funding source. A repeated capture is still safe: PayPal answers
      // ORDER_ALREADY_CAPTURED and the existing capture is read below.
      requestId: randomUUID(),
      prefer: 'return=representation',
    });
    if (answer.status === 200 || answer.status === 201) {
      return this.readCapture(answer.body, input.orderId);
    }
    const { issue } = describeError(answer.body);
    if (answer.status === 422 && issue && DECLINE_ISSUES.has(issue)) {
      return { status: 'declined', reason: issue };
    }
    if (answer.status === 422 && issue === 'ORDER_ALREADY_CAPTURED') {
      return this.fetchCapture(input);
    }
    if (answer.status === 422 && issue === 'ORDER_COMPLETION_IN_PROGRESS') {
      throw this.unavailable('capture still in progress at PayPal', answer);
    }
    this.warn('capture refused', answer);
    return { status: 'failed', reason: issue ?? `HTTP_${answer.status}` };
  }

  async refundCapture(input: RefundInput): Promise<RefundResult> {
    const answer = await this.call(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`,
      {
        body: {
          amount: { currency_code: input.currency, value: centsToDecimalString(input.amountCents) },
          custom_id: input.orderId,
        },
        requestId: input.requestId,
        prefer: 'return=representation',
      },
    );
    if (answer.status === 200 || answer.status === 201) return this.readRefund(answer.body);
    // A refusal is for good (REFUND_AMOUNT_EXCEEDED, CAPTURE_FULLY_REFUNDED, ...): no money moved.
    this.warn('refund refused', answer);
    return {
      status: 'failed',
      reason: describeError(answer.body).issue ?? `HTTP_${answer.status}`,
    };
  }

  async findRefund(refundId: string): Promise<RefundResult> {
    const answer = await this.call(
      'GET',
      `/v2/payments/refunds/${encodeURIComponent(refundId)}`,
      {},
    );
    if (answer.status === 200) return this.readRefund(answer.body);
    this.warn('refund lookup refused', answer);
    if (answer.status === 404) return { status: 'failed', reason: 'RESOURCE_NOT_FOUND', refundId };
    throw this.unavailable('PayPal refused the refund lookup', answer);
  }

  private readRefund(body: unknown): RefundResult {
    const refund = refundSchema.safeParse(body);
    if (!refund.success)
      throw this.unavailable('PayPal refund answer unreadable', { status: 200, body });
    const { id, status } = refund.data;
    if (status === 'COMPLETED') return { status: 'completed', refundId: id };
    if (status === 'PENDING') return { status: 'pending', refundId: id };
    return { status: 'failed', reason: status, refundId: id };
  }

  async verifyWebhook(input: WebhookInput): Promise<boolean> {
    const header = (name: string) => {
      const value = input.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const fields = {
      auth_algo: header('paypal-auth-algo'),
      cert_url: header('paypal-cert-url'),
      transmission_id: header('paypal-transmission-id'),
      transmission_sig: header('paypal-transmission-sig'),
      transmission_time: header('paypal-transmission-time'),
    };
    // Headers PayPal never sends are refused here, before a call to PayPal is spent on them.
    const problem = webhookHeadersProblem(fields, {
      apiBase: this.options.apiBase,
      now: this.now(),
    });
    if (problem) throw invalid(problem);
    const answer = await this.call('POST', '/v1/notifications/verify-webhook-signature', {
      body: { ...fields, webhook_id: input.webhookId, webhook_event: input.event },
    });
    if (answer.status !== 200) {
      this.warn('webhook verification refused', answer);
      return false;
    }
    const verdict = verificationSchema.safeParse(answer.body);
    return verdict.success && verdict.data.verification_status === 'SUCCESS';
  }

  async findCapture(input: {
    providerOrderId: string;
    orderId: string;
  }): Promise<CaptureResult | undefined> {
    const answer = await this.call('GET', orderPath(input.providerOrderId), {});
    // An order PayPal does not know (never made, or expired unapproved) holds no capture.
    if (answer.status === 404) return undefined;
    if (answer.status !== 200) {
      this.warn('order lookup refused', answer);
      throw this.unavailable('PayPal refused the order lookup', answer);
    }
    const capture = this.readCapture(answer.body, input.orderId);
    return capture.status === 'failed' && capture.reason === NO_CAPTURE ? undefined : capture;
  }

  /** The capture PayPal already holds for an order (after ORDER_ALREADY_CAPTURED). */
  private async fetchCapture(input: {
    providerOrderId: string;
    orderId: string;
  }): Promise<CaptureResult> {
    const answer = await this.call('GET', orderPath(input.providerOrderId), {});
    if (answer.status !== 200) {
      this.warn('order lookup refused', answer);
      return { status: 'failed', reason: describeError(answer.body).issue ?? 'ORDER_NOT_FOUND' };
    }
    return this.readCapture(answer.body, input.orderId);
  }

  private readCapture(body: unknown, orderId: string): CaptureResult {
    const order = orderSchema.safeParse(body);
    if (!order.success) {
      this.options.log?.warn({ issues: order.error.issues }, 'PayPal capture answer unreadable');
      return { status: 'failed', reason: 'UNREADABLE_ANSWER' };
    }
    const unit = order.data.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    if (!capture) return { status: 'failed', reason: NO_CAPTURE };
    // A PayPal order made for another of our orders must never pay this one.
    const customId = capture.custom_id ?? unit?.custom_id;
    if (customId !== undefined && customId !== orderId) {
      this.options.log?.warn({ customId, orderId }, 'PayPal capture belongs to another order');
      return { status: 'failed', reason: 'ORDER_MISMATCH' };
    }
    switch (capture.status) {
      case 'COMPLETED': {
        if (!capture.amount) return { status: 'failed', reason: 'UNREADABLE_ANSWER' };
        const payerEmail =
          order.data.payment_source?.paypal?.email_address ?? order.data.payer?.email_address;
        return {
          status: 'completed',
          captureId: capture.id,
          amountCents: toCents(capture.amount.value),
          currency: capture.amount.currency_code,
          ...(payerEmail ? { payerEmail } : {}),
        };
      }
      case 'PENDING':
        return { status: 'pending' };
      case 'DECLINED':
        return { status: 'declined', reason: capture.status_details?.reason ?? 'DECLINED' };
      default:
        return { status: 'failed', reason: capture.status };
    }
  }

  /** One authorised call; a 401 gets one new token and one retry. 5xx and 429 are outages. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    request: { body?: unknown; requestId?: string; prefer?: string },
  ): Promise<Answer> {
    for (let attempt = 1; ; attempt += 1) {
      const token = await this.accessToken();
      const headers: Record<string, string> = {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        'Content-Type': 'application/json',
      };
      if (request.requestId) headers['PayPal-Request-Id'] = request.requestId;
      if (request.prefer) headers.Prefer = request.prefer;
      const answer = await this.send(path, {
        method,
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      });
      if (answer.status === 401 && attempt === 1) {
        // Expired or revoked early: forget it (unless another call already replaced it).
        if (this.token?.value === token) this.token = undefined;
        continue;
      }
      if (answer.status === 401) throw this.unavailable('PayPal refused a fresh token', answer);
      if (answer.status >= 500 || answer.status === 429) {
        throw this.unavailable('PayPal failed', answer);
      }
      return answer;
    }
  }

  /** The cached token, or one new token shared by every call waiting for it. */
  private accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return Promise.resolve(this.token.value);
    this.tokenRequest ??= this.requestToken().finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const requestedAt = this.now();
    const credentials = Buffer.from(
      `${this.options.clientId}:${this.options.clientSecret}`,
    ).toString('base64');
    const answer = await this.send('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${credentials}`,
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const token = answer.status === 200 ? tokenSchema.safeParse(answer.body) : undefined;
    if (!token?.success) throw this.unavailable('PayPal gave no access token', answer);
    const lifetimeMs = token.data.expires_in * 1000;
    this.token = {
      value: token.data.access_token,
      renewAt: requestedAt + lifetimeMs - Math.min(TOKEN_RENEWAL_MARGIN_MS, lifetimeMs / 2),
    };
    return token.data.access_token;
  }

  /** One HTTP exchange within the time limit; no answer at all is an outage. */
  private async send(path: string, init: RequestInit): Promise<Answer> {
    try {
      const response = await this.fetch(`${this.options.apiBase}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await response.text();
      return { status: response.status, body: parseJson(text) };
    } catch (error) {
      this.options.log?.warn({ err: error, path }, 'PayPal not reachable');
      throw providerUnavailable(error);
    }
  }

  private unavailable(message: string, answer: Answer) {
    this.warn(message, answer);
    return providerUnavailable(
      new PaymentProviderError(message, { status: answer.status, ...describeError(answer.body) }),
    );
  }

  private refusal(step: string, answer: Answer): PaymentProviderError {
    const details = { status: answer.status, ...describeError(answer.body) };
    return new PaymentProviderError(
      `PayPal refused the ${step} call: ${details.issue ?? details.status}`,
      details,
    );
  }

  private warn(message: string, answer: Answer) {
    this.options.log?.warn({ status: answer.status, ...describeError(answer.body) }, message);
  }
}

function orderPath(providerOrderId: string): string {
  return `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The issue code and debug id of a PayPal error answer (or the OAuth error's name). */
function describeError(body: unknown): { issue?: string; debugId?: string } {
  const parsed = errorSchema.safeParse(body);
  if (!parsed.success) return {};
  const issue = parsed.data.details?.[0]?.issue ?? parsed.data.name;
  return {
    ...(issue ? { issue } : {}),
    ...(parsed.data.debug_id ? { debugId: parsed.data.debug_id } : {}),
  };
}

/** The longest item name, SKU and brand name PayPal's create call accepts (characters). */
export const PAYPAL_TEXT_MAX = 127;

/**
 * The text cut to at most `max` characters (code points), ending with an ellipsis when cut:
 * never half of an emoji or other pair of UTF-16 units, which would make the JSON invalid UTF-8
 * for PayPal.
 */
export function cut(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

/** The create body: our amount as exact decimal strings, our order id as custom_id. */
export function createOrderBody(input: CreatePaymentInput, brandName: string) {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new PaymentProviderError(`Not a payable amount: ${input.amountCents} cents`);
  }
  if (input.items && !input.breakdown) {
    throw new PaymentProviderError('PayPal needs the amount breakdown when items are sent');
  }
  const money = (cents: number) => ({
    currency_code: input.currency,
    value: centsToDecimalString(cents),
  });
  const { breakdown, items } = input;
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        custom_id: input.orderId,
        amount: {
          ...money(input.amountCents),
          ...(breakdown && {
            breakdown: {
              // The items at their own prices (they add up to item_total); the discount code's
              // amount comes off as `discount`, which PayPal subtracts and shows as its own row.
              item_total: money(breakdown.itemsCents),
              shipping: money(breakdown.shippingCents),
              tax_total: money(breakdown.taxCents),
              ...(breakdown.discountCents ? { discount: money(breakdown.discountCents) } : {}),
            },
          }),
        },
        ...(items && {
          items: items.map((item) => ({
            name: cut(item.name, PAYPAL_TEXT_MAX),
            quantity: String(item.quantity),
            unit_amount: money(item.unitAmountCents),
            ...(item.sku && { sku: cut(item.sku, PAYPAL_TEXT_MAX) }),
          })),
        }),
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: cut(brandName, PAYPAL_TEXT_MAX),
          shipping_preference: 'NO_SHIPPING',
          user_action: 'PAY_NOW',
        },
      },
    },
  };
}
