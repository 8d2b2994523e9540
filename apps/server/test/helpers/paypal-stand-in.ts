import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOn } from './listen.ts';

/**
 * A local HTTP server that answers like PayPal's REST API (token, Orders v2 create, get,
 * capture, with OAuth client credentials), for the PayPal client's tests and
 * for browser tests (it also serves the JS SDK stand-in at /sdk/js). It checks what PayPal
 * checks (credentials, token expiry, amounts adding up, idempotent replays) so a client that
 * passes here sends what PayPal expects. In a test: `PayPalStandIn.start()`, then point the
 * client (or PAYPAL_API_BASE) at `standIn.url`; as a process for browser tests see
 * paypal-stand-in-cli.ts.
 */

/** What the next captures do; set per test with `setCaptureBehaviour`. */
export type CaptureBehaviour =
  | { kind: 'completed' }
  /** 201, the order COMPLETED but its capture DECLINED. */
  | { kind: 'declined' }
  | { kind: 'pending' }
  /** 422 with this issue: INSTRUMENT_DECLINED, TRANSACTION_REFUSED, ORDER_NOT_APPROVED ... */
  | { kind: 'refused'; issue: string }
  /** The capture succeeds, then the answer says ORDER_ALREADY_CAPTURED (as after a lost answer). */
  | { kind: 'already-captured' }
  /** 201 COMPLETED for another amount than the order's. */
  | { kind: 'captured-amount'; value: string; currencyCode?: string }
  | { kind: 'server-error' }
  /** Never answers (for timeouts). */
  | { kind: 'hang' }
  /** Captures, then never answers: the shop dies or times out after PayPal took the money. */
  | { kind: 'captured-no-answer' }
  /** Captures, and answers only when `releaseHeld()` is called (a slow PayPal, held by hand). */
  | { kind: 'held' }
  /** Captures, and answers after this many milliseconds (a slow PayPal, for benchmarks). */
  | { kind: 'slow'; delayMs: number };

/** What the next refunds do; set per test with `setRefundBehaviour`. */
export type RefundBehaviour =
  | { kind: 'completed' }
  | { kind: 'pending' }
  /** 422 with this issue: REFUND_AMOUNT_EXCEEDED, REFUND_TIME_LIMIT_EXCEEDED ... */
  | { kind: 'refused'; issue: string }
  /** Refunds, then never answers: the shop dies or times out after PayPal gave the money back. */
  | { kind: 'refunded-no-answer' };

export interface StandInRefund {
  id: string;
  captureId: string;
  status: 'COMPLETED' | 'PENDING';
  amount: Money;
  customId?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

interface Money {
  currency_code: string;
  value: string;
}

interface StandInCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING';
  amount: Money;
  final_capture: boolean;
  custom_id?: string;
  status_details?: { reason: string };
  create_time: string;
  update_time: string;
}

export interface StandInOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  intent: string;
  purchaseUnit: Record<string, unknown> & { amount: Money; custom_id?: string };
  captures: StandInCapture[];
  createTime: string;
}

export interface PayPalStandInOptions {
  clientId?: string;
  clientSecret?: string;
  tokenLifetimeSeconds?: number;
  /**
   * The buyer's approval happens in PayPal's window, which the stand-in has no part of: by
   * default a capture treats the order as approved. With false, capture answers
   * ORDER_NOT_APPROVED until `approve(id)` is called.
   */
  autoApprove?: boolean;
  /** Clock for token expiry (milliseconds). */
  now?: () => number;
  port?: number;
  host?: string;
}

type Answer = { status: number; body: unknown };
type Reply = Answer | 'hang' | Promise<Answer>;

const DECIMAL = /^\d+(\.\d{1,2})?$/;
const sdkScript = new URL('../../../web/e2e/paypal-sdk-stand-in.js', import.meta.url);

export class PayPalStandIn {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly requests: RecordedRequest[] = [];
  readonly orders = new Map<string, StandInOrder>();
  url = '';
  readonly refunds = new Map<string, StandInRefund>();
  private captureBehaviour: CaptureBehaviour = { kind: 'completed' };
  private refundBehaviour: RefundBehaviour = { kind: 'completed' };
  private readonly tokens = new Map<string, number>();
  private readonly replays = new Map<string, { status: number; body: unknown }>();
  private readonly server: Server;
  private readonly now: () => number;
  private held: Array<() => void> = [];
  private readonly webhookSecret = randomBytes(32);

  private constructor(private readonly options: PayPalStandInOptions) {
    this.clientId = options.clientId ?? 'stand-in-client-id';
    this.clientSecret = options.clientSecret ?? 'stand-in-client-secret';
    this.now = options.now ?? Date.now;
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
  }

  static async start(options: PayPalStandInOptions = {}): Promise<PayPalStandIn> {
    const standIn = new PayPalStandIn(options);
    standIn.url = await listenOn(standIn.server, options);
    return standIn;
  }

  setCaptureBehaviour(behaviour: CaptureBehaviour): void {
    this.captureBehaviour = behaviour;
  }

  /**
   * The headers PayPal sends with a webhook event for `webhookId`. The stand-in signs with an HMAC
   * of its own (PayPal signs with a certificate); only its verify-webhook-signature endpoint
   * checks it, as only PayPal's checks PayPal's.
   */
  signWebhook(event: unknown, webhookId: string): Record<string, string> {
    const transmissionId = randomUUID();
    const time = new Date(this.now()).toISOString();
    return {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${this.url}/v1/notifications/certs/CERT-STAND-IN`,
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': this.webhookSignature(transmissionId, time, webhookId, event),
    };
  }

  private webhookSignature(id: string, time: string, webhookId: string, event: unknown): string {
    const digest = createHash('sha256').update(canonicalJson(event)).digest('hex');
    return createHmac('sha256', this.webhookSecret)
      .update(`${id}|${time}|${webhookId}|${digest}`)
      .digest('base64');
  }

  private verifyWebhook(body: unknown): Reply {
    const input = (body ?? {}) as Record<string, unknown>;
    const text = (key: string) => (typeof input[key] === 'string' ? input[key] : '');
    const expected = this.webhookSignature(
      text('transmission_id'),
      text('transmission_time'),
      text('webhook_id'),
      input.webhook_event,
    );
    const ok = text('transmission_sig') === expected && text('auth_algo') !== '';
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }

  setRefundBehaviour(behaviour: RefundBehaviour): void {
    this.refundBehaviour = behaviour;
  }

  /** PayPal finishing its pending refunds. */
  completePendingRefunds(): void {
    for (const refund of this.refunds.values()) {
      if (refund.status === 'PENDING') refund.status = 'COMPLETED';
    }
  }

  /** Every refund of a capture. */
  refundsOf(captureId: string): StandInRefund[] {
    return [...this.refunds.values()].filter((refund) => refund.captureId === captureId);
  }

  /** Answers every capture held by the 'held' behaviour; answers how many there were. */
  releaseHeld(): number {
    const held = this.held;
    this.held = [];
    for (const answer of held) answer();
    return held.length;
  }

  /** How many captures the 'held' behaviour is holding now. */
  get heldCount(): number {
    return this.held.length;
  }

  /** Every token handed out so far stops working (PayPal answers 401 to it). */
  expireTokens(): void {
    for (const token of this.tokens.keys()) this.tokens.set(token, 0);
  }

  /** What the buyer does in PayPal's window. */
  approve(orderId: string): void {
    const order = this.orders.get(orderId);
    if (order?.status === 'CREATED') order.status = 'APPROVED';
  }

  requestsTo(method: string, pathPattern: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && pathPattern.test(r.path));
  }

  reset(): void {
    this.captureBehaviour = { kind: 'completed' };
    this.refundBehaviour = { kind: 'completed' };
    this.requests.length = 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const text = await readBody(request);
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const method = request.method ?? 'GET';
    const body = parseBody(text, request.headers['content-type']);
    this.requests.push({ method, path, headers: request.headers, body });

    if (method === 'GET' && path === '/sdk/js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      response.end(readFileSync(sdkScript));
      return;
    }
    const routed = this.route(method, path, request, body);
    if (routed === 'hang') return;
    const reply = await routed;
    response.writeHead(reply.status, { 'Content-Type': 'application/json' });
    response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  }

  private route(method: string, path: string, request: IncomingMessage, body: unknown): Reply {
    if (method === 'POST' && path === '/v1/oauth2/token') return this.token(request, body);
    // Not PayPal's: lets a browser test run in another process switch the next captures.
    if (method === 'POST' && path === '/__stand-in/capture-behaviour') {
      if (!isCaptureBehaviour(body)) return { status: 400, body: { message: 'unknown behaviour' } };
      this.setCaptureBehaviour(body);
      return { status: 204, body: undefined };
    }
    const webhookCheck = path === '/v1/notifications/verify-webhook-signature';
    if (
      !path.startsWith('/v2/checkout/orders') &&
      !path.startsWith('/v2/payments/') &&
      !webhookCheck
    ) {
      return paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    }
    if (!this.authorised(request)) {
      return {
        status: 401,
        body: {
          name: 'AUTHENTICATION_FAILURE',
          message:
            'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        },
      };
    }
    const mocked = mockedFailure(request);
    if (mocked === 'INTERNAL_SERVER_ERROR') {
      return paypalError(500, 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVICE_ERROR');
    }
    if (method === 'POST' && webhookCheck) return this.verifyWebhook(body);
    const refundOf = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path)?.[1];
    if (method === 'POST' && refundOf) {
      return this.replayable(request, 'refund', () =>
        this.refund(decodeURIComponent(refundOf), request, body),
      );
    }
    const refundId = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && refundId) {
      const refund = this.refunds.get(decodeURIComponent(refundId));
      return refund ? { status: 200, body: refundRepresentation(refund) } : notFound();
    }
    const match = /^\/v2\/checkout\/orders(?:\/([^/]+))?(\/capture)?$/.exec(path);
    const id = match?.[1] && decodeURIComponent(match[1]);
    if (method === 'POST' && match && !id)
      return this.replayable(request, 'create', () => this.create(request, body));
    if (method === 'GET' && id && !match[2]) {
      const order = this.orders.get(id);
      return order ? { status: 200, body: this.representation(order) } : notFound();
    }
    if (method === 'POST' && id && match[2]) {
      return this.replayable(request, 'capture', () => this.capture(id, mocked));
    }
    return notFound();
  }

  private token(request: IncomingMessage, body: unknown): Reply {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
      };
    }
    if ((body as Record<string, string> | undefined)?.grant_type !== 'client_credentials') {
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' },
      };
    }
    const lifetime = this.options.tokenLifetimeSeconds ?? 32_400;
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, this.now() + lifetime * 1000);
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-STANDIN',
        expires_in: lifetime,
        nonce: randomUUID(),
      },
    };
  }

  private authorised(request: IncomingMessage): boolean {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = token === undefined ? undefined : this.tokens.get(token);
    return expiresAt !== undefined && this.now() < expiresAt;
  }

  /**
   * The same PayPal-Request-Id answers the first result again: a success with 200 instead of
   * 201, a refusal (4xx) as it was. Outages (5xx, no answer) are not remembered.
   */
  private replayable(request: IncomingMessage, kind: string, run: () => Reply): Reply {
    const requestId = request.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `${kind}:${requestId}` : undefined;
    const replay = key === undefined ? undefined : this.replays.get(key);
    if (replay) return { status: replay.status < 300 ? 200 : replay.status, body: replay.body };
    const reply = run();
    if (key && reply !== 'hang' && !(reply instanceof Promise) && reply.status < 500) {
      this.replays.set(key, reply);
    }
    return reply;
  }

  private create(request: IncomingMessage, body: unknown): Reply {
    const order = body as {
      intent?: unknown;
      purchase_units?: Array<Record<string, unknown>>;
    };
    const unit = order?.purchase_units?.[0];
    if (order?.intent !== 'CAPTURE' || !unit) {
      return paypalError(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
    }
    const amount = unit.amount as (Money & { breakdown?: Record<string, Money> }) | undefined;
    const problem = checkAmount(amount, unit.items);
    if (problem) return problem;
    const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
    const stored: StandInOrder = {
      id,
      status: 'CREATED',
      intent: 'CAPTURE',
      purchaseUnit: { reference_id: 'default', ...unit, amount: amount! },
      captures: [],
      createTime: new Date(this.now()).toISOString(),
    };
    this.orders.set(id, stored);
    const full = request.headers.prefer === 'return=representation';
    return {
      status: 201,
      body: full ? this.representation(stored) : { id, status: stored.status, links: links(id) },
    };
  }

  private capture(id: string, mocked: string | undefined): Reply {
    const order = this.orders.get(id);
    if (!order) return notFound();
    if (mocked) return paypalError(422, 'UNPROCESSABLE_ENTITY', mocked);
    if (order.captures.length > 0) {
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    }
    if (order.status === 'CREATED' && this.options.autoApprove === false) {
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    }
    const behaviour = this.captureBehaviour;
    switch (behaviour.kind) {
      case 'hang':
        return 'hang';
      case 'server-error':
        return paypalError(500, 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVICE_ERROR');
      case 'refused':
        return paypalError(422, 'UNPROCESSABLE_ENTITY', behaviour.issue);
      default:
        break;
    }
    const time = new Date(this.now()).toISOString();
    const capture: StandInCapture = {
      id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
      status: 'COMPLETED',
      amount: {
        currency_code: order.purchaseUnit.amount.currency_code,
        value: order.purchaseUnit.amount.value,
      },
      final_capture: true,
      ...(order.purchaseUnit.custom_id ? { custom_id: order.purchaseUnit.custom_id } : {}),
      create_time: time,
      update_time: time,
    };
    if (behaviour.kind === 'declined') capture.status = 'DECLINED';
    if (behaviour.kind === 'pending') {
      capture.status = 'PENDING';
      capture.status_details = { reason: 'PENDING_REVIEW' };
    }
    if (behaviour.kind === 'captured-amount') {
      capture.amount = {
        currency_code: behaviour.currencyCode ?? capture.amount.currency_code,
        value: behaviour.value,
      };
    }
    order.captures.push(capture);
    order.status = 'COMPLETED';
    if (behaviour.kind === 'already-captured') {
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    }
    const answer = { status: 201, body: this.representation(order) };
    if (behaviour.kind === 'captured-no-answer') return 'hang';
    if (behaviour.kind === 'held') {
      return new Promise((resolve) => this.held.push(() => resolve(answer)));
    }
    if (behaviour.kind === 'slow') {
      return new Promise((resolve) => setTimeout(() => resolve(answer), behaviour.delayMs));
    }
    return answer;
  }

  /** PayPal's refund of a capture: at most what is left of it; the whole rest without an amount. */
  private refund(captureId: string, request: IncomingMessage, body: unknown): Reply {
    const order = [...this.orders.values()].find((o) => o.captures.some((c) => c.id === captureId));
    const capture = order?.captures.find((c) => c.id === captureId);
    if (!capture || capture.status === 'DECLINED' || capture.status === 'PENDING') {
      return notFound();
    }
    const behaviour = this.refundBehaviour;
    if (behaviour.kind === 'refused') {
      return paypalError(422, 'UNPROCESSABLE_ENTITY', behaviour.issue);
    }
    const cents = (value: string) => Math.round(Number(value) * 100);
    const refunded = this.refundsOf(captureId).reduce((sum, r) => sum + cents(r.amount.value), 0);
    const left = cents(capture.amount.value) - refunded;
    const asked = (body as { amount?: Money; custom_id?: string } | undefined) ?? {};
    if (asked.amount && asked.amount.currency_code !== capture.amount.currency_code) {
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_MISMATCH');
    }
    if (asked.amount && !DECIMAL.test(asked.amount.value)) {
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION');
    }
    const amountCents = asked.amount ? cents(asked.amount.value) : left;
    if (left <= 0) return paypalError(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
    if (amountCents > left)
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
    const refund: StandInRefund = {
      id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
      captureId,
      status: behaviour.kind === 'pending' ? 'PENDING' : 'COMPLETED',
      amount: {
        currency_code: capture.amount.currency_code,
        value: (amountCents / 100).toFixed(2),
      },
      ...(asked.custom_id ? { customId: asked.custom_id } : {}),
    };
    this.refunds.set(refund.id, refund);
    const answer = { status: 201, body: refundRepresentation(refund) };
    if (behaviour.kind === 'refunded-no-answer') {
      // PayPal made the refund: a retry with the same PayPal-Request-Id gets it, not a new one.
      const requestId = request.headers['paypal-request-id'];
      if (typeof requestId === 'string') this.replays.set(`refund:${requestId}`, answer);
      return 'hang';
    }
    return answer;
  }

  private representation(order: StandInOrder) {
    const captured = order.captures.length > 0;
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      create_time: order.createTime,
      ...(order.status !== 'CREATED' && {
        payment_source: {
          paypal: {
            email_address: 'buyer@example.com',
            account_id: 'STANDINPAYER',
            name: { given_name: 'Stand', surname: 'In' },
          },
        },
        payer: {
          email_address: 'buyer@example.com',
          payer_id: 'STANDINPAYER',
          name: { given_name: 'Stand', surname: 'In' },
        },
      }),
      purchase_units: [
        {
          ...order.purchaseUnit,
          ...(captured && { payments: { captures: order.captures } }),
        },
      ],
      links: links(order.id),
    };
  }
}

const behaviourKinds = new Set<CaptureBehaviour['kind']>([
  'completed',
  'declined',
  'pending',
  'refused',
  'already-captured',
  'captured-amount',
  'server-error',
  'hang',
  'captured-no-answer',
  'held',
  'slow',
]);

function isCaptureBehaviour(body: unknown): body is CaptureBehaviour {
  const value = body as Partial<Record<string, unknown>> | undefined;
  if (!value || !behaviourKinds.has(value.kind as CaptureBehaviour['kind'])) return false;
  if (value.kind === 'refused') return typeof value.issue === 'string';
  if (value.kind === 'captured-amount') return typeof value.value === 'string';
  if (value.kind === 'slow') return typeof value.delayMs === 'number';
  return true;
}

/**
 * value = item_total + tax_total + shipping − discount; items add up to item_total; 2 decimals
 * at most.
 */
function checkAmount(
  amount: (Money & { breakdown?: Record<string, Money> }) | undefined,
  items: unknown,
): Reply | undefined {
  if (!amount || typeof amount.value !== 'string' || typeof amount.currency_code !== 'string') {
    return paypalError(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
  }
  const all = [amount, ...Object.values(amount.breakdown ?? {})];
  if (all.some((money) => !DECIMAL.test(money.value))) {
    return paypalError(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION');
  }
  if (all.some((money) => money.currency_code !== amount.currency_code)) {
    return paypalError(422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_MISMATCH');
  }
  const cents = (money: Money | undefined) => (money ? Math.round(Number(money.value) * 100) : 0);
  const breakdown = amount.breakdown;
  if (breakdown) {
    const sum =
      cents(breakdown.item_total) +
      cents(breakdown.tax_total) +
      cents(breakdown.shipping) -
      cents(breakdown.discount);
    if (sum !== cents(amount)) return paypalError(422, 'UNPROCESSABLE_ENTITY', 'AMOUNT_MISMATCH');
  }
  if (Array.isArray(items)) {
    if (!breakdown?.item_total) {
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'ITEM_TOTAL_REQUIRED');
    }
    const itemsSum = (items as Array<{ quantity?: unknown; unit_amount?: Money }>).reduce(
      (sum, item) => sum + cents(item.unit_amount) * Number(item.quantity),
      0,
    );
    if (itemsSum !== cents(breakdown.item_total)) {
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'ITEM_TOTAL_MISMATCH');
    }
  }
  return undefined;
}

/** `PayPal-Mock-Response: {"mock_application_codes": "INSTRUMENT_DECLINED"}` as in the sandbox. */
function mockedFailure(request: IncomingMessage): string | undefined {
  const header = request.headers['paypal-mock-response'];
  if (typeof header !== 'string') return undefined;
  try {
    const code = (JSON.parse(header) as { mock_application_codes?: unknown })
      .mock_application_codes;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

function paypalError(status: number, name: string, issue: string): Reply {
  return {
    status,
    body: {
      name,
      message: `The stand-in refused the request: ${issue}.`,
      debug_id: randomBytes(6).toString('hex'),
      details: [{ issue, description: issue }],
      links: [],
    },
  };
}

function notFound(): Reply {
  return paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
}

/** JSON with the keys of every object sorted: the same event whatever order its keys came in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function refundRepresentation(refund: StandInRefund) {
  return {
    id: refund.id,
    status: refund.status,
    amount: refund.amount,
    ...(refund.customId ? { custom_id: refund.customId } : {}),
    links: [
      {
        href: `https://api-m.sandbox.paypal.com/v2/payments/refunds/${refund.id}`,
        rel: 'self',
        method: 'GET',
      },
    ],
  };
}

function links(id: string) {
  const self = `https://api-m.sandbox.paypal.com/v2/checkout/orders/${id}`;
  return [
    { href: self, rel: 'self', method: 'GET' },
    {
      href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`,
      rel: 'approve',
      method: 'GET',
    },
    { href: self, rel: 'update', method: 'PATCH' },
    { href: `${self}/capture`, rel: 'capture', method: 'POST' },
  ];
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (text === '') return undefined;
  if (contentType?.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
