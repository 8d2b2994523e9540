import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { CaptureResult } from '@proshop/domain/payment-verification';
import {
  PaymentProviderError,
  providerUnavailable,
  type CaptureInput,
  type CreatedPayment,
  type CreatePaymentInput,
  type PaymentLog,
  type PaymentProvider,
  type RefundInput,
  type RefundResult,
  type WebhookInput,
} from './payment-provider.ts';

export interface StripeClientOptions {
  /** sk_… (or a restricted rk_… key with PaymentIntents and Refunds write access). */
  secretKey: string;
  /** https://api.stripe.com, or a local stand-in (http://127.0.0.1:port) in tests. */
  apiBase: string;
  /** Named in each intent's description, which the shop sees in Stripe's dashboard. */
  shopName: string;
  /** Per HTTP call; past it Stripe counts as not answering. */
  timeoutMs?: number;
  log?: PaymentLog;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Statuses in which an intent can still be confirmed or captured: a retry reuses it. */
const REUSABLE = new Set<Stripe.PaymentIntent.Status>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
]);
/**
 * Currencies whose minor unit is not the cent at Stripe (zero- and three-decimal): the shop keeps
 * amounts in cents, so an amount in these would be off by a factor of 100 or 10.
 */
const NOT_CENTS = new Set(
  'bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf bhd jod kwd omr tnd'.split(' '),
);
/** How long a signed webhook stays acceptable (seconds), as the webhook route uses. */
const SIGNATURE_TOLERANCE_S = 300;
const NO_SUCH_OBJECT = 'resource_missing';

/** What Stripe answered with an error that is not an outage: a 4xx about our request. */
interface Refusal {
  refused: {
    status?: number;
    type: string;
    code?: string;
    declineCode?: string;
    requestId?: string;
  };
}

/**
 * Stripe's PaymentIntents with manual capture, through the official `stripe` package: the intent
 * is created for the server's amount and authorised in the browser by Stripe.js; the money is
 * taken here only after the intent was checked against the order (docs/stripe-contract.md).
 */
export class StripeClient implements PaymentProvider {
  readonly kind = 'stripe';
  readonly captureTimeLimitMs: number;
  private readonly timeoutMs: number;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeClientOptions) {
    const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.timeoutMs = timeout;
    // At most: retrieve, capture, and a second retrieve when a concurrent capture won (each
    // within the timeout, its retry included); a second of margin.
    this.captureTimeLimitMs = 3 * timeout + 1000;
    const base = new URL(options.apiBase);
    const protocol = base.protocol === 'http:' ? 'http' : 'https';
    this.stripe = new Stripe(options.secretKey, {
      host: base.hostname,
      port: base.port || (protocol === 'http' ? '80' : '443'),
      protocol,
      timeout,
      // Our own retries are the buyer's and the recovery pass's, with the same idempotency keys.
      maxNetworkRetries: 0,
      // One timeout for the whole call (the Node client's restarts at each stage of it).
      httpClient: Stripe.createFetchHttpClient(),
      telemetry: false,
    });
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const currency = input.currency.toLowerCase();
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PaymentProviderError(`Not a payable amount: ${input.amountCents} cents`);
    }
    if (!/^[a-z]{3}$/.test(currency) || NOT_CENTS.has(currency)) {
      throw new PaymentProviderError(`Stripe does not take ${input.currency} in cents`);
    }
    let previous = input.previousProviderOrderId;
    // A replayed create can answer an intent that is no longer payable (canceled, or paid for an
    // order that went back to another provider): the next key is then derived from that one.
    for (let round = 0; round < 3; round += 1) {
      if (previous !== undefined) {
        const reused = await this.reusable(previous, input, currency);
        if (reused) return reused;
      }
      const created = await this.call('create', (timeout) =>
        this.stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency,
            capture_method: 'manual',
            payment_method_types: ['card'],
            metadata: { order_id: input.orderId },
            description: `Order ${input.orderId} at ${this.options.shopName}`,
          },
          // Two starts of one order at once get one intent; a retry after a lost answer too.
          { idempotencyKey: `proshop-intent-${input.orderId}-${previous ?? 'first'}`, timeout },
        ),
      );
      if (isRefusal(created)) throw this.refusal('create', created);
      const payment = payable(created, input, currency);
      if (payment) return payment;
      previous = created.id;
    }
    throw new PaymentProviderError('Stripe answered no payable intent for the order');
  }

  async capturePayment(input: CaptureInput): Promise<CaptureResult> {
    const intent = await this.retrieve(input.providerOrderId);
    if (intent === undefined) return { status: 'failed', reason: NO_SUCH_OBJECT };
    // An intent made for another of our orders must never pay this one.
    if (intent.metadata.order_id !== input.orderId) {
      this.options.log?.warn(
        { intentId: intent.id, intentOrderId: intent.metadata.order_id, orderId: input.orderId },
        'Stripe intent belongs to another order',
      );
      return { status: 'failed', reason: 'ORDER_MISMATCH' };
    }
    if (intent.status !== 'succeeded' && !sameAmount(intent, input)) {
      this.options.log?.warn(
        {
          intentId: intent.id,
          amount: intent.amount,
          currency: intent.currency,
          ...amountOf(input),
        },
        'Stripe intent is for another amount than the order: not captured',
      );
      await this.cancelQuietly(intent);
      return { status: 'failed', reason: 'wrong-amount' };
    }
    if (intent.status !== 'requires_capture') return this.readIntent(intent);
    const captured = await this.call('capture', (timeout) =>
      this.stripe.paymentIntents.capture(
        intent.id,
        {},
        // One key per attempt, not per intent: Stripe keeps a 500 answer for its key for a day,
        // and a fixed key would replay it to every retry. A second capture of the intent is
        // refused by Stripe itself (payment_intent_unexpected_state), read below.
        { idempotencyKey: `proshop-capture-${intent.id}-${randomUUID()}`, timeout },
      ),
    );
    if (!isRefusal(captured)) return this.readIntent(captured);
    if (captured.refused.code === 'payment_intent_unexpected_state') {
      // Captured (or canceled) by someone else since it was read: read what it is now.
      const now = await this.retrieve(intent.id);
      return now ? this.readIntent(now) : { status: 'failed', reason: NO_SUCH_OBJECT };
    }
    this.warn('capture refused', captured);
    return { status: 'failed', reason: reasonOf(captured) };
  }

  async findCapture(input: {
    providerOrderId: string;
    orderId: string;
  }): Promise<CaptureResult | undefined> {
    const intent = await this.retrieve(input.providerOrderId);
    // Not succeeded: nothing was taken (an authorised intent stays payable by a retry).
    if (intent?.status !== 'succeeded') return undefined;
    if (intent.metadata.order_id !== input.orderId) {
      this.options.log?.warn(
        { intentId: intent.id, intentOrderId: intent.metadata.order_id, orderId: input.orderId },
        'Stripe intent belongs to another order',
      );
      return { status: 'failed', reason: 'ORDER_MISMATCH' };
    }
    return this.readIntent(intent);
  }

  async refundCapture(input: RefundInput): Promise<RefundResult> {
    const refund = await this.call('refund', (timeout) =>
      this.stripe.refunds.create(
        {
          charge: input.captureId,
          amount: input.amountCents,
          metadata: { order_id: input.orderId },
        },
        // Stored before the call: a repeated request answers the first refund, never a second.
        { idempotencyKey: input.requestId, timeout },
      ),
    );
    if (isRefusal(refund)) {
      if (refund.refused.type === 'idempotency_error') throw this.refusal('refund', refund);
      // amount_too_large, charge_already_refunded, charge_disputed ...: no money moved.
      this.warn('refund refused', refund);
      return { status: 'failed', reason: reasonOf(refund) };
    }
    if (refund.currency.toUpperCase() !== input.currency.toUpperCase()) {
      this.options.log?.warn(
        { refundId: refund.id, currency: refund.currency, expected: input.currency },
        'Stripe refunded in another currency than the order',
      );
    }
    return readRefund(refund);
  }

  async findRefund(refundId: string): Promise<RefundResult> {
    const refund = await this.call('refund lookup', (timeout) =>
      this.stripe.refunds.retrieve(refundId, {}, { timeout }),
    );
    if (!isRefusal(refund)) return readRefund(refund);
    this.warn('refund lookup refused', refund);
    if (refund.refused.code === NO_SUCH_OBJECT) {
      return { status: 'failed', reason: NO_SUCH_OBJECT, refundId };
    }
    throw this.refusal('refund lookup', refund);
  }

  /**
   * Stripe signs each event with the webhook's secret over the exact bytes it sent, so only the
   * raw body can be verified: `event` must be that body (string or Buffer) and `webhookId` the
   * whsec_… secret. A parsed event cannot be checked and is refused. The webhook route verifies
   * Stripe's events itself (payments/stripe-webhook.ts); this is here for the interface.
   */
  verifyWebhook(input: WebhookInput): Promise<boolean> {
    const header = input.headers['stripe-signature'];
    const raw = input.event;
    if (typeof header !== 'string' || !(typeof raw === 'string' || Buffer.isBuffer(raw))) {
      return Promise.resolve(false);
    }
    try {
      Stripe.webhooks.constructEvent(raw, header, input.webhookId, SIGNATURE_TOLERANCE_S);
      return Promise.resolve(true);
    } catch {
      return Promise.resolve(false);
    }
  }

  /** The previous intent when a retry can still pay with it. */
  private async reusable(
    id: string,
    input: CreatePaymentInput,
    currency: string,
  ): Promise<CreatedPayment | undefined> {
    const intent = await this.retrieve(id);
    return intent && payable(intent, input, currency);
  }

  /** The intent, or undefined when Stripe knows none by this id. */
  private async retrieve(id: string): Promise<Stripe.PaymentIntent | undefined> {
    const intent = await this.call('retrieve', (timeout) =>
      this.stripe.paymentIntents.retrieve(id, {}, { timeout }),
    );
    if (!isRefusal(intent)) return intent;
    if (intent.refused.code === NO_SUCH_OBJECT) return undefined;
    throw this.refusal('retrieve', intent);
  }

  async releasePayment(input: { providerOrderId: string; orderId: string }): Promise<void> {
    // The id is the one stored with the order (never the browser's): one call, no read first.
    // An intent that cannot be canceled any more (captured meanwhile) is refused, and left.
    try {
      const canceled = await this.call('cancel', (timeout) =>
        this.stripe.paymentIntents.cancel(
          input.providerOrderId,
          {},
          { idempotencyKey: `proshop-cancel-${input.providerOrderId}`, timeout },
        ),
      );
      if (isRefusal(canceled)) this.warn('cancel refused', canceled);
    } catch (error) {
      this.options.log?.warn(
        { err: error, intentId: input.providerOrderId, orderId: input.orderId },
        'Stripe intent not released',
      );
    }
  }

  /** Lets the hold on the buyer's card go; the authorisation lapses on its own if this fails. */
  private async cancelQuietly(intent: Stripe.PaymentIntent): Promise<void> {
    if (!REUSABLE.has(intent.status)) return;
    try {
      const canceled = await this.call('cancel', (timeout) =>
        this.stripe.paymentIntents.cancel(
          intent.id,
          {},
          { idempotencyKey: `proshop-cancel-${intent.id}`, timeout },
        ),
      );
      if (isRefusal(canceled)) this.warn('cancel refused', canceled);
    } catch (error) {
      this.options.log?.warn({ err: error, intentId: intent.id }, 'Stripe cancel failed');
    }
  }

  private readIntent(intent: Stripe.PaymentIntent): CaptureResult {
    switch (intent.status) {
      case 'succeeded': {
        const charge = intent.latest_charge;
        const captureId = typeof charge === 'string' ? charge : charge?.id;
        if (!captureId) return { status: 'failed', reason: 'UNREADABLE_ANSWER' };
        return {
          status: 'completed',
          captureId,
          amountCents: intent.amount_received,
          currency: intent.currency.toUpperCase(),
        };
      }
      case 'processing':
        return { status: 'pending' };
      case 'canceled':
        return { status: 'failed', reason: 'canceled' };
      case 'requires_payment_method': {
        const error = intent.last_payment_error;
        if (error) {
          return {
            status: 'declined',
            reason: error.decline_code ?? error.code ?? 'card_declined',
          };
        }
        return { status: 'failed', reason: 'not-authorised' };
      }
      default:
        // requires_action, requires_confirmation: the buyer has not finished authorising.
        return { status: 'failed', reason: 'not-authorised' };
    }
  }

  /**
   * One call to Stripe, within the timeout. No answer, a 5xx, a 429 or a 409 (the same key still
   * running) is an outage; any other error answer comes back as a refusal for the caller to judge.
   * A kept-alive connection the other side closed just as it was reused (ECONNRESET before any
   * answer) is tried once more within what is left of the time: every call is a GET or carries an
   * idempotency key, so a second send cannot act twice.
   */
  private async call<T>(step: string, run: (timeout: number) => Promise<T>): Promise<T | Refusal> {
    const deadline = Date.now() + this.timeoutMs;
    try {
      return await run(this.timeoutMs);
    } catch (error) {
      const left = deadline - Date.now();
      if (!isConnectionReset(error) || left < 1) return this.judge(step, error);
      this.options.log?.warn({ step }, 'Stripe connection reset before an answer: sent again');
      try {
        return await run(left);
      } catch (again) {
        return this.judge(step, again);
      }
    }
  }

  /** An error as an outage (thrown, 503) or as Stripe's refusal of our request. */
  private judge(step: string, error: unknown): Refusal {
    if (!(error instanceof Stripe.errors.StripeError)) {
      this.options.log?.warn({ err: error, step }, 'Stripe not reachable');
      throw providerUnavailable(error);
    }
    const status = error.statusCode;
    const details = {
      step,
      status,
      type: error.rawType ?? error.type,
      code: error.code,
      requestId: error.requestId,
    };
    if (
      status === undefined ||
      status >= 500 ||
      status === 429 ||
      status === 409 ||
      error instanceof Stripe.errors.StripeConnectionError
    ) {
      this.options.log?.warn(
        {
          ...details,
          message: error.message,
          cause: causeOf((error as { detail?: unknown }).detail),
        },
        'Stripe not answering',
      );
      throw providerUnavailable(
        new PaymentProviderError(`Stripe failed the ${step} call`, {
          ...(status === undefined ? {} : { status }),
          ...(error.code ? { issue: error.code } : {}),
          ...(error.requestId ? { debugId: error.requestId } : {}),
        }),
      );
    }
    return {
      refused: {
        type: error.rawType ?? error.type,
        ...(status === undefined ? {} : { status }),
        ...(error.code ? { code: error.code } : {}),
        ...(error.decline_code ? { declineCode: error.decline_code } : {}),
        ...(error.requestId ? { requestId: error.requestId } : {}),
      },
    };
  }

  /** Our request was wrong (a bad key, an unknown parameter ...): a logged 500, not a 503. */
  private refusal(step: string, answer: Refusal): PaymentProviderError {
    const { status, code, type, requestId } = answer.refused;
    this.warn(`${step} refused`, answer);
    return new PaymentProviderError(`Stripe refused the ${step} call: ${code ?? type}`, {
      ...(status === undefined ? {} : { status }),
      issue: code ?? type,
      ...(requestId ? { debugId: requestId } : {}),
    });
  }

  private warn(message: string, answer: Refusal): void {
    this.options.log?.warn({ ...answer.refused }, `Stripe ${message}`);
  }
}

/** What lies under a connection error (ECONNRESET, a timeout ...), for the log. */
function causeOf(detail: unknown): string | undefined {
  if (!(detail instanceof Error)) return undefined;
  const inner = detail.cause instanceof Error ? `: ${detail.cause.message}` : '';
  return `${detail.message}${inner}`;
}

/** A connection reset before any answer (not a timeout, not Stripe's answer). */
function isConnectionReset(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeConnectionError)) return false;
  const cause = causeOf((error as { detail?: unknown }).detail) ?? '';
  return /ECONNRESET|EPIPE|other side closed|socket hang up/.test(cause);
}

function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && 'refused' in value;
}

function reasonOf(answer: Refusal): string {
  return answer.refused.declineCode ?? answer.refused.code ?? answer.refused.type;
}

function sameAmount(intent: Stripe.PaymentIntent, input: CaptureInput): boolean {
  return intent.amount === input.amountCents && intent.currency === input.currency.toLowerCase();
}

function amountOf(input: CaptureInput) {
  return { orderAmount: input.amountCents, orderCurrency: input.currency };
}

/** The intent as the answer to a start of payment, when it can still pay this order. */
function payable(
  intent: Stripe.PaymentIntent,
  input: CreatePaymentInput,
  currency: string,
): CreatedPayment | undefined {
  if (
    !REUSABLE.has(intent.status) ||
    intent.amount !== input.amountCents ||
    intent.currency !== currency ||
    intent.metadata.order_id !== input.orderId ||
    !intent.client_secret
  ) {
    return undefined;
  }
  return { providerOrderId: intent.id, clientSecret: intent.client_secret };
}

function readRefund(refund: Stripe.Refund): RefundResult {
  switch (refund.status) {
    case 'succeeded':
      return { status: 'completed', refundId: refund.id };
    case 'pending':
    case 'requires_action':
      return { status: 'pending', refundId: refund.id };
    default:
      return {
        status: 'failed',
        reason: refund.failure_reason ?? refund.status ?? 'failed',
        refundId: refund.id,
      };
  }
}
