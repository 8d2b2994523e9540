import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOn } from './listen.ts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';

/**
 * A local HTTP server that answers like Stripe's REST API (v1: PaymentIntents with manual
 * capture, refunds, charges) for the Stripe client's tests and for browser tests, which
 * `docs/stripe-contract.md` describes. It checks what Stripe checks (the secret key, form-encoded
 * parameters it knows, the intent's state before each step, Idempotency-Key replays, refunds up to
 * what was captured) so a client that passes here sends what Stripe expects. It also takes the
 * publishable-key calls Stripe.js makes from the browser (retrieve and confirm with the client
 * secret, CORS), serves the Stripe.js stand-in at /v3/, and signs the events it would send with
 * the `stripe` package's own `webhooks.generateTestHeaderString`.
 *
 * In a test: `StripeStandIn.start({ secretKey, publishableKey })`, then point the client (or
 * STRIPE_API_BASE) at `standIn.url`; as a process for browser tests see stripe-stand-in-cli.ts.
 */

/** What the next captures do (until changed or reset); set with `setCaptureBehaviour`. */
export type CaptureBehaviour =
  | { kind: 'succeeded' }
  /** Never answers and captures nothing (for timeouts). */
  | { kind: 'hang' }
  /** 500 api_error before the capture starts (nothing captured, nothing saved for the key). */
  | { kind: 'server-error' }
  /** Captures, then never answers: the shop dies or times out after Stripe took the money. */
  | { kind: 'captured-no-answer' }
  /** Captures, and answers after this many milliseconds. */
  | { kind: 'slow'; delayMs: number }
  /** Captures, and answers only when `releaseHeld()` is called. */
  | { kind: 'held' };

/** What the next refunds do (until changed or reset); set with `setRefundBehaviour`. */
export type RefundBehaviour =
  | { kind: 'succeeded' }
  | { kind: 'pending' }
  /** The refund is made but fails at once (status failed, with this failure_reason). */
  | { kind: 'failed'; failureReason?: string }
  /** 400 invalid_request_error with this code (e.g. charge_disputed); no refund made. */
  | { kind: 'refused'; code: string }
  | { kind: 'hang' }
  | { kind: 'server-error' }
  /** Refunds, then never answers (a retry with the same Idempotency-Key gets that refund). */
  | { kind: 'refunded-no-answer' }
  | { kind: 'slow'; delayMs: number };

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface StripeError {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  charge?: string;
  payment_intent?: unknown;
}

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: IntentStatus;
  capture_method: string;
  confirmation_method: 'automatic';
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  latest_charge: string | null;
  last_payment_error: StripeError | null;
  next_action: { type: string; use_stripe_sdk?: Record<string, string> } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  created: number;
  livemode: false;
}

export interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  currency: string;
  paid: boolean;
  refunded: boolean;
  disputed: boolean;
  status: 'succeeded' | 'failed';
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } };
  failure_code: string | null;
  failure_message: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  failure_reason?: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface StandInDispute {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  reason: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
  created: number;
  livemode: false;
}

/** An event as Stripe would send it: `payload` is the exact body that is signed. */
export interface StandInEvent {
  id: string;
  type: string;
  event: { id: string; type: string; data: { object: Record<string, unknown> } } & Record<
    string,
    unknown
  >;
  payload: string;
  /** The webhook endpoint's answer when the stand-in POSTed it to webhookUrl. */
  delivery?: { status: number } | { error: string };
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface StripeStandInOptions {
  secretKey?: string;
  publishableKey?: string;
  /** whsec_… secret the events are signed with (a fixed one when absent). */
  webhookSecret?: string;
  /** Where each event is POSTed as Stripe does, signed; events are kept in `events` either way. */
  webhookUrl?: string;
  port?: number;
  host?: string;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
/** The endpoint finished (its answer is saved for the Idempotency-Key) but the answer is lost. */
type Lost = { lost: Answer };
type Reply = Answer | 'hang' | Lost | Promise<Answer>;
type Params = Record<string, unknown>;

/** Stripe's test cards (numbers without spaces) and what confirming with them does. */
const TEST_CARDS: Record<string, { brand: string; outcome: 'authorise' | '3ds' | DeclineCode }> = {
  '4242424242424242': { brand: 'visa', outcome: 'authorise' },
  '5555555555554444': { brand: 'mastercard', outcome: 'authorise' },
  '4000002500003155': { brand: 'visa', outcome: '3ds' },
  '4000000000000002': { brand: 'visa', outcome: 'generic_decline' },
  '4000000000009995': { brand: 'visa', outcome: 'insufficient_funds' },
};
/** Stripe's test PaymentMethod ids, for confirming with the secret key. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_authenticationRequired: '4000002500003155',
  pm_card_threeDSecure2Required: '4000002500003155',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
};
type DeclineCode = 'generic_decline' | 'insufficient_funds';

const CANCELABLE: IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
];
const API_VERSION = '2026-02-25.clover';
const DEFAULT_WEBHOOK_SECRET = 'whsec_stand_in_secret';
const stripeJsScript = new URL('../../../web/e2e/stripe-js-stand-in.js', import.meta.url);

const CREATE_PARAMS = new Set([
  'amount',
  'currency',
  'capture_method',
  'payment_method_types',
  'metadata',
  'description',
  'expand',
  'payment_method',
  'confirm',
  'return_url',
  'receipt_email',
  'statement_descriptor_suffix',
]);
const UPDATE_PARAMS = new Set(['amount', 'currency', 'metadata', 'description', 'expand']);
const CONFIRM_PARAMS = new Set(['payment_method', 'return_url', 'expand']);
const CAPTURE_PARAMS = new Set(['amount_to_capture', 'expand', 'metadata']);
const CANCEL_PARAMS = new Set(['cancellation_reason', 'expand']);
const REFUND_PARAMS = new Set([
  'payment_intent',
  'charge',
  'amount',
  'metadata',
  'reason',
  'expand',
]);

export class StripeStandIn {
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  readonly requests: RecordedRequest[] = [];
  readonly intents = new Map<string, StandInIntent>();
  readonly charges = new Map<string, StandInCharge>();
  readonly refunds = new Map<string, StandInRefund>();
  readonly disputes = new Map<string, StandInDispute>();
  readonly events: StandInEvent[] = [];
  url = '';
  webhookUrl: string | undefined;
  private captureBehaviour: CaptureBehaviour = { kind: 'succeeded' };
  private refundBehaviour: RefundBehaviour = { kind: 'succeeded' };
  /** Saved answers by API key + Idempotency-Key, with what they answered. */
  private readonly saved = new Map<string, { fingerprint: string; answer: Answer }>();
  private readonly inFlight = new Set<string>();
  private held: Array<() => void> = [];
  /** The card number each confirmed PaymentMethod stands for (3-D Secure continues with it). */
  private readonly cardsByPaymentMethod = new Map<string, string>();
  private deliveries: Promise<void> = Promise.resolve();
  private readonly server: Server;

  private constructor(options: StripeStandInOptions) {
    this.secretKey = options.secretKey ?? 'sk_test_stand_in';
    this.publishableKey = options.publishableKey ?? 'pk_test_stand_in';
    this.webhookSecret = options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET;
    this.webhookUrl = options.webhookUrl;
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
  }

  static async start(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
    const standIn = new StripeStandIn(options);
    standIn.url = await listenOn(standIn.server, options);
    return standIn;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ----- test controls (also reachable over HTTP under /__stand-in/, see controlRoute) -----

  setCaptureBehaviour(behaviour: CaptureBehaviour): void {
    this.captureBehaviour = behaviour;
  }

  setRefundBehaviour(behaviour: RefundBehaviour): void {
    this.refundBehaviour = behaviour;
  }

  /** Back to normal behaviours, no recorded requests or events (objects are kept). */
  reset(): void {
    this.captureBehaviour = { kind: 'succeeded' };
    this.refundBehaviour = { kind: 'succeeded' };
    this.requests.length = 0;
    this.events.length = 0;
  }

  /** Answers every capture held by the 'held' behaviour; answers how many there were. */
  releaseHeld(): number {
    const held = this.held;
    this.held = [];
    for (const answer of held) answer();
    return held.length;
  }

  /**
   * Changes an intent behind the shop's back (as another API call with the secret key could):
   * another amount or currency, or a status (e.g. processing) for the cases hard to reach.
   */
  tamper(id: string, change: { amount?: number; currency?: string; status?: IntentStatus }): void {
    const intent = this.intent(id);
    if (change.amount !== undefined) {
      intent.amount = change.amount;
      if (intent.status === 'requires_capture') intent.amount_capturable = change.amount;
    }
    if (change.currency !== undefined) intent.currency = change.currency.toLowerCase();
    if (change.status !== undefined) intent.status = change.status;
  }

  /**
   * What the browser does with Stripe.js: confirms with a test card (4242… authorises,
   * 4000 0025 0000 3155 asks for 3-D Secure, 4000…0002 is declined). Answers as the
   * publishable-key confirm endpoint does.
   */
  confirmWithCard(id: string, cardNumber: string): Answer {
    const intent = this.intent(id);
    return this.confirm(intent, cardNumber.replace(/\s/g, ''), true);
  }

  /** The shopper passing or failing the 3-D Secure step of an intent in requires_action. */
  authenticate(id: string, result: 'pass' | 'fail'): Answer {
    const intent = this.intent(id);
    if (intent.status !== 'requires_action') return unexpectedState(intent, 'authenticate');
    const card = this.cardOf(intent);
    if (result === 'pass') {
      this.authorise(intent, card.number);
    } else {
      intent.status = 'requires_payment_method';
      intent.next_action = null;
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      };
      this.emit('payment_intent.payment_failed', intent);
    }
    return { status: 200, body: this.publicIntent(intent) };
  }

  /**
   * A refund made in Stripe's dashboard, not asked by the shop: sends refund.created and
   * charge.refunded. The whole rest of the charge without an amount.
   */
  dashboardRefund(input: { paymentIntent?: string; charge?: string; amount?: number }) {
    const params: Params = {
      ...(input.paymentIntent ? { payment_intent: input.paymentIntent } : {}),
      ...(input.charge ? { charge: input.charge } : {}),
      ...(input.amount !== undefined ? { amount: String(input.amount) } : {}),
    };
    const answer = this.createRefund(params, { kind: 'succeeded' }) as Answer;
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
    return answer.body as StandInRefund;
  }

  /** A pending refund settled by the bank: refund.updated (and charge.refunded or refund.failed). */
  settleRefund(id: string, status: 'succeeded' | 'failed', failureReason = 'declined') {
    const refund = this.refunds.get(id);
    if (!refund) throw new Error(`No refund ${id}`);
    if (refund.status !== 'pending') throw new Error(`Refund ${id} is ${refund.status}`);
    refund.status = status;
    const charge = this.charges.get(refund.charge)!;
    if (status === 'succeeded') {
      charge.amount_refunded += refund.amount;
      charge.refunded = charge.amount_refunded >= charge.amount_captured;
      this.emit('refund.updated', refund);
      this.emit('charge.refunded', charge);
    } else {
      refund.failure_reason = failureReason;
      this.emit('refund.updated', refund);
      this.emit('refund.failed', refund);
    }
    return refund;
  }

  /** The cardholder disputes a captured charge: charge.dispute.created. */
  openDispute(input: { paymentIntent?: string; charge?: string; reason?: string }) {
    const charge = this.chargeFor(input.paymentIntent, input.charge);
    if (!charge?.captured) throw new Error('Only a captured charge can be disputed');
    const dispute: StandInDispute = {
      id: newId('dp'),
      object: 'dispute',
      amount: charge.amount_captured,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      reason: input.reason ?? 'fraudulent',
      status: 'needs_response',
      created: nowSeconds(),
      livemode: false,
    };
    this.disputes.set(dispute.id, dispute);
    charge.disputed = true;
    this.emit('charge.dispute.created', dispute);
    return dispute;
  }

  /** The bank decides a dispute: charge.dispute.closed with status won or lost. */
  closeDispute(id: string, status: 'won' | 'lost') {
    const dispute = this.disputes.get(id);
    if (!dispute) throw new Error(`No dispute ${id}`);
    dispute.status = status;
    this.emit('charge.dispute.closed', dispute);
    return dispute;
  }

  // ----- reading what happened -----

  requestsTo(method: string, pathPattern: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && pathPattern.test(r.path));
  }

  /** Intents whose money was taken (status succeeded). */
  capturedIntents(): StandInIntent[] {
    return [...this.intents.values()].filter((intent) => intent.status === 'succeeded');
  }

  refundsOf(paymentIntent: string): StandInRefund[] {
    return [...this.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);
  }

  eventsOf(type: string): StandInEvent[] {
    return this.events.filter((event) => event.type === type);
  }

  /** A `Stripe-Signature` header for this payload, as Stripe makes it (timestamp in seconds). */
  sign(payload: string, options: { timestamp?: number; secret?: string } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
    });
  }

  /**
   * Sends an event to the app's webhook route through app.inject, signed now (or as given):
   * what Stripe's delivery does, for API tests without a listening app.
   */
  deliver(
    app: FastifyInstance,
    event: StandInEvent,
    options: { timestamp?: number; secret?: string; path?: string } = {},
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method: 'POST',
      url: options.path ?? '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': this.sign(event.payload, options),
      },
      payload: event.payload,
    });
  }

  /** Waits until every event so far has been POSTed to webhookUrl (and answered). */
  async deliveriesDone(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.deliveries;
      await seen;
    } while (seen !== this.deliveries);
  }

  // ----- HTTP -----

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const text = await readBody(request);
    const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split('?');
    const path = rawPath;
    const method = request.method ?? 'GET';
    const query = decodeForm(rawQuery);
    const contentType = request.headers['content-type'] ?? '';
    const body: Params = contentType.startsWith('application/json')
      ? parseJsonObject(text)
      : decodeForm(text);
    this.requests.push({ method, path, query, headers: request.headers, body });

    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
      'Access-Control-Allow-Headers':
        'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account',
      'Access-Control-Max-Age': '300',
    };
    if (method === 'OPTIONS') {
      response.writeHead(204, cors);
      response.end();
      return;
    }
    if (method === 'GET' && (path === '/v3/' || path === '/v3')) {
      if (!existsSync(stripeJsScript)) {
        response.writeHead(404, { ...cors, 'Content-Type': 'text/plain' });
        response.end('apps/web/e2e/stripe-js-stand-in.js is not written yet');
        return;
      }
      response.writeHead(200, { ...cors, 'Content-Type': 'text/javascript; charset=utf-8' });
      response.end(readFileSync(stripeJsScript));
      return;
    }
    const routed = path.startsWith('/__stand-in/')
      ? this.controlRoute(method, path, body)
      : this.apiRoute(method, path, request, query, body);
    if (routed === 'hang' || isLost(routed)) return;
    const reply = await routed;
    response.writeHead(reply.status, {
      ...cors,
      'Content-Type': 'application/json',
      'Request-Id': newId('req'),
      'Stripe-Version': headerText(request, 'stripe-version') ?? API_VERSION,
      ...reply.headers,
    });
    response.end(reply.body === undefined ? '' : JSON.stringify(reply.body, null, 2));
  }

  /** Not Stripe's: lets a browser test in another process drive the stand-in (JSON bodies). */
  private controlRoute(method: string, path: string, body: Params): Reply {
    if (method !== 'POST' && !(method === 'GET' && path === '/__stand-in/events')) {
      return stripeError(404, { type: 'invalid_request_error', message: 'Unknown control' });
    }
    const id = (pattern: RegExp) => {
      const found = pattern.exec(path)?.[1];
      return found === undefined ? undefined : decodeURIComponent(found);
    };
    try {
      if (path === '/__stand-in/events') {
        return {
          status: 200,
          body: this.events.map(({ id: eventId, type, event }) => ({ id: eventId, type, event })),
        };
      }
      if (path === '/__stand-in/reset') {
        this.reset();
        return { status: 204, body: undefined };
      }
      if (path === '/__stand-in/capture-behaviour') {
        if (!isCaptureBehaviour(body)) return controlError('unknown capture behaviour');
        this.setCaptureBehaviour(body);
        return { status: 204, body: undefined };
      }
      if (path === '/__stand-in/refund-behaviour') {
        if (!isRefundBehaviour(body)) return controlError('unknown refund behaviour');
        this.setRefundBehaviour(body);
        return { status: 204, body: undefined };
      }
      const threeDs = id(/^\/__stand-in\/3ds\/([^/]+)$/);
      if (threeDs) {
        const result = body.result;
        if (result !== 'pass' && result !== 'fail') return controlError('result: pass or fail');
        return this.authenticate(threeDs, result);
      }
      const tampered = id(/^\/__stand-in\/payment_intents\/([^/]+)$/);
      if (tampered) {
        this.tamper(tampered, body);
        return { status: 200, body: this.intent(tampered) };
      }
      if (path === '/__stand-in/dashboard-refund') {
        return {
          status: 200,
          body: this.dashboardRefund({
            ...(typeof body.payment_intent === 'string'
              ? { paymentIntent: body.payment_intent }
              : {}),
            ...(typeof body.charge === 'string' ? { charge: body.charge } : {}),
            ...(typeof body.amount === 'number' ? { amount: body.amount } : {}),
          }),
        };
      }
      const settled = id(/^\/__stand-in\/refunds\/([^/]+)$/);
      if (settled) {
        const status = body.status === 'failed' ? 'failed' : 'succeeded';
        return { status: 200, body: this.settleRefund(settled, status) };
      }
      if (path === '/__stand-in/disputes') {
        return {
          status: 200,
          body: this.openDispute({
            ...(typeof body.payment_intent === 'string'
              ? { paymentIntent: body.payment_intent }
              : {}),
            ...(typeof body.charge === 'string' ? { charge: body.charge } : {}),
            ...(typeof body.reason === 'string' ? { reason: body.reason } : {}),
          }),
        };
      }
      const closed = id(/^\/__stand-in\/disputes\/([^/]+)\/close$/);
      if (closed) {
        return {
          status: 200,
          body: this.closeDispute(closed, body.status === 'won' ? 'won' : 'lost'),
        };
      }
    } catch (error) {
      return controlError(error instanceof Error ? error.message : String(error));
    }
    return controlError('unknown control');
  }

  private apiRoute(
    method: string,
    path: string,
    request: IncomingMessage,
    query: Params,
    body: Params,
  ): Reply {
    const match = /^\/v1\/(payment_intents|refunds|charges)(?:\/([^/]+))?(?:\/([a-z_]+))?$/.exec(
      path,
    );
    if (!match) {
      return stripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}).`,
      });
    }
    const [, resource, rawId, action] = match;
    const id = rawId === undefined ? undefined : decodeURIComponent(rawId);
    const params = method === 'GET' ? query : body;

    // Stripe.js's calls: the publishable key and the intent's client secret, no Authorization.
    if (resource === 'payment_intents' && id && typeof params.key === 'string') {
      if (params.key !== this.publishableKey) return invalidKey(params.key);
      const intent = this.intents.get(id);
      if (!intent || params.client_secret !== intent.client_secret) {
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'intent',
          message: `No such payment_intent: '${id}'`,
        });
      }
      if (method === 'GET' && !action) return { status: 200, body: this.publicIntent(intent) };
      if (method === 'POST' && action === 'confirm') {
        const data = params.payment_method_data as Params | undefined;
        const card = (data?.card as Params | undefined)?.number;
        if (data?.type !== 'card' || typeof card !== 'string') {
          return stripeError(400, {
            type: 'invalid_request_error',
            code: 'parameter_missing',
            param: 'payment_method_data[card][number]',
            message: 'Missing required param: payment_method_data[card][number].',
          });
        }
        return this.confirm(intent, card.replace(/\s/g, ''), true);
      }
      return stripeError(401, {
        type: 'invalid_request_error',
        message:
          'This API call cannot be made with a publishable API key. Please use a secret API key.',
      });
    }

    const key = apiKeyOf(request);
    if (key === undefined) {
      return stripeError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    if (key !== this.secretKey) return invalidKey(key);

    if (method === 'GET') {
      if (!id || action) return notFound(resource ?? '', id ?? '');
      return this.retrieve(resource ?? '', id, params);
    }
    if (method !== 'POST') {
      return stripeError(405, { type: 'invalid_request_error', message: 'Method not allowed' });
    }
    const allowed =
      resource === 'refunds'
        ? REFUND_PARAMS
        : !id
          ? CREATE_PARAMS
          : action === undefined
            ? UPDATE_PARAMS
            : action === 'confirm'
              ? CONFIRM_PARAMS
              : action === 'capture'
                ? CAPTURE_PARAMS
                : action === 'cancel'
                  ? CANCEL_PARAMS
                  : undefined;
    if (!allowed || (resource === 'refunds' && id) || resource === 'charges') {
      return notFound(resource ?? '', id ?? '');
    }
    const unknown = Object.keys(body).find((name) => !allowed.has(name));
    if (unknown) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        param: unknown,
        message: `Received unknown parameter: ${unknown}`,
      });
    }
    return this.idempotent(request, key, method, path, body, () => {
      if (resource === 'refunds') return this.createRefund(body, this.refundBehaviour);
      if (!id) return this.createIntent(body);
      const intent = this.intents.get(id);
      if (!intent) return notFound('payment_intent', id);
      switch (action) {
        case undefined:
          return this.updateIntent(intent, body);
        case 'confirm':
          return this.confirmWithSecretKey(intent, body);
        case 'capture':
          return this.capture(intent, body);
        default:
          return this.cancel(intent, body);
      }
    });
  }

  /**
   * Stripe saves the first answer of a key once the endpoint started, and answers it again (with
   * Idempotent-Replayed: true) to a request with the same key and the same parameters; other
   * parameters with the key are refused; a request while the first one still runs gets 409. The
   * stand-in's simulated outages ('server-error', 'hang') count as failing before the endpoint
   * started, so nothing is saved for them.
   */
  private idempotent(
    request: IncomingMessage,
    apiKey: string,
    method: string,
    path: string,
    body: Params,
    run: () => Reply,
  ): Reply {
    const header = headerText(request, 'idempotency-key');
    if (header === undefined) return run();
    const key = `${apiKey}:${header}`;
    const fingerprint = `${method} ${path} ${canonicalJson(body)}`;
    const saved = this.saved.get(key);
    if (saved) {
      if (saved.fingerprint !== fingerprint) {
        return stripeError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${header}' if you meant to execute a different request.`,
        });
      }
      return {
        ...saved.answer,
        headers: {
          ...saved.answer.headers,
          'Idempotent-Replayed': 'true',
          'Idempotency-Key': header,
        },
      };
    }
    if (this.inFlight.has(key)) {
      return stripeError(409, {
        type: 'idempotency_error',
        message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${header}. Please try again later.`,
      });
    }
    const save = (answer: Answer) => {
      if (answer.headers?.['X-Stand-In-Outage'] === 'true') return answer;
      this.saved.set(key, { fingerprint, answer });
      return { ...answer, headers: { ...answer.headers, 'Idempotency-Key': header } };
    };
    const reply = run();
    if (reply === 'hang') return reply;
    if (isLost(reply)) {
      save(reply.lost);
      return reply;
    }
    if (reply instanceof Promise) {
      this.inFlight.add(key);
      return reply.then((answer) => {
        this.inFlight.delete(key);
        return save(answer);
      });
    }
    return save(reply);
  }

  private retrieve(resource: string, id: string, params: Params): Reply {
    const expand = Array.isArray(params.expand) ? params.expand : [];
    if (resource === 'payment_intents') {
      const intent = this.intents.get(id);
      if (!intent) return notFound('payment_intent', id);
      const body: Record<string, unknown> = { ...intent };
      if (expand.includes('latest_charge') && intent.latest_charge) {
        body.latest_charge = this.charges.get(intent.latest_charge);
      }
      return { status: 200, body };
    }
    if (resource === 'refunds') {
      const refund = this.refunds.get(id);
      return refund ? { status: 200, body: refund } : notFound('refund', id);
    }
    const charge = this.charges.get(id);
    if (!charge) return notFound('charge', id);
    const body: Record<string, unknown> = { ...charge };
    if (expand.includes('refunds')) {
      const data = [...this.refunds.values()].filter((refund) => refund.charge === id);
      body.refunds = { object: 'list', data, has_more: false, url: `/v1/charges/${id}/refunds` };
    }
    return { status: 200, body };
  }

  private createIntent(body: Params): Reply {
    const amount = Number(body.amount);
    if (typeof body.amount !== 'string' || !Number.isSafeInteger(amount) || amount < 1) {
      return invalidParam(
        'amount',
        'Invalid integer: amount must be a positive integer (minor units).',
      );
    }
    if (typeof body.currency !== 'string' || !/^[a-z]{3}$/.test(body.currency)) {
      return invalidParam(
        'currency',
        'Invalid currency: use the three-letter ISO code in lower case.',
      );
    }
    const captureMethod =
      typeof body.capture_method === 'string' ? body.capture_method : 'automatic_async';
    if (!['automatic', 'automatic_async', 'manual'].includes(captureMethod)) {
      return invalidParam('capture_method', 'Invalid capture_method.');
    }
    const types = body.payment_method_types ?? ['card'];
    if (!Array.isArray(types) || types.some((type) => type !== 'card')) {
      return invalidParam('payment_method_types', 'The stand-in only takes cards.');
    }
    const metadata = body.metadata ?? {};
    if (!isStringRecord(metadata)) return invalidParam('metadata', 'Invalid metadata.');
    const id = newId('pi');
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: body.currency,
      status: 'requires_payment_method',
      capture_method: captureMethod,
      confirmation_method: 'automatic',
      client_secret: `${id}_secret_${randomBytes(12).toString('base64url')}`,
      description: typeof body.description === 'string' ? body.description : null,
      metadata,
      payment_method: null,
      payment_method_types: types as string[],
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      canceled_at: null,
      cancellation_reason: null,
      created: nowSeconds(),
      livemode: false,
    };
    this.intents.set(id, intent);
    this.emit('payment_intent.created', intent);
    if (body.confirm === 'true') return this.confirmWithSecretKey(intent, body);
    return { status: 200, body: intent };
  }

  private updateIntent(intent: StandInIntent, body: Params): Reply {
    const editable: IntentStatus[] = [
      'requires_payment_method',
      'requires_confirmation',
      'requires_action',
    ];
    if (
      (body.amount !== undefined || body.currency !== undefined) &&
      !editable.includes(intent.status)
    ) {
      return unexpectedState(intent, 'update');
    }
    if (body.amount !== undefined) {
      const amount = Number(body.amount);
      if (!Number.isSafeInteger(amount) || amount < 1)
        return invalidParam('amount', 'Invalid integer.');
      intent.amount = amount;
    }
    if (typeof body.currency === 'string') intent.currency = body.currency;
    if (body.metadata !== undefined) {
      if (!isStringRecord(body.metadata)) return invalidParam('metadata', 'Invalid metadata.');
      // An empty value removes a key, as in Stripe.
      for (const [name, value] of Object.entries(body.metadata)) {
        if (value === '') delete intent.metadata[name];
        else intent.metadata[name] = value;
      }
    }
    if (typeof body.description === 'string') intent.description = body.description;
    return { status: 200, body: intent };
  }

  private confirmWithSecretKey(intent: StandInIntent, body: Params): Reply {
    const method = body.payment_method;
    const card = typeof method === 'string' ? TEST_PAYMENT_METHODS[method] : undefined;
    if (!card) {
      return invalidParam(
        'payment_method',
        `No such PaymentMethod: '${String(method)}'`,
        'resource_missing',
      );
    }
    return this.confirm(intent, card, false);
  }

  /** Confirming with a card: authorised, asks for 3-D Secure, or declined (402). */
  private confirm(intent: StandInIntent, cardNumber: string, fromBrowser: boolean): Answer {
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      return unexpectedState(intent, 'confirm');
    }
    const card = TEST_CARDS[cardNumber];
    const view = (i: StandInIntent) => (fromBrowser ? this.publicIntent(i) : i);
    intent.payment_method = newId('pm');
    this.cardsByPaymentMethod.set(intent.payment_method, cardNumber);
    intent.last_payment_error = null;
    if (card?.outcome === 'authorise') {
      this.authorise(intent, cardNumber);
      return { status: 200, body: view(intent) };
    }
    if (card?.outcome === '3ds') {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: {
          type: 'three_d_secure_redirect',
          stripe_js: `${this.url}/__stand-in/3ds/${intent.id}`,
        },
      };
      this.emit('payment_intent.requires_action', intent);
      return { status: 200, body: view(intent) };
    }
    // Declined: a failed charge, the intent back to requires_payment_method, 402 card_error.
    const declineCode = card?.outcome ?? 'test_mode_live_card';
    const charge = this.newCharge(intent, cardNumber);
    charge.status = 'failed';
    charge.paid = false;
    charge.failure_code = 'card_declined';
    charge.failure_message = 'Your card was declined.';
    intent.latest_charge = charge.id;
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: declineCode,
      message:
        declineCode === 'test_mode_live_card'
          ? 'Your card was declined. Your request was in test mode, but used a non test card.'
          : declineCode === 'insufficient_funds'
            ? 'Your card has insufficient funds.'
            : 'Your card was declined.',
      charge: charge.id,
    };
    this.emit('charge.failed', charge);
    this.emit('payment_intent.payment_failed', intent);
    return stripeError(402, { ...intent.last_payment_error, payment_intent: view(intent) });
  }

  private cardOf(intent: StandInIntent): { number: string } {
    return {
      number: this.cardsByPaymentMethod.get(intent.payment_method ?? '') ?? '4242424242424242',
    };
  }

  /** The card's bank holds the amount: a charge not captured yet, the intent requires_capture. */
  private authorise(intent: StandInIntent, cardNumber: string): void {
    const charge = this.newCharge(intent, cardNumber);
    intent.latest_charge = charge.id;
    intent.next_action = null;
    intent.last_payment_error = null;
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
      this.emit('charge.succeeded', charge);
      this.emit('payment_intent.amount_capturable_updated', intent);
    } else {
      this.takeMoney(intent, charge, intent.amount);
      this.emit('charge.succeeded', charge);
      this.emit('payment_intent.succeeded', intent);
    }
  }

  private newCharge(intent: StandInIntent, cardNumber: string): StandInCharge {
    const charge: StandInCharge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      currency: intent.currency,
      paid: true,
      refunded: false,
      disputed: false,
      status: 'succeeded',
      payment_intent: intent.id,
      payment_method: intent.payment_method ?? newId('pm'),
      payment_method_details: {
        type: 'card',
        card: { brand: TEST_CARDS[cardNumber]?.brand ?? 'visa', last4: cardNumber.slice(-4) },
      },
      failure_code: null,
      failure_message: null,
      metadata: { ...intent.metadata },
      created: nowSeconds(),
      livemode: false,
    };
    this.charges.set(charge.id, charge);
    return charge;
  }

  private takeMoney(intent: StandInIntent, charge: StandInCharge, amount: number): void {
    intent.status = 'succeeded';
    intent.amount_received = amount;
    intent.amount_capturable = 0;
    charge.captured = true;
    charge.amount_captured = amount;
  }

  private capture(intent: StandInIntent, body: Params): Reply {
    if (intent.status !== 'requires_capture') return unexpectedState(intent, 'capture');
    const amount =
      body.amount_to_capture === undefined
        ? intent.amount_capturable
        : Number(body.amount_to_capture);
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > intent.amount_capturable) {
      return invalidParam(
        'amount_to_capture',
        'amount_to_capture must be at most the amount capturable.',
      );
    }
    const behaviour = this.captureBehaviour;
    if (behaviour.kind === 'hang') return 'hang';
    if (behaviour.kind === 'server-error') return outage();
    const charge = this.charges.get(intent.latest_charge ?? '')!;
    this.takeMoney(intent, charge, amount);
    this.emit('charge.captured', charge);
    this.emit('payment_intent.succeeded', intent);
    const answer: Answer = { status: 200, body: { ...intent } };
    switch (behaviour.kind) {
      case 'captured-no-answer':
        return { lost: answer };
      case 'held':
        return new Promise((resolve) => this.held.push(() => resolve(answer)));
      case 'slow':
        return new Promise((resolve) => setTimeout(() => resolve(answer), behaviour.delayMs));
      default:
        return answer;
    }
  }

  private cancel(intent: StandInIntent, body: Params): Reply {
    if (!CANCELABLE.includes(intent.status)) return unexpectedState(intent, 'cancel');
    const held = intent.status === 'requires_capture';
    intent.status = 'canceled';
    intent.canceled_at = nowSeconds();
    intent.cancellation_reason =
      typeof body.cancellation_reason === 'string' ? body.cancellation_reason : null;
    intent.next_action = null;
    if (held) {
      // The hold on the card goes: Stripe reports the uncaptured charge as refunded.
      intent.amount_capturable = 0;
      const charge = this.charges.get(intent.latest_charge ?? '');
      if (charge) {
        charge.amount_refunded = charge.amount;
        charge.refunded = true;
        this.emit('charge.refunded', charge);
      }
    }
    this.emit('payment_intent.canceled', intent);
    return { status: 200, body: intent };
  }

  private createRefund(body: Params, behaviour: RefundBehaviour): Reply {
    const paymentIntent = typeof body.payment_intent === 'string' ? body.payment_intent : undefined;
    const chargeId = typeof body.charge === 'string' ? body.charge : undefined;
    if (!paymentIntent && !chargeId) {
      return invalidParam(
        'charge',
        'One of the following params should be provided for this request: payment_intent or charge.',
        'parameter_missing',
      );
    }
    if (paymentIntent && !this.intents.has(paymentIntent))
      return notFound('payment_intent', paymentIntent);
    if (chargeId && !this.charges.has(chargeId)) return notFound('charge', chargeId);
    const charge = this.chargeFor(paymentIntent, chargeId);
    if (!charge?.captured) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: 'This PaymentIntent does not have a successful charge to refund.',
      });
    }
    if (body.metadata !== undefined && !isStringRecord(body.metadata)) {
      return invalidParam('metadata', 'Invalid metadata.');
    }
    if (behaviour.kind === 'hang') return 'hang';
    if (behaviour.kind === 'server-error') return outage();
    if (behaviour.kind === 'refused') {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: behaviour.code,
        message: `The stand-in refused the refund: ${behaviour.code}.`,
      });
    }
    const taken = [...this.refunds.values()]
      .filter(
        (refund) =>
          refund.charge === charge.id &&
          ['succeeded', 'pending', 'requires_action'].includes(refund.status),
      )
      .reduce((sum, refund) => sum + refund.amount, 0);
    const left = charge.amount_captured - taken;
    if (left <= 0) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      });
    }
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount < 1)
      return invalidParam('amount', 'Invalid integer.');
    if (amount > left) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      });
    }
    const refund: StandInRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      status:
        behaviour.kind === 'pending'
          ? 'pending'
          : behaviour.kind === 'failed'
            ? 'failed'
            : 'succeeded',
      reason: typeof body.reason === 'string' ? body.reason : null,
      metadata: body.metadata ?? {},
      created: nowSeconds(),
    };
    if (behaviour.kind === 'failed') refund.failure_reason = behaviour.failureReason ?? 'declined';
    this.refunds.set(refund.id, refund);
    this.emit('refund.created', refund);
    if (refund.status === 'succeeded') {
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded >= charge.amount_captured;
      this.emit('charge.refunded', charge);
    }
    if (refund.status === 'failed') this.emit('refund.failed', refund);
    const answer: Answer = { status: 200, body: { ...refund } };
    if (behaviour.kind === 'refunded-no-answer') return { lost: answer };
    if (behaviour.kind === 'slow') {
      return new Promise((resolve) => setTimeout(() => resolve(answer), behaviour.delayMs));
    }
    return answer;
  }

  private chargeFor(paymentIntent?: string, chargeId?: string): StandInCharge | undefined {
    if (chargeId) return this.charges.get(chargeId);
    const intent = paymentIntent ? this.intents.get(paymentIntent) : undefined;
    return intent?.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
  }

  /** What a publishable key may see of an intent: no metadata, no description. */
  private publicIntent(intent: StandInIntent) {
    return {
      id: intent.id,
      object: intent.object,
      amount: intent.amount,
      currency: intent.currency,
      status: intent.status,
      capture_method: intent.capture_method,
      client_secret: intent.client_secret,
      payment_method: intent.payment_method,
      payment_method_types: intent.payment_method_types,
      last_payment_error: intent.last_payment_error,
      next_action: intent.next_action,
      canceled_at: intent.canceled_at,
      created: intent.created,
      livemode: intent.livemode,
    };
  }

  private intent(id: string): StandInIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`No payment intent ${id}`);
    return intent;
  }

  /** Records an event (a snapshot of the object now) and POSTs it to webhookUrl when set. */
  private emit(type: string, object: object): void {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: { object: structuredClone(object) as Record<string, unknown> },
      livemode: false,
      pending_webhooks: this.webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    const recorded: StandInEvent = {
      id: event.id,
      type,
      event,
      payload: JSON.stringify(event, null, 2),
    };
    this.events.push(recorded);
    const url = this.webhookUrl;
    if (url) {
      // One after another, in the order they happened (Stripe does not promise an order).
      this.deliveries = this.deliveries.then(() => this.post(url, recorded));
    }
  }

  private async post(url: string, event: StandInEvent): Promise<void> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': this.sign(event.payload),
        },
        body: event.payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.text();
      event.delivery = { status: response.status };
    } catch (error) {
      event.delivery = { error: error instanceof Error ? error.message : String(error) };
    }
  }
}

const captureKinds = new Set<CaptureBehaviour['kind']>([
  'succeeded',
  'hang',
  'server-error',
  'captured-no-answer',
  'slow',
  'held',
]);
const refundKinds = new Set<RefundBehaviour['kind']>([
  'succeeded',
  'pending',
  'failed',
  'refused',
  'hang',
  'server-error',
  'refunded-no-answer',
  'slow',
]);

function isCaptureBehaviour(body: Params): body is CaptureBehaviour {
  if (!captureKinds.has(body.kind as CaptureBehaviour['kind'])) return false;
  return body.kind !== 'slow' || typeof body.delayMs === 'number';
}

function isRefundBehaviour(body: Params): body is RefundBehaviour {
  if (!refundKinds.has(body.kind as RefundBehaviour['kind'])) return false;
  if (body.kind === 'refused') return typeof body.code === 'string';
  return body.kind !== 'slow' || typeof body.delayMs === 'number';
}

function isLost(reply: Reply): reply is Lost {
  return typeof reply === 'object' && 'lost' in reply;
}

function stripeError(status: number, error: StripeError): Answer {
  return { status, body: { error } };
}

function outage(): Answer {
  const answer = stripeError(500, {
    type: 'api_error',
    message: 'An unknown error occurred (stand-in outage).',
  });
  return { ...answer, headers: { 'X-Stand-In-Outage': 'true' } };
}

function invalidParam(param: string, message: string, code = 'parameter_invalid'): Answer {
  return stripeError(400, { type: 'invalid_request_error', code, param, message });
}

function invalidKey(key: string): Answer {
  return stripeError(401, {
    type: 'invalid_request_error',
    message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
  });
}

function notFound(resource: string, id: string): Answer {
  const name = resource.replace(/s$/, '');
  return stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such ${name}: '${id}'`,
  });
}

function unexpectedState(intent: StandInIntent, step: string): Answer {
  return stripeError(400, {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message: `This PaymentIntent's ${step} could not be done because it has a status of ${intent.status}.`,
    payment_intent: intent,
  });
}

function controlError(message: string): Answer {
  return { status: 400, body: { error: { type: 'stand_in_control', message } } };
}

/** The secret key of `Authorization: Bearer sk_…` or of Basic auth (the key as user name). */
function apiKeyOf(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer (.+)$/.exec(header)?.[1];
  if (bearer) return bearer;
  const basic = /^Basic (.+)$/.exec(header)?.[1];
  if (basic) return Buffer.from(basic, 'base64').toString('utf8').split(':')[0];
  return undefined;
}

function headerText(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/**
 * Stripe's form encoding back into objects: `metadata[order_id]=1` → {metadata: {order_id: '1'}},
 * `expand[0]=latest_charge` → {expand: ['latest_charge']}. Values stay strings, as Stripe reads them.
 */
export function decodeForm(text: string): Params {
  const root: Params = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const [head = '', ...rest] = name.split('[');
    const keys = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node: Params = root;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      node[key] = typeof next === 'object' && next !== null ? next : {};
      node = node[key] as Params;
    });
  }
  return arraysFromIndexes(root) as Params;
}

function arraysFromIndexes(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Params).map(
    ([k, v]) => [k, arraysFromIndexes(v)] as const,
  );
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

function parseJsonObject(text: string): Params {
  if (text === '') return {};
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as Params) : {};
  } catch {
    return {};
  }
}

/** JSON with sorted keys: the same parameters whatever order they came in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Params)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
